import { formatInTimeZone } from 'date-fns-tz';
import { sanitizeRichText } from '@server/html';
import type { RemoteAuditEntry } from '@server/remote/management';
import { businessFormValue } from '~/lib/business';
import { hoursFormValue, hoursRecord } from '~/lib/hours';

/**
 * The remote updates log of a listing (spec 03 §2 Remote Administration; §6 remote managers):
 * which of the editor's fields a remote manager's save changed, compared as the form shows
 * them (so a save that stores a field in another shape, or writes `always: false` where nothing
 * was stored, changes nothing), and how the log names them: by the editor's labels, at the
 * time of the community's zone.
 */

/** The editor's labels of the fields a remote save can change, by field (the log's order). */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  location: 'Location',
  description: 'Description',
  headerInfo: 'Header Image(s)/Video',
  always: 'Open 24/7',
  hours: 'Hours',
  phone: 'Phone',
  website: 'Website URL',
  menu: 'Menu URL',
  dollarsActive: 'Accepts Dollars',
  hasSpecial: 'Special Offered',
  specialPopupBehavior: 'Popup Behavior',
  specialDescription: 'Popup Detail',
  socialMedia: 'Social Media',
  detailButtons: 'Additional Buttons',
  listIcons: 'List Icons',
};

/** Record fields earlier logs named, by the field of the form they belong to. */
const RECORD_FIELDS: Readonly<Record<string, string>> = {
  address: 'location',
  city: 'location',
  state: 'location',
  zip: 'location',
  latitude: 'location',
  longitude: 'location',
  placeId: 'location',
  noLocation: 'location',
  htmlDescription: 'description',
};
/** Record fields the save works out itself: no one typed them. */
const DERIVED = new Set(['distance', 'id', 'contexts', 'remotelyManaged', 'allowFavorite']);

const html = (value: string) => sanitizeRichText(value).replace(/\s+/g, ' ').trim();

/** The fields (keys of AUDIT_FIELD_LABELS) whose value the form shows differently after the save. */
export function changedListingFields(stored: Record<string, unknown>, saved: Record<string, unknown>, community: string): string[] {
  const before = businessFormValue(stored, community);
  const after = businessFormValue({ ...stored, ...saved }, community);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  // The place's id and the title (its own field) aside; coordinates as numbers ('43.250' is 43.25).
  const location = ({ location: shown }: typeof before) => {
    const coordinate = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? text.trim() : Number(text));
    return {
      noLocation: shown.noLocation,
      address: shown.address.trim(),
      city: shown.city.trim(),
      state: shown.state.trim(),
      zip: shown.zip.trim(),
      latitude: coordinate(shown.latitude),
      longitude: coordinate(shown.longitude),
    };
  };
  const compared: Record<string, [unknown, unknown]> = {
    title: [before.title.trim(), after.title.trim()],
    location: [location(before), location(after)],
    description: [html(before.description), html(after.description)],
    always: [before.always, after.always],
    hours: [hoursRecord(hoursFormValue(stored.hours)), hoursRecord(hoursFormValue({ ...stored, ...saved }.hours))],
    phone: [before.phone.trim(), after.phone.trim()],
    website: [before.website.trim(), after.website.trim()],
    menu: [before.menu.trim(), after.menu.trim()],
    dollarsActive: [before.dollarsActive, after.dollarsActive],
    hasSpecial: [before.hasSpecial, after.hasSpecial],
    specialPopupBehavior: [before.hasSpecial ? before.specialPopupBehavior : null, after.hasSpecial ? after.specialPopupBehavior : null],
    specialDescription: [html(before.specialDescription), html(after.specialDescription)],
    socialMedia: [before.socialMedia, after.socialMedia],
    detailButtons: [before.detailButtons, after.detailButtons],
    listIcons: [[...before.listIcons].sort(), [...after.listIcons].sort()],
  };
  return Object.keys(AUDIT_FIELD_LABELS).filter((field) => field in compared && !same(...compared[field]!));
}

/** The labels of a log entry's fields, once each, in the editor's order; other words (a notification's) as they are. */
export function auditFieldLabels(fields: readonly string[]): string[] {
  const known = new Set<string>();
  const other: string[] = [];
  for (const field of fields) {
    const name = RECORD_FIELDS[field] ?? field;
    if (DERIVED.has(name)) continue;
    if (name in AUDIT_FIELD_LABELS) known.add(name);
    else if (!other.includes(field)) other.push(field);
  }
  return [
    ...Object.keys(AUDIT_FIELD_LABELS)
      .filter((field) => known.has(field))
      .map((field) => AUDIT_FIELD_LABELS[field]!),
    ...other,
  ];
}

/** One line of the log as the editor shows it. */
export interface RemoteAuditView {
  key: string;
  /** "Nov 28, 2026, 9:09 AM EST": in the community's zone. */
  when: string;
  who: string;
  /** What changed, by the editor's labels; empty when the save changed nothing. */
  changes: string[];
}

export function remoteAuditView(entries: readonly RemoteAuditEntry[], timeZone: string): RemoteAuditView[] {
  return entries.map((entry, index) => ({
    key: `${entry.at}-${index}`,
    when: formatInTimeZone(entry.at, timeZone, 'MMM d, yyyy, h:mm a zzz'),
    who: entry.who,
    changes: auditFieldLabels(entry.fields),
  }));
}
