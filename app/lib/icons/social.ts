/**
 * Social media icons (spec 03 §3 "Static tables": youtube, twitter, pinterest, instagram,
 * facebook, google, tripadvisor, cio). Simple brand-neutral glyphs drawn in the library's
 * style (24×24, stroked in currentColor), since the open icon library carries no brand marks.
 */
import { glyphSvg } from './library';

export const SOCIAL_SITES = ['youtube', 'twitter', 'pinterest', 'instagram', 'facebook', 'google', 'tripadvisor', 'cio'] as const;
export type SocialSite = (typeof SOCIAL_SITES)[number];

const open =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">';

const GLYPHS: Record<SocialSite, { label: string; body: string }> = {
  youtube: { label: 'YouTube', body: '<rect x="2" y="5" width="20" height="14" rx="4"/><path d="M10 9l5 3-5 3z" fill="currentColor"/>' },
  twitter: {
    label: 'Twitter',
    body: '<path d="M22 5.5c-.8.4-1.6.6-2.5.7.9-.5 1.6-1.4 1.9-2.4-.9.5-1.8.9-2.8 1.1A4.4 4.4 0 0 0 11.1 9 12.4 12.4 0 0 1 2.8 4.7a4.4 4.4 0 0 0 1.4 5.8c-.7 0-1.4-.2-2-.5 0 2.1 1.5 3.9 3.5 4.3-.6.2-1.3.2-2 .1.6 1.7 2.2 3 4.1 3A8.8 8.8 0 0 1 2 19.2 12.4 12.4 0 0 0 8.7 21c8.1 0 12.5-6.7 12.5-12.5v-.6c.8-.6 1.5-1.4 2-2.3z"/>',
  },
  pinterest: { label: 'Pinterest', body: '<circle cx="12" cy="12" r="10"/><path d="M11 8h2.5a3 3 0 0 1 0 6H11M11 8v14"/>' },
  instagram: {
    label: 'Instagram',
    body: '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><circle cx="17.5" cy="6.5" r=".5" fill="currentColor"/>',
  },
  facebook: { label: 'Facebook', body: '<rect x="3" y="3" width="18" height="18" rx="4"/><path d="M16 8h-2a2 2 0 0 0-2 2v11M9.5 13H15"/>' },
  google: { label: 'Google', body: '<path d="M20.5 12H12v3.5h4.8A5.5 5.5 0 1 1 15.7 8"/><path d="M20.5 12a8.5 8.5 0 1 1-2.5-6"/>' },
  tripadvisor: {
    label: 'Tripadvisor',
    body: '<circle cx="7" cy="13" r="4"/><circle cx="17" cy="13" r="4"/><circle cx="7" cy="13" r="1" fill="currentColor"/><circle cx="17" cy="13" r="1" fill="currentColor"/><path d="M3 9c2.5-2.5 5.5-3.5 9-3.5s6.5 1 9 3.5M10.5 16.5 12 19l1.5-2.5"/>',
  },
  cio: { label: 'CIO', body: '<circle cx="12" cy="12" r="10"/><path d="M12 11v6M12 7.5v.01"/>' },
};

export interface SocialIcon {
  site: SocialSite;
  label: string;
  /** The glyph as a sanitized svg string in currentColor. */
  svg: string;
}

export const SOCIAL_ICONS: readonly SocialIcon[] = SOCIAL_SITES.map((site) => ({
  site,
  label: GLYPHS[site].label,
  svg: glyphSvg(`${open}${GLYPHS[site].body}</svg>`),
}));

export const isSocialSite = (site: unknown): site is SocialSite =>
  typeof site === 'string' && (SOCIAL_SITES as readonly string[]).includes(site);

/** The icon of a social site (community socialMedia[].site), or undefined for an unknown site. */
export function getSocialIcon(site: string | null | undefined): SocialIcon | undefined {
  // A form's answer may carry anything: only a text names a site.
  const key = typeof site === 'string' ? site.trim().toLowerCase() : undefined;
  return SOCIAL_ICONS.find((icon) => icon.site === key);
}
