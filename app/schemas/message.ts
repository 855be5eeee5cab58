import type { DefaultValue } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { z } from 'zod';
import type { ActionKind, ActionTargets } from '~/lib/actions';
import { DATE_TIME_TEXTS, parseDateTimeField } from '~/lib/date-time';
import { detailButtonsFormSchema, type DetailButtonFormValue } from '~/lib/detail-buttons';
import { firstSectionWithError } from '~/lib/editor-sections';
import { endOfZonedDay } from '~/lib/event-times';
import { isValidUrl } from '~/schemas/community';
import { checkbox, INVALID_URL } from '~/schemas/listing/shared';
import { optionalText as text, optionalKey } from './common';

/**
 * The notification form (spec 02 "Messages", §3 message / recurrenceInfo, §4 "Notification
 * delivery type", "From an event", §5 Notification, §6 feature flags and system-wide rules):
 * one schema for conform in the browser and the action on the server. The server passes the
 * lists the form chooses from (topics, users, the event's reminder choices), so a posted value
 * outside them is refused with the field's message.
 */

export const MESSAGE_TEXTS = {
  /** The form-level message of a refused save (the business and event editors' words, spec 03 §5). */
  formIncomplete: 'One or more required fields have not been completed. Please check all tabs for your missing field.',
  titleRequired: 'Title is required.',
  descriptionRequired: 'Description is required.',
  typeRequired: 'Type is required.',
  userGroupRequired: 'User group is required.',
  userRequired: 'User is required.',
  audienceRequired: 'Audience is required.',
  dateRequired: DATE_TIME_TEXTS.required,
  deliveryInFuture: 'Delivery Time must be in the future',
  deliveryRequired: 'Delivery Time is required.',
  invalidUrl: INVALID_URL,
  // Texts the spec does not give.
  formRequired: 'Form is required.',
  storeItemRequired: 'Store item is required.',
  menuItemRequired: 'Menu item is required.',
  fileRequired: 'File is required.',
  linkUnavailable: 'A message sent to every community (or from a listing) can link a website or a file only.',
  endAfterDelivery: 'End Date must be after the Delivery Time.',
  noWeekday: 'Choose at least one day of the week.',
  lastDayAfterEnd: 'Last Day of Recurrence must be after the initial end date.',
  durationHours: 'Visibility Duration must be a whole number of hours (1 to 8760).',
  reminderTaken: 'This reminder time is no longer available. Choose another.',
  archived: 'This notification has ended: it can no longer be changed.',
  conflict: 'Someone else changed this notification while you were editing it. Their version is shown; save again to replace it.',
  notFound: 'This notification no longer exists.',
  systemwideBanner: 'This is a systemwide message sent across all communities',
  communityBanner: 'This is NOT a systemwide message and will only be sent to users for this specific community',
  noUserId: 'No User ID',
  anonymousApple: 'Anonymous through Apple',
} as const;

