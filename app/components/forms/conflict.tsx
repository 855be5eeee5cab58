import { Callout, DataList, Text } from '@radix-ui/themes';
import { VERSION_FIELD, type Conflict } from '~/lib/conflict';
import { failureProps } from './failure';

/**
 * A concurrent edit (app/lib/conflict.ts): the message and, beside the form, the other
 * person's current values, read-only. The form keeps what was typed; its version field holds
 * the new version, so Save replaces theirs.
 */
export function ConflictNotice({ conflict }: { conflict: Conflict | null | undefined }) {
  if (!conflict) return null;
  return (
    <Callout.Root color="amber" role="alert" size="1" data-testid="conflict" {...failureProps}>
      <Callout.Text>{conflict.message}</Callout.Text>
      {conflict.theirs.length > 0 ? (
        <section aria-label="Their version">
          <Text as="p" size="2" weight="bold" mt="2" mb="1">
            Their version
          </Text>
          <DataList.Root size="1">
            {conflict.theirs.map((row) => (
              <DataList.Item key={row.label}>
                <DataList.Label minWidth="8rem">{row.label}</DataList.Label>
                <DataList.Value style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        </section>
      ) : (
        <Text as="p" size="2" mt="2">
          Their version has the same values as yours.
        </Text>
      )}
    </Callout.Root>
  );
}

/** The hidden field with the version of the record the form shows (null: a new record, none). */
export function VersionField({ version }: { version: string | null | undefined }) {
  if (!version) return null;
  return <input type="hidden" name={VERSION_FIELD} value={version} />;
}
