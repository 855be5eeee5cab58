import { Text } from '@radix-ui/themes';
import type { RemoteAuditEntry } from '@server/remote/management';

/**
 * The remote saves of an item (server/remote/management.ts readRemoteAudit), newest first, for
 * the location admin on the editor: who, when, which fields.
 */
export const REMOTE_AUDIT_TEXTS = {
  heading: 'Remote changes',
  empty: 'No remote changes yet.',
} as const;

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function RemoteAuditList({ entries, timeZone = 'UTC' }: { entries: RemoteAuditEntry[]; timeZone?: string }) {
  let format = DATE_TIME;
  try {
    if (timeZone !== 'UTC') format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    // an unknown time zone: UTC
  }
  return (
    <section aria-labelledby="remote-audit-heading" className="remote-audit-section">
      <Text as="p" id="remote-audit-heading" size="3" weight="bold" mb="2">
        {REMOTE_AUDIT_TEXTS.heading}
      </Text>
      {entries.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {REMOTE_AUDIT_TEXTS.empty}
        </Text>
      ) : (
        <ol className="remote-audit">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <Text as="p" size="2">
                <time dateTime={new Date(entry.at).toISOString()}>{format.format(entry.at)}</time>
                {' · '}
                <strong>{entry.who}</strong>
              </Text>
              <Text as="p" size="1" color="gray">
                {entry.fields.length > 0 ? `Changed: ${entry.fields.join(', ')}` : 'Saved without changes'}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
