import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { Flex, Text } from '@radix-ui/themes';
import type { CSSProperties, ReactNode } from 'react';
import { ErrorList } from '~/components/forms/error-list';

/**
 * Field components of the community setup form (STYLE 9): each one labels its control and sets
 * aria-invalid and aria-describedby from the conform field, so the form never wires them.
 */

const controlStyle: CSSProperties = {
  width: '100%',
  boxSizing: 'border-box',
  font: 'inherit',
  fontSize: 'var(--font-size-2)',
  padding: '6px 8px',
  borderRadius: 'var(--radius-2)',
  border: '1px solid var(--gray-a7)',
  background: 'var(--color-surface)',
  color: 'var(--gray-12)',
};

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <Text as="label" size="2" weight="medium" htmlFor={htmlFor}>
      {children}
    </Text>
  );
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <Text id={id} size="1" color="gray">
      {hint}
    </Text>
  ) : null;
}

export function TextInput({
  field,
  label,
  type = 'text',
  hint,
  inputMode,
  autoComplete,
  onInput,
}: {
  field: FieldMetadata<any>;
  label: string;
  type?: 'text' | 'url' | 'tel' | 'color' | 'email';
  hint?: ReactNode;
  inputMode?: 'decimal' | 'tel' | 'url' | 'text';
  autoComplete?: string;
  onInput?: (value: string) => void;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: type === 'color' ? 'color' : 'text', ariaDescribedBy: hint ? hintId : undefined });
  return (
    <Flex direction="column" gap="1">
      <Label htmlFor={field.id}>{label}</Label>
      <input
        key={key}
        {...props}
        // URL and phone rules are the schema's (with its messages), not the browser's.
        type={type === 'color' ? 'color' : 'text'}
        inputMode={inputMode ?? (type === 'url' ? 'url' : type === 'tel' ? 'tel' : undefined)}
        autoComplete={autoComplete ?? 'off'}
        style={type === 'color' ? { ...controlStyle, height: 36, padding: 2 } : controlStyle}
        onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
      />
      <Hint id={hintId} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export function TextArea({ field, label, rows = 4 }: { field: FieldMetadata<any>; label: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <Flex direction="column" gap="1">
      <Label htmlFor={field.id}>{label}</Label>
      <textarea key={key} {...props} rows={rows} style={{ ...controlStyle, resize: 'vertical' }} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export function Select({
  field,
  label,
  options,
  placeholder,
  hint,
  onChange,
}: {
  field: FieldMetadata<any>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  hint?: ReactNode;
  onChange?: (value: string) => void;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: hint ? hintId : undefined });
  return (
    <Flex direction="column" gap="1">
      <Label htmlFor={field.id}>{label}</Label>
      <select key={key} {...props} style={controlStyle} onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={hintId} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

export function Checkbox({
  field,
  label,
  onChange,
}: {
  field: FieldMetadata<any>;
  label: string;
  onChange?: (checked: boolean) => void;
}) {
  const { key, ...props } = getInputProps(field, { type: 'checkbox' });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={field.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input key={key} {...props} onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined} />
        {label}
      </Text>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}

/** An accordion section that works without JavaScript (spec 01 §2.7). */
export function Section({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details open={open} style={{ borderBottom: '1px solid var(--gray-a5)', padding: '8px 0' }}>
      <summary style={{ cursor: 'pointer', fontWeight: 600, fontSize: 'var(--font-size-3)', padding: '4px 0' }}>{title}</summary>
      <Flex direction="column" gap="3" pt="3">
        {children}
      </Flex>
    </details>
  );
}

export const selectStyle = controlStyle;
