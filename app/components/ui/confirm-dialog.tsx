import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Form } from '../forms/form';
import { PageDialog, type PageDialogProps } from './dialog';

/**
 * A dialog's Cancel link (Escape presses it): back to where the dialog was opened from.
 * `safeChoice`: the dialog opens with the focus on it (a question whose every other answer destroys).
 */
export function DialogCancelLink({
  to,
  children = 'Cancel',
  safeChoice = false,
}: {
  to: string;
  children?: ReactNode;
  safeChoice?: boolean;
}) {
  return (
    <Button asChild variant="soft" color="gray">
      <Link to={to} data-dialog-cancel="" data-autofocus={safeChoice ? '' : undefined}>
        {children}
      </Link>
    </Button>
  );
}

export interface ConfirmDialogProps extends Omit<PageDialogProps, 'actions' | 'cancelHref' | 'onDismiss'> {
  /** Where Cancel (and Escape) leads: the page the question was asked from. */
  cancelHref: string;
  /** The Cancel link's text ('No' for a yes/no question). */
  cancelLabel?: string;
  /** The answers besides Cancel: a submit button when `form` is given, else links or forms of their own. */
  answers: ReactNode;
  /**
   * When given, the answers and Cancel sit side by side in one form posted to `action` (with
   * its hidden `fields`), the answer first; else Cancel comes first, then the answers.
   */
  form?: { action?: string; fields?: ReactNode };
  /** The dialog opens with the focus on Cancel: every other answer destroys (a deletion, a denial). */
  safeChoice?: boolean;
}

/**
 * A question with Cancel (deletions, Deny Event, Edit Recurrence, Sort Alphabetically …): a
 * page dialog whose answers are links and form posts, so it works without JavaScript.
 */
export function ConfirmDialog({ cancelHref, cancelLabel, answers, form, safeChoice = false, ...dialog }: ConfirmDialogProps) {
  const cancel = (
    <DialogCancelLink to={cancelHref} safeChoice={safeChoice}>
      {cancelLabel}
    </DialogCancelLink>
  );
  return (
    <PageDialog
      {...dialog}
      cancelHref={cancelHref}
      actions={
        form ? (
          <Form method="post" action={form.action}>
            {form.fields}
            <Flex gap="3">
              {answers}
              {cancel}
            </Flex>
          </Form>
        ) : (
          <>
            {cancel}
            {answers}
          </>
        )
      }
    />
  );
}
