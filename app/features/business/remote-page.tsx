import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { RemoteFrame } from '~/components/remote/remote-frame';
import { DoneNotice } from '~/components/ui/done-notice';
import { BUSINESS_TEXTS } from '~/schemas/business';
import { BusinessEditor } from './business-editor';
import type { BusinessEditorActionData, RemoteEditorData } from './editor.server';

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
        <DoneNotice title={BUSINESS_TEXTS.saveCompleteTitle} text={BUSINESS_TEXTS.requestSent} testId="request-sent" />
      ) : null}
      <BusinessEditor data={data} actionData={actionData} aside={requestForm} />
    </RemoteFrame>
  );
}
