import type { z } from 'zod';
import { hrefs } from '~/lib/hrefs';
import { htmlFromPlainText } from '~/lib/plain-text-html';
import { BookingSchema, DEFAULT_BOOKING_MINUTES } from '~/schemas/listing/booking';
import { ContactSchema } from '~/schemas/listing/contact';
import { coordinatesToForm } from '~/schemas/listing/coordinates';
import {
  CustomFormSchema,
  FORM_TYPES,
  FORM_TYPE_LABELS,
  customFormToForm,
  customFormToRecord,
  hasStandardForm,
  standardRsvpForm,
  waitlistForm,
} from '~/schemas/listing/custom-form';
import { hoursToForm } from '~/schemas/listing/hours';
import { HuntSchema, huntToForm, huntToRecord } from '~/schemas/listing/hunt';
import { LocationSchema } from '~/schemas/listing/location';
import { RewardsItemSchema } from '~/schemas/listing/rewards';
import { MAX_TITLE_LIST_ROWS, checked, isRecord, orNull, textOf } from '~/schemas/listing/shared';
import { SimpleItemSchema } from '~/schemas/listing/simple';
import { StoreItemSchema } from '~/schemas/listing/store-item';
import { CategorySchema, UserGroupSchema, type TopicType } from '~/schemas/listing/topic';
import type { EditorField, InlineEditor } from './types';

/**
 * The inline editors of the content lists (spec 03 §9 "Default item shapes"; the rules and
 * messages are the schemas' in app/schemas/listing). Each editor says which fields its form
 * shows, a new item's form value, how a stored item fills the form, and what the parsed form
 * stores. `toRecord` gives null for an emptied optional field, so saving over the stored item
 * clears it; fields the form does not show are kept by the merge. Rich text is stored as
 * posted: the server sanitizes every 'rich-text' field and derives the plain `description`
 * from `htmlDescription`.
 */

/** An inline editor whose field names are its schema's keys (checked by the compiler). */
function inlineEditor<Schema extends z.ZodTypeAny>(
  editor: Omit<InlineEditor<Schema>, 'kind' | 'fields'> & {
    fields: ReadonlyArray<EditorField<Extract<keyof z.input<Schema>, string>>>;
  },
): InlineEditor<Schema> {
  return { kind: 'inline', ...editor };
}

/** The rich text of a stored item: its htmlDescription, else its plain description as paragraphs. */
function richTextOf(stored: Record<string, unknown>): string {
  const html = textOf(stored.htmlDescription);
  if (html.trim() !== '') return html;
  const plain = textOf(stored.description);
  return plain.trim() === '' ? '' : htmlFromPlainText(plain);
}

/** A stored list of `{ title }` (an array, or an object when it has gaps) as form rows. */
function titleRows(value: unknown): Array<{ title: string }> {
  const list: unknown[] = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  return list
    .filter(isRecord)
    .slice(0, MAX_TITLE_LIST_ROWS)
    .map((row) => ({ title: textOf(row.title) }));
}

const rows = <Row>(list: Row[] | undefined): Row[] | null => (list && list.length > 0 ? list : null);

const TITLE: EditorField<'title'> = { name: 'title', label: 'Title', kind: 'text' };
const DESCRIPTION: EditorField<'htmlDescription'> = { name: 'htmlDescription', label: 'Description', kind: 'rich-text' };

/** FAQs, history, regulations and expandable listings: "simple (title, htmlDescription, description)". */
export const SIMPLE_EDITOR = inlineEditor({
  schema: SimpleItemSchema,
  fields: [TITLE, DESCRIPTION],
  defaults: () => ({ title: '', htmlDescription: '' }),
  toForm: (stored) => ({ title: textOf(stored.title), htmlDescription: richTextOf(stored) }),
  toRecord: (value) => ({ title: value.title, htmlDescription: orNull(value.htmlDescription) }),
});

/** Rewards to earn and to redeem: "rewards item (title, htmlDescription, description, points)". */
export const REWARDS_ITEM_EDITOR = inlineEditor({
  schema: RewardsItemSchema,
  fields: [TITLE, DESCRIPTION, { name: 'points', label: 'Points', kind: 'number' }],
  defaults: () => ({ title: '', htmlDescription: '', points: 0 }),
  toForm: (stored) => ({
    title: textOf(stored.title),
    htmlDescription: richTextOf(stored),
    points: typeof stored.points === 'number' && Number.isInteger(stored.points) ? stored.points : 0,
  }),
  toRecord: (value) => ({ title: value.title, htmlDescription: orNull(value.htmlDescription), points: value.points }),
});

