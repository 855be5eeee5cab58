import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { isValidUrl, phoneDigits } from '~/schemas/community';
import { isHttpUrl, isStoredFilePath } from '~/schemas/header';
import { INVALID_URL, PHONE_DIGITS, PHONE_MIN_DIGITS } from '~/schemas/listing/shared';

/**
 * The action selector's rules (spec 03 §3 "Action (clickable link) values", §4 "Action choice",
 * §5 "Action selector"). Isomorphic and pure.
 *
 * Stored (a detail button, a header image, a message): `action`, `actionKey`,
 * `actionCommunityKey`, `actionParams`. mailto is stored as website with a 'mailto:' key; a
 * '-webview' suffix on the action opens it in the app's web view. The form shows mailto as its
 * own action and the web view as a checkbox.
 */

export const ACTIONS = [
  'store',
  'form',
  'mainMenu',
  'searchablemap',
  'booking',
  'file',
  'website',
  'hunt',
  'amc-events',
  'call',
  'mailto',
] as const;
export type ActionKind = (typeof ACTIONS)[number];

export const ACTION_LABELS: Record<ActionKind, string> = {
  store: 'Store Item',
  form: 'Form',
  mainMenu: 'Main Menu Item',
  searchablemap: 'Searchable Map',
  booking: 'Booking',
  file: 'File',
  website: 'Website',
  hunt: 'Scavenger Hunt',
  'amc-events': 'Events Calendar',
  call: 'Call',
  mailto: 'Email',
};

/** Actions whose key is typed (a web address, a phone number, an e-mail address). */
export const TEXT_KEY_ACTIONS = ['website', 'call', 'mailto'] as const satisfies readonly ActionKind[];
/** Actions whose key names a record of a community (chosen from the targets the server reads). */
export const TARGET_ACTIONS = [
  'store',
  'form',
  'mainMenu',
  'searchablemap',
  'booking',
  'file',
  'hunt',
  'amc-events',
] as const satisfies readonly ActionKind[];
export type TargetActionKind = (typeof TARGET_ACTIONS)[number];
/** Actions that may open in the app's web view ('{action}-webview'). */
export const WEBVIEW_ACTIONS = ['website', 'file', 'form'] as const satisfies readonly ActionKind[];

export const WEBVIEW_SUFFIX = '-webview';
export const MAILTO_PREFIX = 'mailto:';

/** Spec 03 §5 messages. */
export const ACTION_MESSAGES = {
  actionRequired: 'Action is required.',
  inputRequired: 'Input is required.',
  invalidEmail: 'You must provide a valid email address.',
  communityRequired: 'Community Selection is required.',
  invalidUrl: INVALID_URL,
  phone: PHONE_DIGITS,
  invalidKey: 'This choice cannot be used. Choose another.',
  notAllowed: 'This action cannot be used here.',
} as const;

/** Older records' names for some actions. */
const LEGACY_ACTIONS: Readonly<Record<string, ActionKind>> = { phone: 'call', dial: 'call', email: 'mailto', events: 'amc-events' };

export interface StoredAction {
  action?: string;
  actionKey?: string;
  actionCommunityKey?: string;
  actionParams?: string;
}

export interface ActionFormValue {
  action: ActionKind | '';
  key: string;
  webview: boolean;
  communityKey: string;
  params: string;
}

export const EMPTY_ACTION: ActionFormValue = { action: '', key: '', webview: false, communityKey: '', params: '' };

export const isActionKind = (value: unknown): value is ActionKind =>
  typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
export const isTargetAction = (value: unknown): value is TargetActionKind =>
  typeof value === 'string' && (TARGET_ACTIONS as readonly string[]).includes(value);
export const isTextKeyAction = (value: unknown): value is (typeof TEXT_KEY_ACTIONS)[number] =>
  typeof value === 'string' && (TEXT_KEY_ACTIONS as readonly string[]).includes(value);
export const allowsWebview = (value: unknown): boolean =>
  typeof value === 'string' && (WEBVIEW_ACTIONS as readonly string[]).includes(value);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** The form's value for a stored action; an unknown action reads as none. Never throws. */
