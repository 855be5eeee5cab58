import { z } from 'zod';
import { SOCIAL_ICONS, SOCIAL_SITES, type SocialSite } from '~/lib/icons/social';
import { isDroppedRow, postedRowsSchema, rowCheckbox, rowList } from '~/lib/posted-rows';
import { isValidUrl } from '~/schemas/community';
import { INVALID_URL } from '~/schemas/listing/shared';

/**
 * Social media links of a listing or community (spec 03 §3 "Static tables": social icons youtube,
 * twitter, pinterest, instagram, facebook, google, tripadvisor, cio; spec 02 §5 "Social link: URL
 * required and valid, site required"). Stored as `[{ site, url }]`. Isomorphic and pure.
 */

export { SOCIAL_SITES, type SocialSite };

export const MAX_SOCIAL_LINKS = 20;
export const SOCIAL_MESSAGES = {
  siteRequired: 'Site is required.',
  urlRequired: 'URL is required.',
  invalidUrl: INVALID_URL,
  tooMany: `At most ${MAX_SOCIAL_LINKS} links.`,
} as const;

export const SOCIAL_SITE_LABELS: Record<SocialSite, string> = Object.fromEntries(
  SOCIAL_ICONS.map((icon) => [icon.site, icon.label]),
) as Record<SocialSite, string>;

export interface SocialMediaFormValue {
  site: SocialSite | '';
  url: string;
  /** The row's 'Remove' box (dropped from the parsed value). */
  remove?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isSite = (value: string): value is SocialSite => (SOCIAL_SITES as readonly string[]).includes(value);

/** The form's rows for stored links; an unknown site reads as none (the URL stays). Never throws. */
export function socialMediaFormValue(stored: unknown): SocialMediaFormValue[] {
  return rowList(stored)
    .filter(isRecord)
    .slice(0, MAX_SOCIAL_LINKS)
    .map((link): SocialMediaFormValue => {
      const site = text(link.site).toLowerCase();
      return { site: isSite(site) ? site : '', url: text(link.url) };
    })
    .filter((link) => link.site !== '' || link.url !== '');
}

/** A text that may be empty (conform reads an emptied field as nothing, hence optional). */
const field = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value ?? '');
/** A row with neither site nor address: the blank row, ignored. */
const isBlankLink = (value: { site: string; url: string }) => value.site === '' && value.url === '';

const row = z.object({ site: field(40), url: field(2000), remove: rowCheckbox }).superRefine((value, ctx) => {
  if (isDroppedRow(value, isBlankLink)) return;
  if (value.site === '') ctx.addIssue({ code: 'custom', path: ['site'], message: SOCIAL_MESSAGES.siteRequired });
  else if (!isSite(value.site)) ctx.addIssue({ code: 'custom', path: ['site'], message: SOCIAL_MESSAGES.siteRequired });
  if (value.url === '') ctx.addIssue({ code: 'custom', path: ['url'], message: SOCIAL_MESSAGES.urlRequired });
  else if (!isValidUrl(value.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: SOCIAL_MESSAGES.invalidUrl });
});

/**
 * Rows `{name}[i].site`, `.url`, `.remove`: removed and empty rows are dropped; the others need a
 * site of the list and a valid http(s) address.
 */
export const socialMediaFormSchema: z.ZodType<SocialMediaFormValue[], z.ZodTypeDef, unknown> = postedRowsSchema({
  row,
  // One blank row comes on top of the most links.
  max: MAX_SOCIAL_LINKS,
  tooMany: SOCIAL_MESSAGES.tooMany,
  isBlank: isBlankLink,
  output: (value): SocialMediaFormValue => ({ site: isSite(value.site) ? value.site : '', url: value.url }),
});

/** The stored links, or null when there are none. */
export function socialMediaRecord(form: SocialMediaFormValue[]): Array<{ site: string; url: string }> | null {
  const links = form
    .filter((link) => !link.remove && link.site !== '' && link.url.trim() !== '')
    .map((link) => ({ site: link.site, url: link.url.trim() }));
  return links.length === 0 ? null : links;
}
