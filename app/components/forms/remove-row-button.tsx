import { Button } from '@radix-ui/themes';
import type { ButtonHTMLAttributes } from 'react';

/**
 * A list row's Remove (a conform `form.remove` intent button: it works without JavaScript, the
 * server answering the form without the row). `label` names the row for screen readers.
 */
export function RemoveRowButton({
  intent,
  label,
  highContrast,
}: {
  /** `form.remove.getButtonProps({ name, index })`. */
  intent: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'name' | 'value' | 'form' | 'formNoValidate'>;
  label: string;
  highContrast?: boolean;
}) {
  return (
    <Button {...intent} variant="soft" color="red" size="1" highContrast={highContrast} aria-label={label}>
      Remove
    </Button>
  );
}