export function actionFormValue(stored: StoredAction | null | undefined): ActionFormValue {
  if (typeof stored !== 'object' || stored === null) return { ...EMPTY_ACTION };
  let name = text(stored.action);
  let key = text(stored.actionKey);
  let webview = false;
  if (name.endsWith(WEBVIEW_SUFFIX)) {
    name = name.slice(0, -WEBVIEW_SUFFIX.length);
    webview = true;
  }
  const action = LEGACY_ACTIONS[name] ?? name;
  if (!isActionKind(action)) return { ...EMPTY_ACTION };
  let kind: ActionKind = action;
  if (kind === 'website' && key.toLowerCase().startsWith(MAILTO_PREFIX)) {
    kind = 'mailto';
    key = key.slice(MAILTO_PREFIX.length);
  } else if (kind === 'mailto') {
    key = key.replace(/^mailto:/i, '');
  }
  return {
    action: kind,
    key,
    webview: webview && allowsWebview(kind),
    communityKey: isTargetAction(kind) ? text(stored.actionCommunityKey) : '',
    params: text(stored.actionParams),
  };
}

/** The stored fields of a form's action (nothing when no action is chosen). */
export function actionRecord(form: ActionFormValue): StoredAction {
  if (form.action === '') return {};
  const record: StoredAction = {};
  if (form.action === 'mailto') {
    record.action = 'website';
    record.actionKey = `${MAILTO_PREFIX}${form.key.trim().replace(/^mailto:/i, '')}`;
  } else {
    record.action = form.webview && allowsWebview(form.action) ? `${form.action}${WEBVIEW_SUFFIX}` : form.action;
    record.actionKey = form.key.trim();
  }
  if (isTargetAction(form.action) && form.communityKey !== '') record.actionCommunityKey = form.communityKey;
  if (form.params.trim() !== '') record.actionParams = form.params.trim();
  return record;
}

/**
 * The value of one option of the target select (without JavaScript a single select lists the
 * targets of every action, grouped by action): `{action}/{community}/{key}`. Neither an action nor
 * a community key holds '/', so the key (a file's address may) is the rest.
 */
export function targetOptionValue(action: TargetActionKind, community: string, key: string): string {
  return `${action}/${community}/${key}`;
}

export function parseTargetOption(value: unknown): { action: TargetActionKind; community: string; key: string } | null {
  if (typeof value !== 'string') return null;
  const first = value.indexOf('/');
  const second = first < 0 ? -1 : value.indexOf('/', first + 1);
  if (second < 0) return null;
  const action = value.slice(0, first);
  const community = value.slice(first + 1, second);
  const key = value.slice(second + 1);
  if (!isTargetAction(action) || key === '') return null;
  return { action, community, key };
}

const isEmail = (value: string) => z.string().email().safeParse(value).success;

/** Why a key does not suit its action (spec 03 §5), or null. */
export function actionKeyProblem(action: ActionKind, key: string): string | null {
  if (key === '') return ACTION_MESSAGES.inputRequired;
  switch (action) {
    case 'website':
      return isValidUrl(key) ? null : ACTION_MESSAGES.invalidUrl;
    case 'mailto':
      return isEmail(key.replace(/^mailto:/i, '')) ? null : ACTION_MESSAGES.invalidEmail;
    case 'call':
      return key.length <= 40 && phoneDigits(key).length >= PHONE_MIN_DIGITS ? null : ACTION_MESSAGES.phone;
    case 'file':
      // A file item's address: one this console stored, or an http(s) address.
      return isHttpUrl(key) || isStoredFilePath(key) ? null : ACTION_MESSAGES.invalidKey;
    default:
      return isValidKey(key) ? null : ACTION_MESSAGES.invalidKey;
  }
}

const MAX_KEY = 2000;
/** A text that may be empty (conform reads an emptied field as nothing, hence optional). */
const optionalText = (max: number, message: string) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value ?? '');
const MAX_PARAMS = 2000;

/**
 * What the browser posts for one selector (`{name}.action`, `.key` (typed), `.target` (the
 * target select), `.communityKey`, `.webview`, `.params`, `.previousAction`) as a form value: the key comes from
 * the control matching the chosen action; a chosen target also names its community. A post
 * already shaped like the form value (key and communityKey) is read as it is.
 */
function postedAction(value: unknown): Record<string, unknown> {
  const raw = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const action = typeof raw.action === 'string' ? raw.action.trim() : raw.action;
  let key: unknown = raw.key;
  let communityKey: unknown = raw.communityKey;
  if (isTargetAction(action)) {
    const target = parseTargetOption(raw.target);
    if (target) {
      key = target.action === action ? target.key : '';
      if (target.action === action) communityKey = target.community;
    } else if (raw.target !== undefined) {
      key = '';
    }
  }
  const webview = raw.webview === 'on' || raw.webview === 'true' || raw.webview === true;
  // Changing the action clears the params (spec 03 §4): the form posts the action it showed.
  const changed = typeof raw.previousAction === 'string' && raw.previousAction !== action;
  return {
    action: action === undefined || action === null ? '' : action,
    key: key === undefined || key === null ? '' : key,
    webview: webview && allowsWebview(action),
    communityKey: isTargetAction(action) ? (communityKey ?? '') : '',
    params: changed ? '' : (raw.params ?? ''),
  };
}

