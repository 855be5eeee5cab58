import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { Callout, Flex, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ErrorList } from '~/components/forms/error-list';

/**
 * A labelled text input bound to a conform field: it sets aria-invalid and aria-describedby
 * itself (STYLE 9), so forms never wire them by hand.
 */
export function LoginField({
  field,
  label,
  type,
  autoComplete,
  hint,
  autoFocus,
  readOnly,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  readOnly?: boolean;
}) {
  const { key, ...inputProps } = getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={field.id} className="login-field-label">
        {label}
      </Text>
      <TextField.Root key={key} {...inputProps} size="3" autoComplete={autoComplete} autoFocus={autoFocus} readOnly={readOnly} />
      {hint ? (
        <Text id={`${field.id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} size="2" />
    </Flex>
  );
}

/** A form's own errors (not tied to one field), such as a refused request. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <Callout.Root id={id} color="red" role="alert" size="1">
      {shown.map((error) => (
        <Callout.Text key={error}>{error}</Callout.Text>
      ))}
    </Callout.Root>
  );
}
