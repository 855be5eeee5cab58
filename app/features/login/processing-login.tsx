import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { Form, useSubmit, useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { loginFormAction } from './links';

/** The Processing Login view (spec 01 §2.4): shown while a sign-in completes. */
export function ProcessingLogin({ children }: { children?: ReactNode }) {
  return (
    <Flex direction="column" align="center" gap="3" className="login-processing" role="status" aria-live="polite">
      <Spinner size="3" />
      <Heading as="h1" size="6">
        Processing Login
      </Heading>
      <Text as="p" size="2" color="gray">
        Finishing your sign-in…
      </Text>
      {children}
    </Flex>
  );
}

/**
 * A sign-in link opened in the browser that asked for it: Processing Login while the link is
 * redeemed. With JavaScript the form posts itself at once; without, Continue does it. (Opening
 * the link never uses it up by itself, so mail scanners that fetch links cannot spend it.)
 */
export function EmailLinkContinue({ token }: { token: string }) {
  const submit = useSubmit();
  const formAction = loginFormAction(useLocation().search);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !form.current) return;
    sent.current = true;
    submit(form.current, { replace: true });
  }, [submit]);

  return (
    <ProcessingLogin>
      <Form ref={form} method="post" action={formAction}>
        <HoneypotInputs />
        <input type="hidden" name="intent" value="email-link-redeem" />
        <input type="hidden" name="token" value={token} />
        <Button type="submit" variant="soft">
          Continue
        </Button>
      </Form>
    </ProcessingLogin>
  );
}
