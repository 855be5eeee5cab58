import type { RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import type { Paths } from '@server/paths';
import { PACKAGE_FIELDS, type PackageField, type PackageNames, type PackageValue } from '~/lib/marketing';

/**
 * The package names of a community (spec 03 §3 packageNames: per community at
 * `{product}/campground-locations/{community}/packageNames`, optionally system-wide at
 * `{product}/system-data/config/packageNames`) and the package form's save (spec 03 §4
 * "Package form (marketing)"):
 *
 * - What the screen and the form show is the community's value of each field, else the
 *   system-wide one (`effectivePackageNames`).
 * - A save writes only the fields that differ from what the form showed (`changedPackageFields`;
 *   an emptied field becomes null, which removes it); nothing changed: nothing is written.
 * - Update Community Only (and everyone who is not a system administrator with more than one
 *   community) writes the changed fields at community level. Update System writes them to the
 *   system-wide record and clears them (null) at community level, so the system value shows.
 * - The form carries the version of what it showed (docs/decisions/008); the write is one
 *   guarded multi-path update (docs/decisions/019) over the record it writes to, made only while
 *   what the form showed is still what is stored.
 */

export interface PackageNamesDeps {
  db: RealtimeDb;
  paths: Pick<Paths, 'communityPackageNames' | 'systemPackageNames'>;
}

export type PackageScope = 'community' | 'system';

export interface StoredPackageNames {
  community: PackageNames;
  system: PackageNames;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored field as the form knows it: a trimmed non-empty string, or a finite number; else absent. */
function fieldValue(field: PackageField, raw: unknown): PackageValue | undefined {
  if (field === 'iosId') {
    if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw;
    if (typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim())) return Number(raw.trim());
    return undefined;
  }
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return undefined;
}

/** The form's fields of a stored packageNames record (other members and malformed values left out). */
export function packageNamesOf(raw: unknown): PackageNames {
  const names: PackageNames = {};
  if (!isObject(raw)) return names;
  for (const field of PACKAGE_FIELDS) {
    const value = fieldValue(field, raw[field]);
    if (value !== undefined) (names as Record<PackageField, PackageValue>)[field] = value;
  }
  return names;
}

/** The community's value of each field, else the system-wide one. */
export function effectivePackageNames(stored: StoredPackageNames): PackageNames {
  const names: PackageNames = {};
  for (const field of PACKAGE_FIELDS) {
    const value = stored.community[field] ?? stored.system[field];
    if (value !== undefined) (names as Record<PackageField, PackageValue>)[field] = value;
  }
  return names;
}

/** The version of what the form shows: the effective values. */
export function packageNamesVersion(stored: StoredPackageNames): string {
  return versionOf(effectivePackageNames(stored));
}

export type PackageChanges = Partial<Record<PackageField, PackageValue | null>>;

/**
 * Spec 03 §4: the fields whose posted value differs from the one the form showed; an emptied
 * field is null. The posted record holds every field of the form (absent = empty).
 */
export function changedPackageFields(shown: PackageNames, posted: PackageNames): PackageChanges {
  const changes: PackageChanges = {};
  for (const field of PACKAGE_FIELDS) {
    const before = shown[field];
    const after = posted[field];
    if (before === after) continue;
    changes[field] = after ?? null;
  }
  return changes;
}

/**
 * The writes of a save, relative to the database root: the changed fields at community level
 * (scope 'community'), or in the system-wide record with the same fields cleared at community
 * level (scope 'system').
 */
export function packageWrites(
  paths: PackageNamesDeps['paths'],
  community: string,
  scope: PackageScope,
  changes: PackageChanges,
): Record<string, PackageValue | null> {
  const writes: Record<string, PackageValue | null> = {};
  const communityPath = paths.communityPackageNames(community);
  const systemPath = paths.systemPackageNames();
  for (const [field, value] of Object.entries(changes) as Array<[PackageField, PackageValue | null]>) {
    if (scope === 'community') {
      writes[`${communityPath}/${field}`] = value;
    } else {
      writes[`${systemPath}/${field}`] = value;
      writes[`${communityPath}/${field}`] = null;
    }
  }
  return writes;
}

export async function readPackageNames(deps: PackageNamesDeps, community: string): Promise<StoredPackageNames> {
  const [communityRaw, systemRaw] = await Promise.all([
    deps.db.ref(deps.paths.communityPackageNames(community)).get(),
    deps.db.ref(deps.paths.systemPackageNames()).get(),
  ]);
  return { community: packageNamesOf(communityRaw.val()), system: packageNamesOf(systemRaw.val()) };
}

export type PackageSaveResult =
  { ok: true; written: boolean; changes: PackageChanges } | { ok: false; reason: 'conflict'; stored: StoredPackageNames; version: string };

/**
 * Saves the posted fields: only those that differ from what the form showed (the effective values
 * of the version it carries; without a version, the values stored now). A form whose version no
 * longer matches what is stored writes nothing and answers the stored values (409 for the page).
 */
export async function savePackageNames(
  deps: PackageNamesDeps,
  input: { community: string; scope: PackageScope; posted: PackageNames; version: string | null },
): Promise<PackageSaveResult> {
  const { community, scope, posted, version } = input;
  const before = await readPackageNames(deps, community);
  const conflict = async (): Promise<PackageSaveResult> => {
    const stored = await readPackageNames(deps, community);
    return { ok: false, reason: 'conflict', stored, version: packageNamesVersion(stored) };
  };
  if (version !== null && version !== packageNamesVersion(before)) return conflict();

  const changes = changedPackageFields(effectivePackageNames(before), posted);
  if (Object.keys(changes).length === 0) return { ok: true, written: false, changes };

  // The guard is the record written to; the other one is as read just before (its own writes are
  // guarded by their own saves).
  const guard = scope === 'community' ? deps.paths.communityPackageNames(community) : deps.paths.systemPackageNames();
  const expected = packageNamesVersion(before);
  const result = await deps.db.ref().guardedUpdate(
    guard,
    (raw: unknown) => {
      const now = packageNamesOf(raw);
      const stored = scope === 'community' ? { community: now, system: before.system } : { community: before.community, system: now };
      return packageNamesVersion(stored) === expected;
    },
    packageWrites(deps.paths, community, scope, changes),
  );
  if (!result.committed) return conflict();
  return { ok: true, written: true, changes };
}