/**
 * The form value of what the browser posted for one selector, unchecked (to show a refused post
 * again, from conform's `lastResult.initialValue`). Never throws.
 */
export function actionFormValueFromPost(posted: unknown): ActionFormValue {
  const value = postedAction(posted);
  const action = isActionKind(value.action) ? value.action : '';
  if (action === '') return { ...EMPTY_ACTION };
  return {
    action,
    key: text(value.key),
    webview: value.webview === true,
    communityKey: text(value.communityKey),
    params: text(value.params),
  };
}

/** A record an action may open (read by server/actions/targets.ts). */
export interface ActionTarget {
  key: string;
  title: string;
  community: string;
}

/** The person's communities and, per record action, the records it may open. */
export interface ActionTargets {
  communities: Array<{ key: string; title: string }>;
  byAction: Partial<Record<ActionKind, ActionTarget[]>>;
}

/** The message when the chosen record is not among the targets. */
export const targetMissing = (action: ActionKind) => `This ${ACTION_LABELS[action].toLowerCase()} no longer exists. Choose another.`;

/**
 * Why a parsed selector value does not suit the targets, or null: a record action's key must
 * name one of the targets (in the chosen community, when one is chosen) and the community must
 * be one of the person's. Typed keys and no action have nothing to check.
 */
export function actionTargetProblem(
  targets: ActionTargets,
  value: ActionFormValue,
): { field: 'key' | 'communityKey'; message: string } | null {
  if (!isTargetAction(value.action)) return null;
  if (value.communityKey !== '' && !targets.communities.some((community) => community.key === value.communityKey)) {
    return { field: 'communityKey', message: ACTION_MESSAGES.communityRequired };
  }
  const list = targets.byAction[value.action] ?? [];
  const found = list.some((target) => target.key === value.key && (value.communityKey === '' || target.community === value.communityKey));
  return found ? null : { field: 'key', message: targetMissing(value.action) };
}

/**
 * The selector's schema (spec 03 §5): 'Action is required.' when required; a chosen action needs
 * its key ('Input is required.'; a website a valid address; mailto a valid e-mail address; call a
 * phone number; a record's key a valid key, and one of `targets` when they are given);
 * 'Community Selection is required.' when the action opens a community's record and the person
 * has several communities. Changing the action empties
 * key and params in the browser; the server only keeps the key of the chosen action's control.
 */
export function actionFormSchema(options: {
  required: boolean;
  communityRequired: boolean;
  allowed?: readonly ActionKind[];
  /** When given, a record action's key must name one of these (actionTargetProblem). */
  targets?: ActionTargets;
}): z.ZodType<ActionFormValue, z.ZodTypeDef, unknown> {
  const allowed: readonly ActionKind[] = options.allowed ?? ACTIONS;
  return z.preprocess(
    postedAction,
    z
      .object({
        action: z
          .enum(ACTIONS, { errorMap: () => ({ message: ACTION_MESSAGES.actionRequired }) })
          .optional()
          .transform((value): ActionKind | '' => value ?? ''),
        key: optionalText(MAX_KEY, ACTION_MESSAGES.inputRequired),
        webview: z.boolean(),
        communityKey: optionalText(200, ACTION_MESSAGES.communityRequired),
        params: optionalText(MAX_PARAMS, ACTION_MESSAGES.invalidKey),
      })
      .superRefine((value, ctx) => {
        const issue = (path: keyof ActionFormValue, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        if (value.action === '') {
          if (options.required) issue('action', ACTION_MESSAGES.actionRequired);
          return;
        }
        if (!allowed.includes(value.action)) {
          issue('action', ACTION_MESSAGES.notAllowed);
          return;
        }
        const keyProblem = actionKeyProblem(value.action, value.key);
        if (keyProblem) issue('key', keyProblem);
        let communityProblem = false;
        if (isTargetAction(value.action)) {
          if (value.communityKey === '') {
            if (options.communityRequired) communityProblem = true;
          } else if (!isValidKey(value.communityKey)) {
            communityProblem = true;
          }
        }
        if (communityProblem) issue('communityKey', ACTION_MESSAGES.communityRequired);
        if (options.targets && !keyProblem && !communityProblem) {
          const targetProblem = actionTargetProblem(options.targets, value);
          if (targetProblem) issue(targetProblem.field, targetProblem.message);
        }
      })
      .transform((value): ActionFormValue => (value.action === '' ? { ...EMPTY_ACTION } : value)),
  );
}
