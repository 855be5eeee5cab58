import { Text } from '@radix-ui/themes';
import { PhonePreview, PreviewAddress, PreviewDescription } from '~/components/widgets/phone-preview';
import type { EventPreviewModel } from '~/lib/event-preview';
import type { HeaderView } from '~/lib/header-info';

/** The phone-style preview of the event (spec 02 "Event editor": left side live preview). */
export function EventPreview({ model, header }: { model: EventPreviewModel; header: HeaderView }) {
  return (
    <PhonePreview
      id="event-preview-heading"
      testId="event-preview"
      title={model.title || 'Untitled event'}
      header={header}
      buttons={model.buttons}
    >
      {model.when ? (
        <Text as="p" size="2" weight="bold" className="preview-block" data-testid="preview-when">
          {model.when}
        </Text>
      ) : null}
      <PreviewAddress lines={model.location} />
      <PreviewDescription paragraphs={model.description} />
      {model.audience ? (
        <Text as="p" size="1" color="gray" className="preview-block">
          Audience: {model.audience}
        </Text>
      ) : null}
    </PhonePreview>
  );
}
