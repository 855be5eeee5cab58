import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { Flex } from '@radix-ui/themes';
import { useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { FieldHint, FieldLabel } from '~/components/forms/fields';

/** The swatch and the picker: a small square beside the hex text. */
const SWATCH_STYLE = {
  flex: 'none',
  width: 40,
  height: 32,
  padding: 2,
  boxSizing: 'border-box',
  border: '1px solid var(--gray-a7)',
  borderRadius: 'var(--radius-2)',
  background: 'var(--color-surface)',
} as const;

const SIX_DIGITS = /^#[0-9a-f]{6}$/i;
const THREE_DIGITS = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** A hex colour as the native picker takes it (#rrggbb), or null. */
export function pickerValue(value: string | undefined | null): string | null {
  const hex = (value ?? '').trim();
  if (SIX_DIGITS.test(hex)) return hex.toLowerCase();
  const short = THREE_DIGITS.exec(hex);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null;
}

/**
 * A colour field: the hex value in a text input (the field itself: it is typed, posted and
 * validated, also without JavaScript) with a swatch of the colour beside it. With JavaScript
 * the swatch is the browser's colour picker, and picking a colour writes its hex into the text.
 */
export function ColorField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  const hydrated = useHydrated();
  const text = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getInputProps(field, { type: 'text', ariaDescribedBy: hintId });
  const initial = pickerValue(typeof field.initialValue === 'string' ? field.initialValue : undefined) ?? '#ffffff';

  // The picker's colour goes into the text input as if typed, so conform sees the change.
  const fromPicker = (value: string) => {
    const input = text.current;
    if (!input) return;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, value.toUpperCase());
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const fromText = (value: string) => {
    const hex = pickerValue(value);
    if (hex && picker.current) picker.current.value = hex;
  };

  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <Flex gap="2" align="center">
        {hydrated ? (
          <input
            ref={picker}
            type="color"
            style={SWATCH_STYLE}
            defaultValue={initial}
            aria-label={`${label} picker`}
            onInput={(event) => fromPicker(event.currentTarget.value)}
          />
        ) : (
          <span aria-hidden="true" style={{ ...SWATCH_STYLE, background: initial }} />
        )}
        <input
          key={key}
          {...props}
          ref={text}
          type="text"
          className="form-control"
          placeholder="#RRGGBB"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          onInput={(event) => fromText(event.currentTarget.value)}
        />
      </Flex>
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}
