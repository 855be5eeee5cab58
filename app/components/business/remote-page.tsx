import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { BUSINESS_TEXTS } from '~/schemas/business';
import { BusinessEditor } from './business-editor';
import type { BusinessEditorActionData, RemoteEditorData, RemoteFrameData } from './editor.server';

/**
 * A remote manager's page (spec 03 §2, §6; spec 01 §2.1 remote routes): no shell and no Log Out
 * (remote routes hide it), the project's brand, a way to leave, the editor in remote mode, the
 * 'Save Complete' texts of spec 03 §8, and the Update Permissions form.
 */
export function RemotePage({
  data,
  actionData,
  requestForm,
}: {
  data: RemoteEditorData;
  actionData: BusinessEditorActionData | undefined;
  requestForm: ReactNode;
}) {
  return (
    <RemoteFrame frame={data}>
      {data.messagingHref ? (
        <Flex justify="end" mb="3">
          <Button asChild variant="soft">
            <Link to={data.messagingHref} data-testid="remote-messaging">
              Messaging
            </Link>
          </Button>
        </Flex>
      ) : null}
      {data.requested ? (
        <Callout.Root color="green" role="status" mb="3" data-testid="request-sent">
          <Callout.Text>
            <strong>{BUSINESS_TEXTS.saveCompleteTitle}</strong>: {BUSINESS_TEXTS.requestSent}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <BusinessEditor data={data} actionData={actionData} aside={requestForm} />
    </RemoteFrame>
  );
}

/** The frame of every remote page: the project's brand and the way to leave, around the page's content. */
export function RemoteFrame({ frame, children }: { frame: RemoteFrameData; children: ReactNode }) {
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
      <main className="remote-page-main">{children}</main>
    </div>
  );
}
