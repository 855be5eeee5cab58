import type { DbValue } from '@server/db/types';
import { versionOf } from '@server/db/version';
import type { ListDeps } from '@server/listing/source';

/**
 * A community's rewards config (`location-data/{community}/rewards/config`, the record the menu
 * item editor reads, spec 02 §7; decision 045). The spec names the record, not its fields; the
 * console edits the three the rewards scans need: the program's name in the app and the points
 * a dollar of a store purchase and of a reservation purchase earns. Other fields stored there
 * are kept as they are.
 *
 * The form carries the version of what it showed (decision 008); the save is one guarded update
 * (decision 019) over the config, written only while the stored fields are still those.
 */

type Deps = Pick<ListDeps, 'db' | 'paths'>;

export type RewardsConfig = {
  /** The rewards program's name in the app ('' when unset). */
  title: string;
  storePointsPerDollar: number;
  reservationPointsPerDollar: number;
};

export const REWARDS_CONFIG_FIELDS = ['title', 'storePointsPerDollar', 'reservationPointsPerDollar'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whole = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/** The form's fields of a stored config (malformed values as their defaults). */
export function rewardsConfigOf(raw: unknown): RewardsConfig {
  const record = isObject(raw) ? raw : {};
  return {
    title: typeof record.title === 'string' ? record.title.trim() : '',
    storePointsPerDollar: whole(record.storePointsPerDollar),
    reservationPointsPerDollar: whole(record.reservationPointsPerDollar),
  };
}

export const rewardsConfigVersion = (config: RewardsConfig): string => versionOf(config);

export async function readRewardsConfig(deps: Deps, community: string): Promise<RewardsConfig> {
  return rewardsConfigOf((await deps.db.ref(deps.paths.rewardsConfig(community)).get()).val());
}

export type RewardsConfigSaveResult = { ok: true } | { ok: false; reason: 'conflict'; stored: RewardsConfig; version: string };

/** Saves the form's fields; a form whose version is not the stored one writes nothing (409 for the page). */
export async function saveRewardsConfig(
  deps: Deps,
  community: string,
  input: { config: RewardsConfig; version: string | null },
): Promise<RewardsConfigSaveResult> {
  const path = deps.paths.rewardsConfig(community);
  const expected = input.version ?? rewardsConfigVersion(await readRewardsConfig(deps, community));
  const writes: Record<string, DbValue> = {};
  for (const field of REWARDS_CONFIG_FIELDS)
    writes[`${path}/${field}`] = field === 'title' && input.config.title === '' ? null : input.config[field];
  const result = await deps.db.ref().guardedUpdate(path, (raw: unknown) => rewardsConfigVersion(rewardsConfigOf(raw)) === expected, writes);
  if (result.committed) return { ok: true };
  const stored = await readRewardsConfig(deps, community);
  return { ok: false, reason: 'conflict', stored, version: rewardsConfigVersion(stored) };
}