export const DELIVERY_TYPES = ['instant', 'future', 'recurring'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_LABELS: Record<DeliveryType, string> = {
  instant: 'Send Now',
  future: 'Single Scheduled Notification',
  recurring: 'Recurring Notification',
};

export const AUDIENCES = ['group', 'personal'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = { group: 'Group', personal: 'Personal' };

export const LINK_TYPES = ['none', 'form', 'store', 'menu', 'file', 'url'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
/**
 * The links a message may carry. A system-wide message goes to every community and a listing's
 * own notification is a remote manager's: a community's forms, store items and menu items exist
 * in that community only, so they link a website or a file (spec 02 §6: "Remote buttons on
 * detail-page or system-wide messages only allow website, dial number and send email actions").
 */
export function linkTypesFor(options: { systemwide: boolean; detailPage?: boolean }): readonly LinkType[] {
  return options.systemwide || options.detailPage
    ? LINK_TYPES.filter((type) => type === 'none' || type === 'file' || type === 'url')
    : LINK_TYPES;
}
export const LINK_LABELS: Record<LinkType, string> = {
  none: 'None',
  form: 'Form',
  store: 'Store Item',
  menu: 'Menu Item',
  file: 'File',
  url: 'Website (URL)',
};

/** The system-wide user group (spec 02 §6). */
export const SYSTEMWIDE_USER_GROUP = 'all';
/** Buttons of a system-wide or detail-page message only open a website, dial a number or send an e-mail (spec 02 §6). */
export const SYSTEMWIDE_BUTTON_ACTIONS = ['website', 'call', 'mailto'] as const satisfies readonly ActionKind[];
/** A reminder made from an event goes to current guests (spec 02 §3). */
export const EVENT_USER_GROUP = 'currentGuest';

export const MESSAGE_LIMITS = { title: 200, description: 4000, url: 2000, hours: 8760 } as const;

export const MESSAGE_SECTIONS = [
  { id: 'required', title: 'Required Information' },
  { id: 'dates', title: 'Dates and Scheduling' },
  { id: 'additional', title: 'Additional Information' },
] as const;
export type MessageSectionId = (typeof MESSAGE_SECTIONS)[number]['id'];

const FIELD_SECTIONS: Record<string, MessageSectionId> = {
  title: 'required',
  description: 'required',
  audience: 'required',
  category: 'required',
  userGroup: 'required',
  toUser: 'required',
  deliveryType: 'dates',
  deliveryTime: 'dates',
  endTime: 'dates',
  validDays: 'dates',
  recurrenceEndDate: 'dates',
  recurrenceDuration: 'dates',
  scheduledEvent: 'dates',
};

/** The first section holding a field with an error (others: Additional Information). */
export function messageSectionOfErrors(errorFields: readonly string[]): MessageSectionId | null {
  return firstSectionWithError(MESSAGE_SECTIONS, messageSectionOf, errorFields);
}

/** The section showing a field (by its name as posted; fields of no other section: Additional Information). */
export const messageSectionOf = (name: string): MessageSectionId => FIELD_SECTIONS[name.split(/[.[-]/)[0] ?? ''] ?? 'additional';

/** A before-event choice as the server computed it (eventReminderPlan). */
export interface ReminderChoice {
  scheduledEvent: number | 'custom';
  label: string;
  deliveryTime: number | null;
  disabled: boolean;
}

export interface MessageSchemaOptions {
  timeZone: string;
  now: number;
  /** Editing a stored message (forces group; no Send Now unless it is an instant one). */
  editing: { list: 'messages' | 'scheduled'; deliveryTime: number } | null;
  systemwide: boolean;
  /** Feature allowPersonal (never on detail pages nor in the system-wide area). */
  allowPersonal: boolean;
  allowButtons: boolean;
  /** Topic keys of type 'category' and 'user-group' the form offers. */
  categories: readonly string[];
  userGroups: readonly string[];
  /** App users a personal message may go to (anonymous ones excluded). */
  users: readonly string[];
  /** From an event: the reminder's delivery ('instant' within the hour) and its before-event choices. */
  reminder: { delivery: 'instant' | 'future'; options: readonly ReminderChoice[] } | null;
  targets?: ActionTargets;
  /**
   * A listing's own notification (a remote manager's, spec 02 §2 "uuid present means a remote
   * detail-page context"): no personal audience, no Type nor User Group (it goes to the
   * listing's favorites), buttons limited to website / dial number / send e-mail.
   */
  detailPage?: boolean;
}

const picker = z.string().max(40).optional();

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values).optional());

const validDaysField = z.preprocess((value) => {
  const posted = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? value : [];
  return Array.from({ length: 7 }, (_, index) => {
    const day = (posted as Record<number, unknown>)[index];
    return day === 'on' || day === 'true' || day === true;
  });
}, z.array(z.boolean()).max(7).length(7));

const RawMessageSchema = z.object({
  title: text(MESSAGE_LIMITS.title),
  description: text(MESSAGE_LIMITS.description),
  audience: choice(AUDIENCES),
  category: optionalKey,
  userGroup: optionalKey,
  toUser: optionalKey,
  deliveryType: choice(DELIVERY_TYPES),
  deliveryTime: picker,
  'deliveryTime-date': picker,
  'deliveryTime-time': picker,
  endTime: picker,
  'endTime-date': picker,
  'endTime-time': picker,
  validDays: validDaysField,
  recurrenceEndDate: picker,
  'recurrenceEndDate-date': picker,
  recurrenceDuration: z.string().trim().max(10).optional(),
  scheduledEvent: z.string().trim().max(10).optional(),
  sendNotification: checkbox(),
  isGiveaway: checkbox(),
  linkType: choice(LINK_TYPES),
  formKey: optionalKey,
  storeItemKey: optionalKey,
  menuItemKey: optionalKey,
  fileUrl: text(MESSAGE_LIMITS.url),
  url: text(MESSAGE_LIMITS.url),
  version: z.string().trim().max(100).optional(),
});

export interface RecurrenceValue {
  recurrence: 'weekly';
  validDays: boolean[];
  /** End of the last day (ms); 0 for none. */
  recurrenceEndDate: number;
  /** Hours visible; null: rolls off when the next is sent. */
  recurrenceDuration: number | null;
}

export interface MessageFormOutput {
  title: string;
  description: string;
  audience: Audience;
  deliveryType: DeliveryType;
  category: string;
  userGroup: string;
  toUser: string;
  /** The chosen delivery time (null for instant: now, at saving). */
  deliveryTime: number | null;
  endTime: number;
  recurrence: RecurrenceValue | null;
  /** From an event: the before-event choice (0–3), or null for custom and ordinary messages. */
  scheduledEvent: number | null;
  sendNotification: boolean;
  isGiveaway: boolean;
  linkType: LinkType;
  formKey: string;
  storeItemKey: string;
  menuItemKey: string;
  fileUrl: string;
  url: string;
  detailButtons: DetailButtonFormValue[];
  version: string | null;
}

/** What the delivery type is, given the rules (personal forces instant; editing keeps instant or forbids it). */
export function effectiveDeliveryType(
  posted: DeliveryType | undefined,
  audience: Audience,
  options: Pick<MessageSchemaOptions, 'editing' | 'reminder'>,
): DeliveryType {
  if (options.editing) return options.editing.list === 'messages' ? 'instant' : posted === 'recurring' ? 'recurring' : 'future';
  if (audience === 'personal') return 'instant';
  if (options.reminder) return options.reminder.delivery;
  return posted ?? 'instant';
}

export function messageSchema(options: MessageSchemaOptions) {
  const { timeZone, now } = options;
  const buttons = detailButtonsFormSchema({
    communityRequired: false,
    targets: options.targets,
    allowed: options.systemwide || options.detailPage ? SYSTEMWIDE_BUTTON_ACTIONS : undefined,
  });
  return RawMessageSchema.extend({ detailButtons: options.allowButtons ? buttons : z.unknown() }).transform(
    (raw, ctx): MessageFormOutput => {
      const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });

      if (raw.title === '') issue(['title'], MESSAGE_TEXTS.titleRequired);
      if (raw.description === '') issue(['description'], MESSAGE_TEXTS.descriptionRequired);

      // Audience: personal only with allowPersonal, never when editing nor system-wide nor from an event.
      const personalOffered =
        options.allowPersonal && !options.editing && !options.systemwide && !options.reminder && options.detailPage !== true;
      let audience: Audience = 'group';
      if (personalOffered) {
        if (raw.audience === undefined) issue(['audience'], MESSAGE_TEXTS.audienceRequired);
        else audience = raw.audience;
      }
      let category = '';
      let userGroup = '';
      let toUser = '';
      if (options.detailPage) {
        // The listing's favorites topic: no Type nor User Group.
      } else if (audience === 'group') {
        category = raw.category;
        if (category === '' || !options.categories.includes(category)) issue(['category'], MESSAGE_TEXTS.typeRequired);
        userGroup = options.systemwide ? SYSTEMWIDE_USER_GROUP : options.reminder ? EVENT_USER_GROUP : raw.userGroup;
        if (!options.systemwide && !options.reminder && (userGroup === '' || !options.userGroups.includes(userGroup)))
          issue(['userGroup'], MESSAGE_TEXTS.userGroupRequired);
      } else {
        toUser = raw.toUser;
        if (toUser === '' || !options.users.includes(toUser)) issue(['toUser'], MESSAGE_TEXTS.userRequired);
      }

      const deliveryType = effectiveDeliveryType(raw.deliveryType, audience, options);

      // Delivery time: none for instant; a before-event choice fixes it; otherwise the picker.
      let deliveryTime: number | null = null;
      let scheduledEvent: number | null = null;
      if (deliveryType !== 'instant') {
        const reminderChoice = options.reminder?.options.find((option) => String(option.scheduledEvent) === (raw.scheduledEvent ?? ''));
        if (options.reminder && reminderChoice && reminderChoice.scheduledEvent !== 'custom') {
          if (reminderChoice.disabled || reminderChoice.deliveryTime === null) issue(['scheduledEvent'], MESSAGE_TEXTS.reminderTaken);
          else {
            deliveryTime = reminderChoice.deliveryTime;
            scheduledEvent = reminderChoice.scheduledEvent;
          }
        } else {
          const delivery = parseDateTimeField(
            { value: raw.deliveryTime, date: raw['deliveryTime-date'], time: raw['deliveryTime-time'] },
            timeZone,
            { requiredMessage: MESSAGE_TEXTS.deliveryRequired },
          );
          if (delivery.error !== null) issue(['deliveryTime'], delivery.error);
          else if (delivery.value !== null) {
            const unchanged = options.editing !== null && options.editing.deliveryTime === delivery.value;
            if (delivery.value <= now && !unchanged) issue(['deliveryTime'], MESSAGE_TEXTS.deliveryInFuture);
            else deliveryTime = delivery.value;
          }
        }
      }

      const end = parseDateTimeField({ value: raw.endTime, date: raw['endTime-date'], time: raw['endTime-time'] }, timeZone, {
        requiredMessage: MESSAGE_TEXTS.dateRequired,
      });
      let endTime = 0;
      if (end.error !== null) issue(['endTime'], end.error);
      else if (end.value !== null) {
        endTime = end.value;
        const from = deliveryTime ?? (options.editing?.list === 'messages' ? options.editing.deliveryTime : now);
        if (endTime <= from || endTime <= now) issue(['endTime'], MESSAGE_TEXTS.endAfterDelivery);
      }

      let recurrence: RecurrenceValue | null = null;
      if (deliveryType === 'recurring') {
        if (!raw.validDays.some(Boolean)) issue(['validDays'], MESSAGE_TEXTS.noWeekday);
        const last = parseDateTimeField({ value: raw.recurrenceEndDate, date: raw['recurrenceEndDate-date'] }, timeZone, {
          withTime: false,
          required: false,
        });
        let recurrenceEndDate = 0;
        if (last.error !== null) issue(['recurrenceEndDate'], last.error);
        else if (last.value !== null) {
          recurrenceEndDate = endOfZonedDay(last.value, timeZone);
          if (endTime !== 0 && recurrenceEndDate <= endTime) issue(['recurrenceEndDate'], MESSAGE_TEXTS.lastDayAfterEnd);
        }
        let recurrenceDuration: number | null = null;
        const hours = raw.recurrenceDuration ?? '';
        if (hours !== '') {
          const value = /^\d{1,4}$/.test(hours) ? Number(hours) : NaN;
          if (!(value >= 1 && value <= MESSAGE_LIMITS.hours)) issue(['recurrenceDuration'], MESSAGE_TEXTS.durationHours);
          else recurrenceDuration = value;
        }
        recurrence = { recurrence: 'weekly', validDays: raw.validDays, recurrenceEndDate, recurrenceDuration };
      }

      // Linked form / store item / menu item / file / URL: the key is required when included.
      const linkType = raw.linkType ?? 'none';
      if (!linkTypesFor(options).includes(linkType)) issue(['linkType'], MESSAGE_TEXTS.linkUnavailable);
      const targetHas = (action: 'form' | 'store' | 'mainMenu', key: string) =>
        !options.targets || (options.targets.byAction[action] ?? []).some((target) => target.key === key);
      if (linkType === 'form' && (raw.formKey === '' || !targetHas('form', raw.formKey))) issue(['formKey'], MESSAGE_TEXTS.formRequired);
      if (linkType === 'store' && (raw.storeItemKey === '' || !targetHas('store', raw.storeItemKey)))
        issue(['storeItemKey'], MESSAGE_TEXTS.storeItemRequired);
      if (linkType === 'menu' && (raw.menuItemKey === '' || !targetHas('mainMenu', raw.menuItemKey)))
        issue(['menuItemKey'], MESSAGE_TEXTS.menuItemRequired);
      if (linkType === 'file' && (raw.fileUrl === '' || !isValidUrl(raw.fileUrl))) issue(['fileUrl'], MESSAGE_TEXTS.fileRequired);
      if (linkType === 'url' && !isValidUrl(raw.url)) issue(['url'], MESSAGE_TEXTS.invalidUrl);

      return {
        title: raw.title,
        description: raw.description,
        audience,
        deliveryType,
        category,
        userGroup,
        toUser,
        deliveryTime,
        endTime,
        recurrence,
        scheduledEvent,
        sendNotification: raw.sendNotification,
        isGiveaway: raw.isGiveaway,
        linkType,
        formKey: linkType === 'form' ? raw.formKey : '',
        storeItemKey: linkType === 'store' ? raw.storeItemKey : '',
        menuItemKey: linkType === 'menu' ? raw.menuItemKey : '',
        fileUrl: linkType === 'file' ? raw.fileUrl : '',
        url: linkType === 'url' ? raw.url : '',
        detailButtons: options.allowButtons && Array.isArray(raw.detailButtons) ? (raw.detailButtons as DetailButtonFormValue[]) : [],
        version: raw.version && raw.version !== '' ? raw.version : null,
      };
    },
  );
}

