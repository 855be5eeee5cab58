import { Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { HeaderCarousel } from '~/components/widgets/header-carousel';
import type { HeaderView } from '~/lib/header-info';
import { menuIconOrDefault } from '~/lib/icons/library';

/**
 * The phone-style preview beside a detail editor (spec 03 §2 "Preview", spec 02 event editor):
 * a phone frame with the header (video or image carousel), the action buttons, then the blocks
 * the editor passes. The server renders it from the saved or submitted values; with JavaScript
 * the editor passes a model that follows the form as the person types.
 */
export interface PhonePreviewButton {
  id: string;
  label: string;
  /** A menu icon of the library (app/lib/icons/library.ts). */
  icon: string;
}

export function PhonePreview({
  id,
  testId,
  title,
  header,
  buttons,
  children,
}: {
  /** The id of the preview's (visually hidden) heading. */
  id: string;
  testId: string;
  title: string;
  header: HeaderView;
  buttons: readonly PhonePreviewButton[];
  children: ReactNode;
}) {
  return (
    <section className="business-preview" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="visually-hidden">
        Preview
      </h2>
      <div className="phone-frame">
        <div className="phone-screen">
          <HeaderCarousel header={header} title={title} slideParam="previewSlide" />
          {buttons.length > 0 ? (
            <ul className="preview-buttons" aria-label="Preview buttons">
              {buttons.map((button) => (
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
          {children}
        </div>
      </div>
    </section>
  );
}

/** An address (or location), one line each. */
export function PreviewAddress({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <address className="preview-block preview-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

/** A description as paragraphs of plain text. */
export function PreviewDescription({ paragraphs }: { paragraphs: readonly string[] }) {
  if (paragraphs.length === 0) return null;
  return (
    <div className="preview-block preview-description">
      {paragraphs.map((paragraph, index) => (
        <Text as="p" size="2" key={`${index}-${paragraph.slice(0, 20)}`}>
          {paragraph}
        </Text>
      ))}
    </div>
  );
}
