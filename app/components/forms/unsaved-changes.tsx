import { Button } from '@radix-ui/themes';
import { useBlocker, type Location } from '@remix-run/react';
import { useEffect, useRef, type RefObject } from 'react';
import { PageDialog } from '~/components/ui/dialog';

/** Link state of a way out that means to drop the changes (a form's Cancel): no question asked. */
export const DISCARD_STATE = { discardChanges: true } as const;

const discards = (location: Location) =>
  typeof location.state === 'object' && location.state !== null && (location.state as Record<string, unknown>).discardChanges === true;

/**
 * Whether a form holds changes not yet posted, and a guard against losing them (JavaScript
 * only): leaving for another page of the console asks first ('Unsaved Changes'), closing or
 * reloading the tab lets the browser ask. Posting the form (to its own address; conform's own
 * validation posts are no navigation at all), the redirect after a save, and links that carry
 * DISCARD_STATE pass.
 */
export function useUnsavedChanges(
  formRef: RefObject<HTMLFormElement | null>,
  { loaded, answered }: { loaded: unknown; answered: unknown },
) {
  // A ref, never state: the guard must not draw the form again while someone types (dialogs and
  // pickers inside it keep their own state), and the blocker reads it when a navigation starts.
  const dirtyRef = useRef(false);

  // A page loaded (or reloaded after a save) holds what is stored; a post answered with the form
  // again (a refusal, a preview, a search) holds what was typed, still unsaved.
  useEffect(() => {
    dirtyRef.current = false;
  }, [loaded]);
  useEffect(() => {
    if (answered !== undefined && answered !== null) dirtyRef.current = true;
  }, [answered]);

  useEffect(() => {
    // Listened to on the document: the form's element may be drawn again, and a rich-text
    // editor's typing comes from an element inside it that is no field.
    const changed = (event: Event) => {
      const form = formRef.current;
      if (form !== null && event.target instanceof Node && form.contains(event.target)) dirtyRef.current = true;
    };
    const ask = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    document.addEventListener('input', changed, true);
    document.addEventListener('change', changed, true);
    window.addEventListener('beforeunload', ask);
    return () => {
      document.removeEventListener('input', changed, true);
      document.removeEventListener('change', changed, true);
      window.removeEventListener('beforeunload', ask);
    };
  }, [formRef]);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname && !discards(nextLocation),
  );
}

/** 'Unsaved Changes': stay on the form, or leave and lose the changes. */
export function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <PageDialog
      title="Unsaved Changes"
      role="alertdialog"
      description={<p className="dialog-text">Your changes have not been saved. Leave this page and lose them?</p>}
      onDismiss={() => blocker.reset()}
      actions={
        <>
          <Button type="button" variant="soft" color="gray" data-autofocus data-dialog-cancel onClick={() => blocker.reset()}>
            Stay on this page
          </Button>
          <Button type="button" color="red" onClick={() => blocker.proceed()}>
            Leave without saving
          </Button>
        </>
      }
    />
  );
}
