import { detailButtonsFormValue, type DetailButtonFormValue } from '~/lib/detail-buttons';
import { hoursFormValue, type HoursFormValue } from '~/lib/hours';
import { locationFormValue, type LocationFormValue } from '~/lib/location';
import { socialMediaFormValue, type SocialMediaFormValue } from '~/lib/social-media';
import { isRecord, textOf } from '~/schemas/listing/shared';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';

/**
 * A business or detail item (spec 03 §3) as the editor's form shows it, and back: isomorphic,
 * so the browser's live preview reads the same shape the server renders.
 */

export interface BusinessFormValue {
  title: string;
  location: LocationFormValue;
  listIcons: string[];
  description: string;
  dollarsActive: 'on' | undefined;
  always: 'on' | undefined;
  hours: HoursFormValue;
  detailButtons: DetailButtonFormValue[];
  phone: string;
  website: string;
  menu: string;
  hasSpecial: 'on' | undefined;
  specialPopupBehavior: '0' | '1' | '2';
  specialDescription: string;
  socialMedia: SocialMediaFormValue[];
  /** Filled by the server for location admins (remote-management records); empty otherwise. */
  remote: RemoteAdminFormValue;
  contexts: string[];
}

const on = (value: unknown): 'on' | undefined => (value === true || value === 'true' || value === 'on' ? 'on' : undefined);
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : []).filter(
    (entry): entry is string => typeof entry === 'string' && entry !== '',
  );
const popup = (value: unknown): '0' | '1' | '2' => {
  const text = String(value ?? '0');
  return text === '1' || text === '2' ? text : '0';
};

/** The section node of a stored 'community/section' context, when it is of this community. */
export function sectionOfContext(context: string, community: string): string | null {
  const slash = context.indexOf('/');
  if (slash === -1 || context.slice(0, slash) !== community) return null;
  const section = context.slice(slash + 1);
  return section === '' ? null : section;
}

/** The form value of a stored item (tolerant of any stored shape); `community` reads its contexts. */
export function businessFormValue(stored: Record<string, unknown>, community: string): BusinessFormValue {
  return {
    title: textOf(stored.title),
    location: { ...locationFormValue(stored), noLocation: stored.noLocation === true || locationFormValue(stored).noLocation },
    listIcons: strings(stored.listIcons),
    description: textOf(stored.htmlDescription) || textOf(stored.description),
    dollarsActive: on(stored.dollarsActive),
    always: on(stored.always),
    hours: hoursFormValue(stored.hours),
    detailButtons: detailButtonsFormValue(stored.detailButtons),
    phone: textOf(stored.phone),
    website: textOf(stored.website),
    menu: textOf(stored.menu),
    hasSpecial: on(stored.hasSpecial),
    specialPopupBehavior: popup(stored.specialPopupBehavior),
    specialDescription: textOf(stored.specialDescription),
    socialMedia: socialMediaFormValue(stored.socialMedia),
    remote: { remotelyManaged: stored.remotelyManaged === true, allowFavorite: stored.allowFavorite === true, entries: [] },
    contexts: strings(stored.contexts)
      .map((context) => sectionOfContext(context, community))
      .filter((section): section is string => section !== null),
  };
}

/**
 * What a posted editor form says of the preview's plain fields (text, checkboxes, the custom
 * buttons' titles when the form has them): read alike by the browser's live preview and by the
 * server's preview of a post.
 */
export function postedPreviewFields(data: FormData) {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const buttons: Array<{ title: string; icon: string; action: string }> = [];
  for (const [name, value] of data.entries()) {
    const button = /^detailButtons\[(\d+)\]\.title$/.exec(name);
    if (button && typeof value === 'string' && value.trim() !== '' && data.get(`detailButtons[${button[1]}].remove`) !== 'on')
      buttons.push({
        title: value,
        icon: String(data.get(`detailButtons[${button[1]}].icon`) ?? ''),
        action: String(data.get(`detailButtons[${button[1]}].action.action`) ?? ''),
      });
  }
  return {
    title: text('title'),
    address: text('location.address'),
    city: text('location.city'),
    state: text('location.state'),
    zip: text('location.zip'),
    latitude: text('location.latitude'),
    longitude: text('location.longitude'),
    phone: text('phone'),
    website: text('website'),
    menu: text('menu'),
    hasSpecial: data.get('hasSpecial') === 'on',
    dollarsActive: data.get('dollarsActive') === 'on',
    always: data.get('always') === 'on',
    description: text('description'),
    ...(data.has('detailButtons[0].title') ? { detailButtons: buttons } : {}),
  };
}
