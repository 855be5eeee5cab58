import { z } from 'zod';
import { TITLE_REQUIRED, requiredText, richText } from './shared';

/**
 * Simple lists: FAQs, history, regulations and expandable listings (spec 03 §9 default item
 * shape "simple (title, htmlDescription, description)"). The server sanitizes the HTML and
 * derives the plain `description` from it.
 */
export const SimpleItemSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  htmlDescription: richText(),
});

export type SimpleItemForm = z.input<typeof SimpleItemSchema>;
