import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { MAX_PROMO_PAGES } from '~/lib/promos';
import { isImageUrl } from './header';
import { INVALID_URL, TITLE_REQUIRED, requiredText, url } from './listing/shared';

/**
 * A splash screen or banner ad (spec 03 §9 default item shape "banner ad / splash / email
 * template (title, url, drawable, pages)"): a title, the address a tap opens, the image, and the
 * pages that show it (apps for a splash screen, listing pages for a banner ad; app/lib/promos.ts).
 */

export const IMAGE_REQUIRED = 'Image is required.';
export const INVALID_IMAGE = 'The image must be an uploaded file or a web address (https://…).';
export const TOO_MANY_PAGES = `At most ${MAX_PROMO_PAGES} pages.`;
export const INVALID_PAGE = 'Choose pages from the list.';

const pages = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z
        .string()
        .trim()
        .refine((page) => isValidKey(page), INVALID_PAGE),
    )
    .max(MAX_PROMO_PAGES, TOO_MANY_PAGES)
    .transform((list) => [...new Set(list)]),
);

export const PromoSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  url: url(),
  drawable: z
    .string({ required_error: IMAGE_REQUIRED })
    .trim()
    .min(1, IMAGE_REQUIRED)
    .max(2000, INVALID_IMAGE)
    .refine(isImageUrl, INVALID_IMAGE),
  pages,
});

export type PromoForm = z.input<typeof PromoSchema>;
export type PromoValue = z.output<typeof PromoSchema>;

export { INVALID_URL };
