import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A code to copy: read-only text that selects itself when focused, and with JavaScript a Copy
 * button that puts it on the clipboard and says so ('Copied', also announced).
 */
export function CopyField({
  label,
  hint,
  value,
  multiline = false,
  hydrated,
}: {
  label: string;
  hint: ReactNode;
  value: string;
  multiline?: boolean;
  hydrated: boolean;
}) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => setState('idle'), [value]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setState('failed');
    }
  };
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();
  const common = {
    id,
    ref: field,
    value,
    readOnly: true,
    onFocus: select,
    'aria-describedby': `${id}-hint`,
    className: 'form-control copy-field-code',
    spellCheck: false,
  };
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {multiline ? <textarea {...common} rows={6} /> : <input type="text" {...common} />}
      <Text id={`${id}-hint`} size="1" color="gray">
        {hint}
      </Text>
      {hydrated ? (
        <Flex align="center" gap="3">
          <Button type="button" variant="soft" onClick={() => void copy()} aria-label={`Copy ${label}`}>
            Copy
          </Button>
          <Text size="2" role="status" aria-live="polite" className="copy-field-status">
            {state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C (⌘C on a Mac) to copy the selected text.' : ''}
          </Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