/** Contact info: "contact (name, position, phone)". */
export const CONTACT_EDITOR = inlineEditor({
  schema: ContactSchema,
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'position', label: 'Position', kind: 'text' },
    { name: 'phone', label: 'Phone Number', kind: 'phone' },
  ],
  defaults: () => ({ name: '', position: '', phone: '' }),
  toForm: (stored) => ({ name: textOf(stored.name), position: textOf(stored.position), phone: textOf(stored.phone) }),
  toRecord: (value) => ({ name: value.name, position: orNull(value.position), phone: orNull(value.phone) }),
});

/** A location of the community's locations list (spec 03 §3 "Location data"). */
export const LOCATION_EDITOR = inlineEditor({
  schema: LocationSchema,
  fields: [
    TITLE,
    { name: 'address', label: 'Address', kind: 'text' },
    { name: 'city', label: 'City', kind: 'text' },
    { name: 'state', label: 'State', kind: 'text' },
    { name: 'zip', label: 'Zip', kind: 'text' },
    { name: 'coordinates', label: 'Coordinates', kind: 'coordinates', hint: 'Decimal degrees, such as 43.3123 and -73.8351.' },
    { name: 'phone', label: 'Phone Number', kind: 'phone' },
    { name: 'website', label: 'Website', kind: 'url' },
    { name: 'hours', label: 'Hours', kind: 'hours', hint: 'Leave a day empty when it is closed.' },
  ],
  defaults: () => ({
    title: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    coordinates: { latitude: '', longitude: '' },
    phone: '',
    website: '',
    hours: {},
  }),
  toForm: (stored) => ({
    title: textOf(stored.title),
    address: textOf(stored.address),
    city: textOf(stored.city),
    state: textOf(stored.state),
    zip: textOf(stored.zip),
    coordinates: coordinatesToForm(stored),
    phone: textOf(stored.phone),
    website: textOf(stored.website),
    hours: hoursToForm(stored.hours),
  }),
  toRecord: (value) => ({
    title: value.title,
    address: orNull(value.address),
    city: orNull(value.city),
    state: orNull(value.state),
    zip: orNull(value.zip),
    latitude: value.coordinates.latitude,
    longitude: value.coordinates.longitude,
    phone: orNull(value.phone),
    website: orNull(value.website),
    hours: value.hours,
  }),
});

const USER_SELECTABLE: EditorField<'userSelectable'> = {
  name: 'userSelectable',
  label: 'User Selectable',
  kind: 'checkbox',
  hint: 'Guests can turn this on or off in the app.',
};
const DEFAULT_ON: EditorField<'default'> = { name: 'default', label: 'On by Default', kind: 'checkbox' };
const TOPIC_DESCRIPTION: EditorField<'description'> = { name: 'description', label: 'Description', kind: 'textarea' };

/** User groups: "topic (title, description, userSelectable true, default true)" of type 'user-group'. */
export const USER_GROUP_EDITOR = inlineEditor({
  schema: UserGroupSchema,
  fields: [TITLE, TOPIC_DESCRIPTION, USER_SELECTABLE, DEFAULT_ON],
  defaults: () => ({ title: '', description: '', userSelectable: 'on', default: 'on' }),
  toForm: (stored) => ({
    title: textOf(stored.title),
    description: textOf(stored.description),
    userSelectable: checked(stored.userSelectable, true),
    default: checked(stored.default, true),
  }),
  toRecord: (value) => ({
    type: 'user-group' satisfies TopicType,
    title: value.title,
    description: orNull(value.description),
    userSelectable: value.userSelectable,
    default: value.default,
  }),
});

/** Categories: the topic defaults plus "isGiveaway false, defaultScannable false", of type 'category'. */
export const CATEGORY_EDITOR = inlineEditor({
  schema: CategorySchema,
  fields: [
    TITLE,
    TOPIC_DESCRIPTION,
    USER_SELECTABLE,
    DEFAULT_ON,
    { name: 'isGiveaway', label: 'Giveaway', kind: 'checkbox', hint: 'Messages of this category are giveaways.' },
    { name: 'defaultScannable', label: 'Scannable by Default', kind: 'checkbox', hint: "Staff can scan this category's giveaways." },
  ],
  defaults: () => ({ title: '', description: '', userSelectable: 'on', default: 'on', isGiveaway: undefined, defaultScannable: undefined }),
  toForm: (stored) => ({
    title: textOf(stored.title),
    description: textOf(stored.description),
    userSelectable: checked(stored.userSelectable, true),
    default: checked(stored.default, true),
    isGiveaway: checked(stored.isGiveaway, false),
    defaultScannable: checked(stored.defaultScannable, false),
  }),
  toRecord: (value) => ({
    type: 'category' satisfies TopicType,
    title: value.title,
    description: orNull(value.description),
    userSelectable: value.userSelectable,
    default: value.default,
    isGiveaway: value.isGiveaway,
    defaultScannable: value.defaultScannable,
  }),
});

