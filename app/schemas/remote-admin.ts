import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { isDroppedRow, keptRows, orderNumber, rowCheckbox, rowList } from '~/lib/posted-rows';
import { optionalText as text } from './common';

/**
 * The Remote Administration section of the business editor (spec 03 §2 "Remote
 * Administration", §3 "Remote access entry", §4 "Turning remote management on creates a first
 * access entry") and the remote manager's 'Update Permissions' request (spec 03 §3 "Remote
 * request", §6 trays). One schema for conform in the browser and parseWithZod in the action;
 * the editor nests it under a prefix (`remote.remotelyManaged`, `remote.entries[0].email` …).
 *
 * Without JavaScript the section always posts one blank entry (ignored while blank), an
 * 'Order' number per entry (the entries are saved in that order) and a 'Remove' checkbox per
 * entry; with JavaScript entries are added, removed and dragged in place and post in order.
 * New entries post no uuid: the server gives them a fresh one (server/remote/management.ts),
 * and a posted uuid only keeps its grant when it is one of this item's own entries.
 */

/** The most access entries one item holds. */
export const MAX_REMOTE_ACCESS = 25;
/** Rows the form may post: the entries plus the blank row shown without JavaScript. */
export const MAX_REMOTE_ACCESS_ROWS = MAX_REMOTE_ACCESS + 1;

export const REMOTE_ACCESS_TYPES = ['email', 'url'] as const;
export type RemoteAccessType = (typeof REMOTE_ACCESS_TYPES)[number];

/** The section's texts (spec 03 §2; the spec's wording where it has one). */
export const REMOTE_ADMIN_TEXTS = {
  heading: 'Remote Administration',
  remotelyManaged: 'Allow Remote Management',
  allowFavorite: 'Allow Favoriting/Notifications',
  addAccess: 'Add Additional Access',
  copyLink: 'Copy Link for Remote Management',
  linkCopied: 'Link copied.',
  accessType: 'Access Type',
  accessTypeLabels: { email: 'Email Login', url: 'URL no login' } satisfies Record<RemoteAccessType, string>,
  name: 'Name',
  email: 'Email',
  title: 'Relationship',
  titleHint: 'For example Owner, Manager, Staff',
  editInfo: 'Edit Information',
  addButtons: 'Add Buttons',
  sendNotifications: 'Send Notifications',
  remove: 'Remove',
  order: 'Order',
  emailInvalid: 'You must provide a valid email address.',
  titleRequired: 'Relationship is required.',
  emailLoginUnavailable: 'Email Login is only available when dollars are enabled.',
  duplicateEmail: 'This e-mail address already has access.',
  badEntry: 'This access entry is not valid. Reload the page and try again.',
  tooMany: `At most ${MAX_REMOTE_ACCESS} access entries.`,
  savedAfterInvite: 'An invitation e-mail was sent to each new e-mail access.',
} as const;

export interface RemoteAccessFormEntry {
  /** The entry's key: the link's uuid for URL access, the account's uid for e-mail access; '' for a new entry. */
  uuid: string;
  accessType: RemoteAccessType;
  name: string;
  email: string;
  /** The relationship (Owner, Manager, Staff …). */
  title: string;
  editInfo: boolean;
  addButtons: boolean;
  sendNotifications: boolean;
}

export interface RemoteAdminFormValue {
  remotelyManaged: boolean;
  allowFavorite: boolean;
  entries: RemoteAccessFormEntry[];
}

const MAX_NAME = 100;
const MAX_EMAIL = 254;
const MAX_TITLE = 100;
const MAX_UUID = 128;

/** Ticked posts 'on', unticked posts nothing. */
const checkbox = rowCheckbox;
/** A text field; conform posts an emptied field as nothing. Over-long text is refused. */
const EMAIL = z.string().email();

const RawEntrySchema = z.object({
  uuid: text(MAX_UUID),
  accessType: z.preprocess((value) => (value === undefined || value === '' ? 'url' : value), z.enum(REMOTE_ACCESS_TYPES)),
  name: text(MAX_NAME),
  email: text(MAX_EMAIL),
  title: text(MAX_TITLE),
  editInfo: checkbox,
  addButtons: checkbox,
  sendNotifications: checkbox,
  order: orderNumber('Enter a number.'),
  remove: checkbox,
});
type RawEntry = z.output<typeof RawEntrySchema>;

/** A row nobody filled in: the blank row shown without JavaScript, or an added row left empty. */
export function isBlankEntry(entry: Pick<RawEntry, 'uuid' | 'name' | 'email' | 'title'>): boolean {
  return entry.uuid === '' && entry.name === '' && entry.email === '' && entry.title === '';
}

/**
 * The section's schema. `dollarsEnabled`: Email Login may be chosen for new entries only when
 * dollars are enabled (spec 03 §2); an existing e-mail entry keeps its access type.
 */
