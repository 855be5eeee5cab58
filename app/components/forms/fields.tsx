import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ErrorList } from './error-list';
import { failureProps } from './failure';

/**
 * The field kit of every form (STYLE 9): each component labels its control, shows its hint and
 * its errors, and sets aria-invalid and aria-describedby from the conform field, so no form
 * wires them by hand. Controls are native elements styled by `app/styles/app.css`
 * (`.form-control`), so they post without JavaScript and keep what the user typed when the
 * server answers with errors (conform's lastResult).
 */

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <Text as="label" size="2" weight="medium" htmlFor={htmlFor}>
      {children}
    </Text>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <Text id={id} size="1" color="gray">
      {children}
    </Text>
  ) : null;
}

const hintIdOf = (field: { id: string }, hint: ReactNode) => (hint ? `${field.id}-hint` : undefined);

export type TextFieldType = 'text' | 'url' | 'tel' | 'email' | 'password' | 'number' | 'color' | 'search';

export function TextField<Schema>({
  field,
  label,
  type = 'text',
  hint,
  placeholder,
  autoComplete = 'off',
  readOnly,
  inputMode,
  size = 'normal',
  onInput,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  type?: TextFieldType;
  hint?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'url' | 'text' | 'email';
  /** 'large' for sign-in screens. */
  size?: 'normal' | 'large';
  onInput?: (value: string) => void;
}) {
  const hintId = hintIdOf(field, hint);
  // URL, phone and number rules are the schema's (with the spec's messages), not the browser's:
  // those types render as text inputs with a matching keyboard.
  const nativeType = type === 'password' || type === 'color' || type === 'email' || type === 'search' ? type : 'text';
  const { key, ...props } = getInputProps(field, { type: nativeType === 'search' ? 'search' : nativeType, ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <input
        key={key}
        {...props}
        type={nativeType}
        className="form-control"
        data-size={size}
        placeholder={placeholder}
        autoComplete={autoComplete}
        readOnly={readOnly}
        inputMode={inputMode ?? (type === 'url' ? 'url' : type === 'tel' ? 'tel' : type === 'number' ? 'decimal' : undefined)}
        onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
      />
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} size={size === 'large' ? '2' : '1'} />
    </Flex>
  );
}

export function TextAreaField<Schema>({
  field,
  label,
  hint,
  rows = 4,
  placeholder,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  placeholder?: string;
}) {
  const hintId = hintIdOf(field, hint);
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <textarea key={key} {...props} rows={rows} placeholder={placeholder} className="form-control" />
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export function SelectField<Schema>({
  field,
  label,
  choices,
  empty,
  hint,
  multiple,
  onChange,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  choices: readonly Choice[];
  /** The label of the empty choice; none when absent. */
  empty?: string;
  hint?: ReactNode;
  multiple?: boolean;
  onChange?: (value: string) => void;
}) {
  const hintId = hintIdOf(field, hint);
  const { key, defaultValue, ...props } = getSelectProps(field, { ariaDescribedBy: hintId });
  const many = multiple ?? props.multiple;
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <select
        key={key}
        {...props}
        // A refused post may have sent one choice twice: the first is shown.
        defaultValue={!many && Array.isArray(defaultValue) ? defaultValue[0] : defaultValue}
        multiple={many}
        className="form-control"
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export function CheckboxField<Schema>({
  field,
  label,
  hint,
  onChange,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  onChange?: (checked: boolean) => void;
}) {
  const hintId = hintIdOf(field, hint);
  const { key, ...props } = getInputProps(field, { type: 'checkbox', ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={field.id} className="form-check">
        <input key={key} {...props} onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined} />
        {label}
      </Text>
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

/** Spec 01 §3.4: a three-state flag (unset, true, false) as 'Not set / Yes / No'. */
export const TRI_STATE_CHOICES: readonly Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export function TriStateField<Schema>({ field, label, hint }: { field: FieldMetadata<Schema>; label: ReactNode; hint?: ReactNode }) {
  return <SelectField field={field} label={label} choices={TRI_STATE_CHOICES} empty="Not set" hint={hint} />;
}

/** An accordion section that opens and closes without JavaScript (<details>). */
export function Section({
  title,
  open,
  id,
  className,
  section,
  children,
}: {
  title: string;
  open?: boolean;
  id?: string;
  /** Classes beside `form-section`. */
  className?: string;
  /** The section's name as `data-section` (editors find the section with an error by it). */
  section?: string;
  children: ReactNode;
}) {
  return (
    <details className={className ? `form-section ${className}` : 'form-section'} open={open} id={id} data-section={section}>
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

const NOTICE_COLORS = { error: 'red', warning: 'amber', info: 'blue', success: 'green' } as const;

/** A notice for the whole form (an error the spec shows as a toast or dialog, kept beside the form; 'success': what a post did). */
export function Notice({
  id,
  tone = 'error',
  failure = false,
  children,
}: {
  id?: string;
  tone?: 'error' | 'info' | 'warning' | 'success';
  /** The answer to a refused post (an upload refused): brought into view like a form's failure message (./failure.tsx). */
  failure?: boolean;
  children: ReactNode;
}) {
  const color = NOTICE_COLORS[tone];
  return (
    <Callout.Root
      id={id}
      color={color}
      role={tone === 'info' || tone === 'success' ? 'status' : 'alert'}
      size="1"
      {...(failure ? failureProps : {})}
    >
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

/** A form's own errors (not tied to one field), such as a refused request. */
export function FormErrors({ id, errors }: { id: string; errors?: readonly (string | null | undefined)[] | null }) {
  const shown = errors?.filter((error): error is string => Boolean(error)) ?? [];
  if (shown.length === 0) return null;
  return (
    <Callout.Root id={id} color="red" role="alert" size="1" {...failureProps}>
      {shown.map((error) => (
        <Callout.Text key={error}>{error}</Callout.Text>
      ))}
    </Callout.Root>
  );
}

/**
 * A file input bound to a conform field, with its label, hint and errors; `action` sits beside
 * the input (an Upload button posting the form with its intent).
 */
export function FileField<Schema>({
  field,
  label,
  accept,
  hint,
  multiple,
  action,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
  /** Accepted content types (the server checks them again). */
  accept?: readonly string[];
  hint?: ReactNode;
  multiple?: boolean;
  action?: ReactNode;
}) {
  const hintId = hintIdOf(field, hint);
  // value: false — a file input takes no default value (the field's initial value may be the stored file's URL).
  const { key, ...props } = getInputProps(field, { type: 'file', value: false, ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <Flex gap="2" align="center" wrap="wrap">
        <input key={key} {...props} accept={accept?.join(',')} multiple={multiple ?? props.multiple} className="form-file" />
        {action}
      </Flex>
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}
