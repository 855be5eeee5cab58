import { Button, Flex, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { RemoteFrameData } from '@server/remote/frame';

/**
 * The frame of every remote page (spec 01 §2.1 remote routes): no shell and no Log Out, the
 * project's brand and the way to leave, around the page's content; with a `title`, the
 * listing's title above it (a remote page's header editor).
 */
export function RemoteFrame({ frame, title, children }: { frame: RemoteFrameData; title?: string; children: ReactNode }) {
  return (
    <div className="remote-page">
      <header className="remote-page-header">
        <Flex align="center" gap="3">
          <img src={frame.logo} alt="" width={40} height={40} />
          <Text size="4" weight="bold">
            {frame.appTitle}
          </Text>
        </Flex>
        <Button asChild variant="soft" color="gray">
          <Link to={frame.leaveHref}>{frame.leaveLabel}</Link>
        </Button>
      </header>
      <main className="remote-page-main">
        {title ? (
          <Text as="p" size="3" weight="bold" color="gray" mb="2">
            {title}
          </Text>
        ) : null}
        {children}
      </main>
    </div>
  );
}
