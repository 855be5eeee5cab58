import { Text } from '@radix-ui/themes';
import { HeaderCarousel } from '~/components/widgets/header-carousel';
import type { PreviewModel } from '~/lib/business-preview';
import type { HeaderView } from '~/lib/header-info';
import { menuIconOrDefault } from '~/lib/icons/library';

/**
 * The phone-style preview of a listing (spec 03 §2 "Preview"): the header (video or image
 * carousel), the action buttons, hours, address and description. The server renders it from
 * the saved or submitted values; with JavaScript the editor passes a model that follows the
 * form as the person types.
 */
export function BusinessPreview({ model, header }: { model: PreviewModel; header: HeaderView }) {
  const title = model.title || 'Untitled listing';
  return (
    <section className="business-preview" aria-labelledby="business-preview-heading" data-testid="business-preview">
      <h2 id="business-preview-heading" className="visually-hidden">
        Preview
      </h2>
      <div className="phone-frame">
        <div className="phone-screen">
          <HeaderCarousel header={header} title={title} slideParam="previewSlide" />
          {model.buttons.length > 0 ? (
            <ul className="preview-buttons" aria-label="Preview buttons">
              {model.buttons.map((button) => (
                <li key={button.id} className="preview-button" data-button={button.id}>
                  <span
                    className="preview-button-icon"
                    aria-hidden="true"
                    // The library's own glyphs, sanitized when the library is built (app/lib/icons/library.ts).
                    dangerouslySetInnerHTML={{ __html: menuIconOrDefault(button.icon).svg }}
                  />
                  <span>{button.label}</span>
                </li>
              ))}
            </ul>
          ) : null}
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
          {model.address.length > 0 ? (
            <address className="preview-block preview-address">
              {model.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          ) : null}
          {model.description.length > 0 ? (
            <div className="preview-block preview-description">
              {model.description.map((paragraph, index) => (
                <Text as="p" size="2" key={`${index}-${paragraph.slice(0, 20)}`}>
                  {paragraph}
                </Text>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
