import type { DbValue, RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import { MAIN_MENU } from '@server/menu/sections';
import { PathKeyError, communityKeyFromTitle, isStudioCommunityKey, type Paths } from '@server/paths';
import { COLOR_FIELDS, type CommunityForm } from '~/schemas/community';
import { communityFormValue, communityRecordFields, type CommunityRecord, type UpdateOptions } from './form';

/**
 * Community setup (spec 01 §2.7, §4.4): saving the form, adding a community, pulling colours
 * from another community and the QR code of the community's app. Functions take the database
 * and paths so tests run them against an embedded database.
 */

export interface CommunityDeps {
  db: RealtimeDb;
  paths: Paths;
}

export { MAIN_MENU } from '@server/menu/sections';
export const PULL_COLORS_FAILED = 'Error pulling colors from campground location';
export const pulledColorsMessage = (title: string) => `Colors pulled from ${title}`;
export const COMMUNITY_SAVED = 'Community information saved.';
export const communityAddedMessage = (title: string) => `${title} was added.`;
export const communityExistsMessage = (key: string) => `A community with the key "${key}" already exists. Choose another title.`;
export const COMMUNITY_KEY_INVALID = 'This title cannot become a community key: use letters or digits.';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export async function readCommunity({ db, paths }: CommunityDeps, key: string): Promise<CommunityRecord | null> {
  const value = (await db.ref(paths.community(key)).get()).val();
  return isObject(value) ? value : null;
}

/** Spec 01 §5: the Home Screen Image field shows only for listed communities and studio keys. */
export function showsHomeScreenImage(key: string | null, record: CommunityRecord | null, listedInForm?: boolean): boolean {
  if (key && isStudioCommunityKey(key)) return true;
  return listedInForm ?? record?.listed === true;
}

/** The version of a community record as the setup form shows it (server/db/version.ts). */
export function communityVersion(record: CommunityRecord | null): string {
  return versionOf(communityFormValue(record ?? {}));
}

export type SaveCommunityResult = { ok: true } | { ok: false; conflict: { version: string; record: CommunityRecord } };

/**
 * Writes the form's fields into the community record and the `extra` paths outside it (icon
 * conversion, menu icon colours) in one multi-path update, guarded by the record (decision 019):
 * when `expectedVersion` is given (the version the form showed) and the record as stored then is
 * another, nothing is written and the answer is the record as it is. The fields the form does
 * not show are kept as stored.
 */
export async function saveCommunity(
  deps: CommunityDeps,
  key: string,
  form: CommunityForm,
  options: UpdateOptions,
  extra: Record<string, DbValue> = {},
  expectedVersion: string | null = null,
): Promise<SaveCommunityResult> {
  const fields = communityRecordFields(form, options);
  const recordPath = deps.paths.community(key);
  // The form's fields over the record as stored, and the paths outside it, in one update checked against the version.
  const writes: Record<string, DbValue> = {};
  for (const [path, value] of Object.entries(extra))
    if (path !== recordPath && !path.startsWith(`${recordPath}/`) && value !== undefined) writes[path] = value;
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) writes[`${recordPath}/${field}`] = value;
  const result = await deps.db
    .ref()
    .guardedUpdate(recordPath, (raw) => !expectedVersion || communityVersion(isObject(raw) ? raw : {}) === expectedVersion, writes);
  if (result.committed) return { ok: true };
  const raw: unknown = result.snapshot.val();
  const changed: CommunityRecord = isObject(raw) ? raw : {};
  return { ok: false, conflict: { version: communityVersion(changed), record: changed } };
}

export type AddCommunityResult = { ok: true; key: string } | { ok: false; field: 'title'; message: string };

/** The key a new community gets from its title, or why it cannot have one. */
export function newCommunityKey(title: string): { key: string } | { message: string } {
  try {
    const key = communityKeyFromTitle(title);
    if (key === 'templates') return { message: COMMUNITY_KEY_INVALID };
    return { key };
  } catch (error) {
    if (error instanceof PathKeyError) return { message: COMMUNITY_KEY_INVALID };
    throw error;
  }
}

/**
 * Adds a community: the key from its title (refused when taken), the record and its default
 * main menu written together in one multi-path update.
 */
export async function addCommunity(
  deps: CommunityDeps,
  form: CommunityForm,
  options: UpdateOptions & { mainMenu: DbValue[] },
): Promise<AddCommunityResult> {
  const derived = newCommunityKey(form.title);
  if ('message' in derived) return { ok: false, field: 'title', message: derived.message };
  const { key } = derived;
  if ((await deps.db.ref(deps.paths.community(key)).get()).exists()) {
    return { ok: false, field: 'title', message: communityExistsMessage(key) };
  }
  const fields = communityRecordFields(form, options);
  const record: Record<string, DbValue> = { active: true, communityKey: key };
  for (const [field, value] of Object.entries(fields)) if (value !== null) record[field] = value;
  // Multi-path: the record and the menu commit together or not at all.
  await deps.db.ref().update({
    [deps.paths.community(key)]: record,
    [deps.paths.menu(key, MAIN_MENU)]: options.mainMenu.length ? options.mainMenu : null,
  });
  return { ok: true, key };
}

/** The fields Pull Colors copies: the colours and the random-colour modes (spec 01 §3.1). */
export type PulledColors = Partial<Record<(typeof COLOR_FIELDS)[number], string>> & {
  colorIconShapeRandom?: boolean;
  colorIconBackgroundRandom?: boolean;
};

export type PullColorsResult = { ok: true; title: string; colors: PulledColors } | { ok: false; message: string };

/**
 * The colour fields (and the random-colour modes) of `sourceKey`, to go into `targetKey`'s form.
 * `allowed` are the communities the person may edit; anything else fails as the spec's toast.
 * Nothing is written: the form saves them with everything else.
 */
export async function readPullColors(
  deps: CommunityDeps,
  targetKey: string,
  sourceKey: string,
  allowed: readonly string[],
): Promise<PullColorsResult> {
  if (sourceKey === targetKey || !allowed.includes(sourceKey)) return { ok: false, message: PULL_COLORS_FAILED };
  const source = await readCommunity(deps, sourceKey).catch(() => null);
  if (!source) return { ok: false, message: PULL_COLORS_FAILED };
  const colors: PulledColors = {};
  for (const field of COLOR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' && value.trim() !== '') colors[field] = value.trim();
  }
  for (const field of ['colorIconShapeRandom', 'colorIconBackgroundRandom'] as const) {
    const value = source[field];
    if (typeof value === 'boolean') colors[field] = value;
  }
  if (Object.keys(colors).length === 0) return { ok: false, message: PULL_COLORS_FAILED };
  return { ok: true, title: text(source.title) ?? text(source.name) ?? sourceKey, colors };
}

/** What the QR code of a community opens: its one-link (the app's deep link), else its website. */
export function qrTarget(record: CommunityRecord): string | null {
  const packageNames = isObject(record.packageNames) ? record.packageNames : {};
  return text(packageNames.oneLink) ?? text(record.website);
}
