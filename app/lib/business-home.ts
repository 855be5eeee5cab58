/**
 * The home screen of a business-only community (spec 01 §2.6): action buttons instead of the
 * menu grid — Call (phone set), Map (address, city or coordinates), Reservations
 * (reservationURL), Website (always: the spec gives it no condition), Special (hasSpecial,
 * opening the menu link) — with the address and the HTML description.
 */

export interface BusinessAction {
  id: 'call' | 'map' | 'reservations' | 'website' | 'special';
  label: string;
  /** Where it opens; null for a Website button whose community has no usable website yet. */
  href: string | null;
}

/** Beside a Website button that has nowhere to go. */
export const NO_WEBSITE_HINT = 'No website yet: add it in Community Setup.';

export interface BusinessHome {
  actions: BusinessAction[];
  address: string | null;
  cityLine: string | null;
  /** Already sanitized on the server. */
  htmlDescription: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

const number = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

const webUrl = (value: unknown, { assumeHttps = false } = {}): string | null => {
  let candidate = text(value);
  if (!candidate) return null;
  // 'www.marina.example' as typed by hand: the web address it names.
  if (assumeHttps && !/^[a-z][a-z\d+.-]*:/i.test(candidate) && /^[\w-]+(\.[\w-]+)+([/?#]|$)/.test(candidate)) {
    candidate = `https://${candidate}`;
  }
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

/** Whether the home screen shows the business actions instead of the menu grid. */
export function isBusinessHome(community: Record<string, unknown>, menuSection = 'main-menu'): boolean {
  return community.isBusinessOnly === true && community.inProgress !== true && menuSection === 'main-menu';
}

export function businessHome(community: Record<string, unknown>, htmlDescription: string): BusinessHome {
  const phoneDigits = (text(community.phone) ?? '').replace(/[^\d+]/g, '');
  const address = text(community.address);
  const city = text(community.city);
  const cityLine = [city, [text(community.state), text(community.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null;
  const latitude = number(community.latitude);
  const longitude = number(community.longitude);

  const actions: BusinessAction[] = [];
  if (phoneDigits.replace('+', '').length > 0) actions.push({ id: 'call', label: 'Call', href: `tel:${phoneDigits}` });
  if (address || city || (latitude !== null && longitude !== null)) {
    const query = address || city ? [address, cityLine].filter(Boolean).join(', ') : `${latitude},${longitude}`;
    actions.push({ id: 'map', label: 'Map', href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` });
  }
  const reservations = webUrl(community.reservationURL);
  if (reservations) actions.push({ id: 'reservations', label: 'Reservations', href: reservations });
  actions.push({ id: 'website', label: 'Website', href: webUrl(community.website, { assumeHttps: true }) });
  const special = community.hasSpecial === true ? webUrl(community.menu) : null;
  if (special) actions.push({ id: 'special', label: 'Special', href: special });

  return { actions, address, cityLine, htmlDescription };
}
