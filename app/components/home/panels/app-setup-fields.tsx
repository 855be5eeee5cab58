import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { Callout, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ErrorList } from '~/components/forms/error-list';

/** A notice for the whole form (an error the spec shows as a toast, kept beside the form). */
export function Notice({ id, tone = 'error', children }: { id?: string; tone?: 'error' | 'info' | 'warning'; children: ReactNode }) {
  const color = tone === 'error' ? 'red' : tone === 'warning' ? 'amber' : 'blue';
  return (
    <Callout.Root id={id} color={color} role={tone === 'info' ? 'status' : 'alert'} size="1">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <Text as="label" size="2" weight="medium" htmlFor={htmlFor}>
      {children}
    </Text>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text id={id} size="1" color="gray">
      {children}
    </Text>
  );
}

export function TextInput({
  field,
  label,
  hint,
  type = 'text',
  placeholder,
  autoComplete = 'off',
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'number' | 'password' | 'url';
  placeholder?: string;
  autoComplete?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getInputProps(field, { type: type === 'password' ? 'password' : type === 'number' ? 'number' : 'text', ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <Label htmlFor={field.id}>{label}</Label>
      <TextField.Root key={key} {...props} placeholder={placeholder} autoComplete={autoComplete} />
      {hint && hintId ? <Hint id={hintId}>{hint}</Hint> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export function TextAreaInput({ field, label, hint, rows = 4 }: { field: FieldMetadata<string | undefined>; label: string; hint?: ReactNode; rows?: number }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <Label htmlFor={field.id}>{label}</Label>
      <TextArea key={key} {...props} rows={rows} />
      {hint && hintId ? <Hint id={hintId}>{hint}</Hint> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function SelectInput({
  field,
  label,
  choices,
  empty,
  hint,
  onChange,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  choices: readonly Choice[];
  /** The label of the empty choice; none when absent. */
  empty?: string;
  hint?: ReactNode;
  onChange?: (value: string) => void;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <Label htmlFor={field.id}>{label}</Label>
      <select key={key} {...props} className="panel-select" onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint && hintId ? <Hint id={hintId}>{hint}</Hint> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

/** Spec 01 §3.4: a three-state flag (unset, true, false) as 'Not set / Yes / No'. */
export const TRI_STATE_CHOICES: readonly Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function TriStateInput({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  return <SelectInput field={field} label={label} choices={TRI_STATE_CHOICES} empty="Not set" />;
}

/** An accordion section that opens and closes without JavaScript. */
export function Section({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="panel-section" open={open}>
      <summary>
        <Text size="3" weight="bold">
          {title}
        </Text>
      </summary>
      <Flex direction="column" gap="3" pt="3" pb="2">
        {children}
      </Flex>
    </details>
  );
}

/** Styles of the setup panels' native controls (one <style> so no stylesheet edits are needed). */
export const PANEL_STYLES = `
.panel-select { font: inherit; font-size: var(--font-size-2); height: var(--space-6); padding: 0 var(--space-2);
  border: 1px solid var(--gray-a7); border-radius: var(--radius-2); background: var(--color-surface); color: var(--gray-12); }
.panel-section { border: 1px solid var(--gray-a5); border-radius: var(--radius-3); padding: var(--space-2) var(--space-3); }
.panel-section > summary { cursor: pointer; }
.panel-file { font: inherit; font-size: var(--font-size-2); }
.panel-preview { max-width: 96px; max-height: 96px; border: 1px solid var(--gray-a5); border-radius: var(--radius-2); }
`;
