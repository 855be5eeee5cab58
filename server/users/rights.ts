/**
 * The rules of a person's rights in one community (spec 01 §3.7 "Per user per location: isEditor,
 * isAdmin, canNotify, isResortSystem", §6 roles; decision 040): who may grant or remove which
 * right. Pure: the use cases of ./manage.ts read the stored records, ask these rules, and write.
 *
 * - Only an admin of the community (or a resort system admin) changes rights in it.
 * - Nobody is raised above the rights of the person making the change: a right the actor does not
 *   hold is neither granted nor removed by them, and a person holding a right the actor lacks is
 *   changed only by someone who holds it too.
 * - Resort system rights are granted and removed by resort system admins only.
 * - The last admin of a community stays its admin.
 */

export const RIGHTS = ['isEditor', 'isAdmin', 'canNotify', 'isResortSystem'] as const;
export type Right = (typeof RIGHTS)[number];
export type Rights = Readonly<Record<Right, boolean>>;

export const NO_RIGHTS: Rights = { isEditor: false, isAdmin: false, canNotify: false, isResortSystem: false };

/** The names the screens give the rights (spec 02 §6 user groups: App Editor, App Admin, Can Send Notifications). */
export const RIGHT_LABELS: Readonly<Record<Right, string>> = {
  isEditor: 'Editor',
  isAdmin: 'Admin',
  canNotify: 'Can Send Notifications',
  isResortSystem: 'Resort System Admin',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored rights record (user-authorization/users/{uid}/communities/{community}); an absent flag is false. */
export function rightsOf(record: unknown): Rights {
  if (!isObject(record)) return NO_RIGHTS;
  return {
    isEditor: record.isEditor === true,
    isAdmin: record.isAdmin === true,
    canNotify: record.canNotify === true,
    isResortSystem: record.isResortSystem === true,
  };
}

export function hasAnyRight(rights: Rights): boolean {
  return RIGHTS.some((right) => rights[right]);
}

export function sameRights(a: Rights, b: Rights): boolean {
  return RIGHTS.every((right) => a[right] === b[right]);
}

/** The labels of the rights held, in the screens' order ("Editor, Admin"). */
export function rightsText(rights: Rights): string[] {
  return RIGHTS.filter((right) => rights[right]).map((right) => RIGHT_LABELS[right]);
}

/** A version of the rights as the form read them ("1010"): a save made against other rights is refused. */
export function rightsStamp(rights: Rights): string {
  return RIGHTS.map((right) => (rights[right] ? '1' : '0')).join('');
}

/** The person making a change: their stored rights in the community and whether they are a resort system admin anywhere. */
export interface Actor {
  uid: string;
  rights: Rights;
  isSystemAdmin: boolean;
}

/**
 * What the actor holds, as far as giving rights goes: a resort system admin holds every right;
 * an admin may send notifications and edit (spec 01 §4.2: can-notify locations are admin or
 * canNotify; edit locations editor or admin).
 */
export function heldBy(actor: Actor): Rights {
  if (actor.isSystemAdmin) return { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: true };
  const { rights } = actor;
  return {
    isEditor: rights.isEditor || rights.isAdmin,
    isAdmin: rights.isAdmin,
    canNotify: rights.canNotify || rights.isAdmin,
    isResortSystem: false,
  };
}

/** May manage the people of the community at all: its admin, or a resort system admin. */
export function canManagePeople(actor: Actor): boolean {
  return actor.isSystemAdmin || actor.rights.isAdmin;
}

export type RightsRefusal = 'not-admin' | 'system-only' | 'above-own' | 'person-above' | 'last-admin';

export const REFUSAL_TEXTS: Readonly<Record<RightsRefusal, string>> = {
  'not-admin': 'Only an admin of this community can change the rights of its people.',
  'system-only': 'Only a resort system admin can grant or remove Resort System Admin.',
  'above-own': 'You cannot grant or remove a right you do not have yourself.',
  'person-above': 'This person has rights you do not have: only someone with those rights can change theirs.',
  'last-admin': 'This is the last admin of the community. Make someone else an admin first.',
};

export interface RightsChange {
  actor: Actor;
  /** The person whose rights change. */
  target: string;
  before: Rights;
  after: Rights;
  /** The uids of the community's admins now (stored isAdmin in this community). */
  admins: readonly string[];
}

/** Whether the actor may make this change; the first rule it breaks otherwise. */
export function checkRightsChange({
  actor,
  target,
  before,
  after,
  admins,
}: RightsChange): { ok: true } | { ok: false; reason: RightsRefusal } {
  if (!canManagePeople(actor)) return { ok: false, reason: 'not-admin' };
  const held = heldBy(actor);
  const changed = RIGHTS.filter((right) => before[right] !== after[right]);
  if (changed.length === 0) return { ok: true };
  if (changed.includes('isResortSystem') && !actor.isSystemAdmin) return { ok: false, reason: 'system-only' };
  // Someone holding a right the actor lacks is out of their reach (an admin never lowers a system admin).
  if (target !== actor.uid && RIGHTS.some((right) => before[right] && !held[right])) return { ok: false, reason: 'person-above' };
  if (changed.some((right) => !held[right])) return { ok: false, reason: 'above-own' };
  if (before.isAdmin && !after.isAdmin && !admins.some((uid) => uid !== target)) return { ok: false, reason: 'last-admin' };
  return { ok: true };
}

/**
 * The rights a form asks for: the checkboxes it offered (./offeredRights) as ticked or not, every
 * other right as stored (a checkbox the form did not show is no removal).
 */
export function requestedRights(actor: Actor, before: Rights, ticked: ReadonlySet<Right>): Rights {
  const offered = offeredRights(actor);
  const result: Record<Right, boolean> = { ...before };
  for (const right of offered) result[right] = ticked.has(right);
  return result;
}

/** The rights the actor's form offers as checkboxes: the ones they hold (resort system rights only to system admins). */
export function offeredRights(actor: Actor): Right[] {
  const held = heldBy(actor);
  return RIGHTS.filter((right) => held[right] && (right !== 'isResortSystem' || actor.isSystemAdmin));
}
