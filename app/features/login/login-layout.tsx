import { Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { LoginNoticeData } from './types';

/** The sign-in screen's frame: no shell and no left column, a centred card with the project's logo. */
export function LoginLayout({ appTitle, logo, children }: { appTitle: string; logo: string; children: ReactNode }) {
  return (
    <main className="login-page">
      <Card size="4" className="login-card">
        <Flex direction="column" gap="5">
          <Flex align="center" gap="3" className="login-brand">
            <img src={logo} alt="" />
            <Text size="5" weight="bold">
              {appTitle}
            </Text>
          </Flex>
          {children}
        </Flex>
      </Card>
    </main>
  );
}

/** A view's heading with an optional line of explanation. */
export function ViewHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Heading as="h1" size="6">
        {title}
      </Heading>
      {children ? (
        <Text as="p" size="2" color="gray">
          {children}
        </Text>
      ) : null}
    </Flex>
  );
}

/** A one-time note (a link was sent, the password was changed …). */
export function NoticeCallout({ notice }: { notice: LoginNoticeData | null | undefined }) {
  if (!notice) return null;
  return (
    <Callout.Root color={notice.tone === 'success' ? 'green' : 'blue'} role="status">
      <Callout.Text>{notice.text}</Callout.Text>
    </Callout.Root>
  );
}
