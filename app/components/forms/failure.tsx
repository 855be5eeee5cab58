import { Callout } from '@radix-ui/themes';
import { useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';

/**
 * A refused save, shown where the person is (issue: with JavaScript the page stayed scrolled at
 * Submit, the message and the fields with errors out of view, and the focus on the button).
 *
 * The form's failure message carries FAILURE_ATTRIBUTE (FormFailure, FormErrors, ConflictNotice);
 * a field with an error carries aria-invalid (the field kit and the widgets set it). After a
 * refusal, by the browser's own check or by the server's answer, revealFailure opens every
 * section of the accordion that holds an error, brings the message into view and moves the focus
 * to the first field with an error (to the message itself when no field has one: a concurrent
 * edit). Without JavaScript the server's page does the same by itself: the message is at the
 * top of the page and the sections with errors are drawn open (sectionsWithErrors).
 */
export const FAILURE_ATTRIBUTE = 'data-form-failure';

/** The props that mark an element as its form's failure message (focusable by script, not by Tab). */
export const failureProps = { [FAILURE_ATTRIBUTE]: '', tabIndex: -1 } as const;

/** A form-level failure message in the spec's words (such as 'One or more required fields have not been completed…'). */
export function FormFailure({ children, testId = 'form-error' }: { children: ReactNode; testId?: string }) {
  return (
    <Callout.Root color="red" role="alert" size="1" data-testid={testId} {...failureProps}>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

const shown = (element: HTMLElement) => element.getClientRects().length > 0 && !element.closest('[hidden], [inert]');

/** Opens every <details> around the element (a closed section hides its fields from focus and sight). */
function openSections(element: Element, form: HTMLFormElement) {
  for (let details = element.closest('details'); details !== null && form.contains(details);) {
    details.open = true;
    details = details.parentElement?.closest('details') ?? null;
  }
}

/** The first field of the form, in the page's order, that holds an error and can take the focus. */
function firstInvalidField(form: HTMLFormElement): HTMLElement | null {
  for (const element of form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    if (element instanceof HTMLInputElement && element.type === 'hidden') continue;
    openSections(element, form);
    const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
    if (target && shown(target) && !(target as HTMLInputElement).disabled) return target;
  }
  return null;
}

const inView = (element: HTMLElement) => {
  const box = element.getBoundingClientRect();
  const header = document.querySelector('.shell-header')?.getBoundingClientRect().bottom ?? 0;
  return box.top >= header && box.bottom <= window.innerHeight;
};

/**
 * Shows a refusal: opens the sections holding errors, brings the failure message into view and
 * focuses the first field with an error (else the message). False when the form shows none.
 */
export function revealFailure(form: HTMLFormElement): boolean {
  // A dialog opened by the submit (a confirmation) keeps the focus.
  if (document.querySelector('dialog[open], [role="alertdialog"]')) return false;
  for (const element of form.querySelectorAll('[aria-invalid="true"]')) openSections(element, form);
  const message = form.querySelector<HTMLElement>(`[${FAILURE_ATTRIBUTE}]`);
  const field = firstInvalidField(form);
  if (!message && !field) return false;
  if (message) {
    openSections(message, form);
    message.scrollIntoView({ block: 'start' });
  }
  if (field) {
    field.focus({ preventScroll: message !== null });
    // On a small screen the field may lie below the message: the focused field must be seen.
    if (!inView(field)) field.scrollIntoView({ block: 'center' });
  } else {
    message?.focus({ preventScroll: true });
  }
  return true;
}

/**
 * The shared Form's side of it: the submit handler to call after the form's own, and the effect
 * that shows the server's answer once it is drawn. A submit the browser's check refused
 * (prevented before Remix posts it) is shown on the next frame, once the errors are drawn; a
 * post is shown on the frame after its answer has come back and the page is idle again (a
 * redirect to another page leaves this form behind).
 */
export function useRevealFailure(formRef: RefObject<HTMLFormElement | null>) {
  const answer = useActionData();
  const navigation = useNavigation();
  const posted = useRef(false);

  useEffect(() => {
    if (!posted.current || navigation.state !== 'idle') return;
    posted.current = false;
    const form = formRef.current;
    if (!form) return;
    // On the next frame: the form's own state (conform takes the answer in its effect, which runs
    // after this one, the form's parent's) is drawn by then.
    const frame = requestAnimationFrame(() => revealFailure(form));
    return () => cancelAnimationFrame(frame);
  }, [answer, navigation.state, formRef]);

  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // conform's own intents (validate a field, add a row) are no save.
    if (submitter instanceof HTMLButtonElement && submitter.name === '__intent__') return;
    if (!event.defaultPrevented) {
      posted.current = true;
      return;
    }
    const form = event.currentTarget;
    requestAnimationFrame(() => revealFailure(form));
  };
}
