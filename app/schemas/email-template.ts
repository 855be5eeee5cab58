import { z } from 'zod';
import { isImageUrl } from './header';
import { INVALID_URL, requiredText, url } from './listing/shared';

/**
 * An e-mail template (spec 03 §9 default item shape "email template (title, url, drawable,
 * pages)"; decision 046): the subject (title), the message's HTML, a web address and an image.
 * The HTML is sanitized when it is saved (server/mail/templates.ts).
 */

export const SUBJECT_REQUIRED = 'Subject is required.';
export const MESSAGE_REQUIRED = 'Message is required.';
export const MESSAGE_TOO_LONG = 'The message is too long (at most 50,000 characters).';
export const INVALID_TEMPLATE_IMAGE = 'The image must be a web address (https://…).';

export const EmailTemplateSchema = z.object({
  title: requiredText(SUBJECT_REQUIRED, 200),
  body: z.string({ required_error: MESSAGE_REQUIRED }).trim().min(1, MESSAGE_REQUIRED).max(50_000, MESSAGE_TOO_LONG),
  url: url(),
  drawable: z
    .string()
    .trim()
    .max(2000, INVALID_TEMPLATE_IMAGE)
    .refine((value) => value === '' || isImageUrl(value), INVALID_TEMPLATE_IMAGE)
    .optional(),
});

export type EmailTemplateValue = z.output<typeof EmailTemplateSchema>;

export { INVALID_URL };
