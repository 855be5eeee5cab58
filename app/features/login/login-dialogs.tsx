import { Button } from '@radix-ui/themes';
import { Form, Link } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { PageDialog } from '~/components/ui/dialog';
import { hrefs } from '~/lib/hrefs';

/**
 * The Login Error dialog (spec 01 §4.1, §8): the identity provider's message. OK goes back to the
 * form with the e-mail still filled in: with JavaScript it just closes; without, it is a GET of
 * /login carrying the e-mail.
 */
export function LoginErrorDialog({
  title,
  message,
  email,
  redirectTo,
  onDismiss,
}: {
  title: string;
  message: string;
  email: string;
  redirectTo: string | null;
  onDismiss: () => void;
}) {
  const dismiss = (event: MouseEvent) => {
    event.preventDefault();
    onDismiss();
  };
  return (
    <PageDialog
      title={title}
      description={message}
      onDismiss={onDismiss}
      actions={
        <Form method="get" action={hrefs.login()}>
          {email ? <input type="hidden" name="email" value={email} /> : null}
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Button type="submit" onClick={dismiss} data-autofocus>
            OK
          </Button>
        </Form>
      }
    />
  );
}

/**
 * A message whose only answer is OK, which returns to a clean login screen (no access, a failed
 * Google sign-in): a full page load, so nothing typed before survives.
 */
export function ReturnToLoginDialog({ title, message }: { title: string; message: string }) {
  return (
    <PageDialog
      title={title}
      description={message}
      actions={
        <Button asChild data-autofocus data-dialog-cancel="">
          <Link to={hrefs.login()} replace reloadDocument>
            OK
          </Link>
        </Button>
      }
    />
  );
}
