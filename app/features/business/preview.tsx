import { Text } from '@radix-ui/themes';
import { PhonePreview, PreviewAddress, PreviewDescription } from '~/components/widgets/phone-preview';
import type { PreviewModel } from '~/lib/business-preview';
import type { HeaderView } from '~/lib/header-info';

/**
 * The phone-style preview of a listing (spec 03 §2 "Preview"): the header (video or image
 * carousel), the action buttons, hours, address and description. The server renders it from
 * the saved or submitted values; with JavaScript the editor passes a model that follows the
 * form as the person types.
 */
export function BusinessPreview({ model, header }: { model: PreviewModel; header: HeaderView }) {
  return (
    <PhonePreview
      id="business-preview-heading"
      testId="business-preview"
      title={model.title || 'Untitled listing'}
      header={header}
      buttons={model.buttons}
    >
      {model.hours.length > 0 ? (
        <div className="preview-block">
          <Text as="p" size="2" weight="bold">
            Hours
          </Text>
          <dl className="preview-hours">
            {model.hours.map((line) => (
              <div key={line.day}>
                <dt>{line.day}</dt>
                <dd>{line.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <PreviewAddress lines={model.address} />
      <PreviewDescription paragraphs={model.description} />
    </PhonePreview>
  );
}
