import { useEffect, type RefObject } from 'react';

/**
 * A form that checks a field when it loses the focus (conform's `shouldValidate: 'onBlur'`)
 * shows the field's error as the person presses on something else: the error (and the form's
 * message above it) pushes what follows down between the press and the release, and the click
 * lands on nothing (after clearing Title, the first click on a section heading was lost). While
 * a pointer is pressed the field's blur is held back from conform, and the field is checked
 * once the press is over (after its click), so the click lands where it was aimed.
 *
 * conform listens for `focusout` on the document; this stops the event at the form and sends it
 * again once the press is over, so each form's own rule (`shouldValidate`) decides as before. The
 * console's shared Form does this for every form that posts.
 */
export function useBlurCheckAfterPress(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let pressed = false;
    const held = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
    const press = () => {
      pressed = true;
    };
    const release = () => {
      if (!pressed) return;
      pressed = false;
      if (held.size === 0) return;
      const fields = [...held];
      held.clear();
      // After the click that ends this press (it is dispatched in the same task as the release).
      setTimeout(
        () => fields.forEach((field) => field.isConnected && field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))),
        0,
      );
    };
    const blur = (event: FocusEvent) => {
      if (!pressed) return;
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
      if (!field.name || field.form !== form) return;
      event.stopPropagation();
      held.add(field);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    form.addEventListener('focusout', blur, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      form.removeEventListener('focusout', blur, true);
    };
  }, [formRef]);
}
