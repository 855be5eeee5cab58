import { Text } from '@radix-ui/themes';
import { HeaderEditor } from '~/components/header-editor/header-editor';
import type { HeaderImagesActionData } from '~/components/header-editor/header-images.server';
import type { RemoteHeaderData } from './listing-header.server';
import { RemoteFrame } from './remote-page';

/** A remote manager's Header Image(s)/Video page: the shared header editor inside the remote frame. */
export function RemoteHeaderPage({ data, actionData }: { data: RemoteHeaderData; actionData: HeaderImagesActionData | undefined }) {
  return (
    <RemoteFrame frame={data.frame}>
      {data.title ? (
        <Text as="p" size="3" weight="bold" color="gray" mb="2">
          {data.title}
        </Text>
      ) : null}
      <HeaderEditor data={data} actionData={actionData} />
    </RemoteFrame>
  );
}