export function remoteAdminSchema(options: { dollarsEnabled: boolean }): z.ZodType<RemoteAdminFormValue, z.ZodTypeDef, unknown> {
  return z
    .object({
      remotelyManaged: checkbox,
      allowFavorite: checkbox,
      entries: z.preprocess(
        (value) => (value === undefined || value === null || value === '' ? [] : rowList(value)),
        z.array(RawEntrySchema).max(MAX_REMOTE_ACCESS_ROWS, REMOTE_ADMIN_TEXTS.tooMany),
      ),
    })
    .superRefine((value, ctx) => {
      if (!value.remotelyManaged) return;
      const seenUuids = new Set<string>();
      const seenEmails = new Set<string>();
      let kept = 0;
      value.entries.forEach((entry, index) => {
        if (isDroppedRow(entry, isBlankEntry)) return;
        kept += 1;
        const issue = (field: keyof RawEntry, message: string) =>
          ctx.addIssue({ code: 'custom', path: ['entries', index, field], message });
        if (entry.uuid !== '') {
          if (!isValidKey(entry.uuid) || seenUuids.has(entry.uuid)) issue('uuid', REMOTE_ADMIN_TEXTS.badEntry);
          seenUuids.add(entry.uuid);
        }
        if (entry.accessType === 'email') {
          if (!options.dollarsEnabled && entry.uuid === '') issue('accessType', REMOTE_ADMIN_TEXTS.emailLoginUnavailable);
          if (!EMAIL.safeParse(entry.email).success) issue('email', REMOTE_ADMIN_TEXTS.emailInvalid);
          else {
            const normalized = entry.email.toLowerCase();
            if (seenEmails.has(normalized)) issue('email', REMOTE_ADMIN_TEXTS.duplicateEmail);
            seenEmails.add(normalized);
          }
        } else if (entry.title === '') {
          issue('title', REMOTE_ADMIN_TEXTS.titleRequired);
        }
      });
      if (kept > MAX_REMOTE_ACCESS && value.entries.length <= MAX_REMOTE_ACCESS_ROWS)
        ctx.addIssue({ code: 'custom', path: ['entries'], message: REMOTE_ADMIN_TEXTS.tooMany });
    })
    .transform((value): RemoteAdminFormValue => {
      if (!value.remotelyManaged) return { remotelyManaged: false, allowFavorite: value.allowFavorite, entries: [] };
      // Posted order (JavaScript keeps it), unless 'Order' numbers say otherwise (no JavaScript).
      const entries = keptRows(value.entries, isBlankEntry).map(({ row: entry }): RemoteAccessFormEntry => ({
        uuid: entry.uuid,
        accessType: entry.accessType,
        name: entry.name,
        email: entry.accessType === 'email' ? entry.email.toLowerCase() : '',
        title: entry.title,
        editInfo: entry.editInfo,
        addButtons: entry.addButtons,
        sendNotifications: entry.sendNotifications,
      }));
      return { remotelyManaged: true, allowFavorite: value.allowFavorite, entries };
    });
}

/** A new entry as the section adds it (and as the first entry when remote management is switched on). */
export function newRemoteAccessEntry(dollarsEnabled: boolean): RemoteAccessFormEntry {
  return {
    uuid: '',
    accessType: dollarsEnabled ? 'email' : 'url',
    name: '',
    email: '',
    title: '',
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
  };
}

// ─── Update Permissions (the remote manager's request to the administrators) ───────────────

export const REMOTE_REQUEST_ACTIONS = ['replace', 'revoke', 'revokeAll', 'modify', 'add'] as const;
export type RemoteRequestAction = (typeof REMOTE_REQUEST_ACTIONS)[number];

export const REMOTE_REQUEST_TEXTS = {
  heading: 'Update Permissions',
  action: 'Request',
  actionLabels: {
    modify: 'Change my permissions',
    add: 'Add access for another person',
    replace: 'Replace me with another person',
    revoke: 'Remove my access',
    revokeAll: 'Remove all remote access to this listing',
  } satisfies Record<RemoteRequestAction, string>,
  actionRequired: 'Choose what you would like to change.',
  title: 'Relationship',
  permissions: 'Permissions requested',
  message: 'Message to the administrators',
  messageHint: 'Who should get access, their e-mail address, anything the administrators should know.',
  messageRequired: 'Please tell the administrators who should get access.',
  submit: 'Send Request',
  tooLong: 'At most 2000 characters.',
} as const;

export const MAX_REQUEST_MESSAGE = 2000;

export interface RemoteRequestFormValue {
  action: RemoteRequestAction;
  remoteInfo: { title: string; editInfo: boolean; addButtons: boolean; sendNotifications: boolean; origContext: string };
  message: string;
}

/** Spec 03 §3 "Remote request": action and remoteInfo, plus a message to the administrators. */
export const remoteRequestSchema: z.ZodType<RemoteRequestFormValue, z.ZodTypeDef, unknown> = z
  .object({
    action: z.enum(REMOTE_REQUEST_ACTIONS, {
      errorMap: () => ({ message: REMOTE_REQUEST_TEXTS.actionRequired }),
    }),
    remoteInfo: z.preprocess(
      (value) => (value === undefined || value === null ? {} : value),
      z.object({
        title: text(MAX_TITLE),
        editInfo: checkbox,
        addButtons: checkbox,
        sendNotifications: checkbox,
        // The grant's own context replaces whatever is posted (server/remote/management.ts).
        origContext: text(300),
      }),
    ),
    message: z
      .string()
      .trim()
      .max(MAX_REQUEST_MESSAGE, REMOTE_REQUEST_TEXTS.tooLong)
      .optional()
      .transform((value) => value ?? ''),
  })
  .superRefine((value, ctx) => {
    if ((value.action === 'add' || value.action === 'replace') && value.message === '') {
      ctx.addIssue({ code: 'custom', path: ['message'], message: REMOTE_REQUEST_TEXTS.messageRequired });
    }
  });