export type MessageSchema = ReturnType<typeof messageSchema>;

/** The form's fields as conform reads them (the schema's input; the weekdays and buttons as the lists they post). */
export type MessageFormInput = Omit<z.input<MessageSchema>, 'validDays' | 'detailButtons'> & {
  validDays?: Array<'on' | undefined>;
  detailButtons?: DetailButtonFormValue[];
};

/** The form's values as the server fills them (a stored message, a new one's defaults). */
export type MessageFormValue = NonNullable<DefaultValue<MessageFormInput>>;

/**
 * The browser's constraints of the form (maxLength …) for conform, without `required` (the
 * checkboxes' unticked `false` is a value, and the required fields are the schema's final step:
 * the server answers with the spec's messages).
 */
export function messageFormConstraint(schema: MessageSchema): ReturnType<typeof getZodConstraint> {
  return Object.fromEntries(
    Object.entries(getZodConstraint(schema)).map(([name, constraint]) => [name, { ...constraint, required: false }]),
  );
}

/** The link a stored message has (the first of form, store item, menu item, file, URL). */
export function linkTypeOf(record: Record<string, unknown>): LinkType {
  const has = (name: string) => typeof record[name] === 'string' && record[name] !== '';
  if (has('formKey')) return 'form';
  if (has('storeItemKey')) return 'store';
  if (has('menuItemKey')) return 'menu';
  if (has('fileUrl')) return 'file';
  if (has('url')) return 'url';
  return 'none';
}