/** Store items (Store Item Listing). */
export const STORE_ITEM_EDITOR = inlineEditor({
  schema: StoreItemSchema,
  fields: [
    TITLE,
    DESCRIPTION,
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'active', label: 'Active', kind: 'checkbox', hint: 'Only active items can be ordered in the app.' },
    {
      name: 'primaryOptions',
      label: 'Primary Options',
      kind: 'title-list',
      hint: 'Choices a guest picks one of, such as pick-up or delivery.',
    },
    { name: 'secondaryOptions', label: 'Secondary Options', kind: 'title-list', hint: 'A second choice, such as a delivery time.' },
  ],
  defaults: () => ({ title: '', htmlDescription: '', price: '', active: 'on', primaryOptions: [], secondaryOptions: [] }),
  toForm: (stored) => ({
    title: textOf(stored.title),
    htmlDescription: richTextOf(stored),
    price: typeof stored.price === 'number' && Number.isFinite(stored.price) ? stored.price.toFixed(2) : textOf(stored.price),
    active: checked(stored.active, true),
    primaryOptions: titleRows(stored.primaryOptions),
    secondaryOptions: titleRows(stored.secondaryOptions),
  }),
  toRecord: (value) => ({
    title: value.title,
    htmlDescription: orNull(value.htmlDescription),
    price: value.price,
    active: value.active,
    primaryOptions: rows(value.primaryOptions),
    secondaryOptions: rows(value.secondaryOptions),
  }),
});

/** Time bookings (the spec gives no shape; see app/schemas/listing/booking.ts). */
export const BOOKING_EDITOR = inlineEditor({
  schema: BookingSchema,
  fields: [
    TITLE,
    DESCRIPTION,
    { name: 'duration', label: 'Duration (minutes)', kind: 'number' },
    { name: 'capacity', label: 'Capacity', kind: 'number', hint: 'Guests per time slot; leave empty for no limit.' },
    { name: 'active', label: 'Active', kind: 'checkbox', hint: 'Only active bookings can be made in the app.' },
  ],
  defaults: () => ({ title: '', htmlDescription: '', duration: DEFAULT_BOOKING_MINUTES, capacity: undefined, active: 'on' }),
  toForm: (stored) => ({
    title: textOf(stored.title),
    htmlDescription: richTextOf(stored),
    duration: typeof stored.duration === 'number' ? stored.duration : DEFAULT_BOOKING_MINUTES,
    capacity: typeof stored.capacity === 'number' ? stored.capacity : undefined,
    active: checked(stored.active, true),
  }),
  toRecord: (value) => ({
    title: value.title,
    htmlDescription: orNull(value.htmlDescription),
    duration: value.duration,
    capacity: value.capacity ?? null,
    active: value.active,
  }),
});

/** Custom forms (spec 02 §3 "Form schema fields"; the standard RSVP and waitlist forms of spec 02 §9). */
export const CUSTOM_FORM_EDITOR = inlineEditor({
  schema: CustomFormSchema,
  fields: [
    TITLE,
    {
      name: 'type',
      label: 'Form Type',
      kind: 'select',
      choices: FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_LABELS[value] })),
      hint: 'RSVP forms are the ones an event can ask guests to fill in.',
    },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'emails', label: 'Email Entries To', kind: 'textarea', hint: 'One email address a line; each gets every entry.' },
    {
      name: 'standard',
      label: 'Standard RSVP Form',
      kind: 'checkbox',
      hint: 'The form events use when they ask for RSVPs without naming one.',
    },
    { name: 'fields', label: 'Fields', kind: 'form-fields' },
  ],
  defaults: () => ({ title: '', type: 'form' as const, description: '', emails: '', standard: undefined, fields: [] }),
  toForm: customFormToForm,
  toRecord: customFormToRecord,
  templates: [
    {
      id: 'rsvp-standard',
      label: 'Start from the standard RSVP form',
      record: standardRsvpForm,
      offered: (items) => !hasStandardForm(items),
    },
    { id: 'waitlist', label: 'Start from the waitlist form', record: waitlistForm, offered: () => true },
  ],
  itemLinks: [{ label: 'View Entries', href: (key) => hrefs.scrollerEntries('custom-forms', 'view', key) }],
});

/** Scavenger hunts (spec 02 §3 "Hunt"). */
export const HUNT_EDITOR = inlineEditor({
  schema: HuntSchema,
  fields: [
    TITLE,
    { name: 'description', label: 'Description', kind: 'rich-text' },
    { name: 'active', label: 'Active', kind: 'checkbox', hint: 'Guests can start only active hunts.' },
    { name: 'steps', label: 'Steps', kind: 'hunt-steps' },
  ],
  defaults: () => ({ title: '', description: '', active: 'on', steps: [] }),
  toForm: huntToForm,
  toRecord: huntToRecord,
  itemLinks: [{ label: 'View Entries', href: (key) => hrefs.scrollerEntries('hunts', 'view', key) }],
  assistantPath: 'hunts',
});
