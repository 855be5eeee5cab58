import { versionOf } from '@server/db/version';
import type { DollarsDeps } from './ledger';

/**
 * The product's dollars config (`{product}/amc-dollars/config`; spec 01 §3.8 "A dollars-enabled
 * configuration flag", spec 03 §6: the Dollars button needs it; decision 045). The console edits
 * `enabled`; the ledger's version (decision 041) lives beside it and is never written here.
 * The form carries the version of what it showed (decision 008); the save is one guarded update
 * (decision 019) over `enabled`.
 */

export type DollarsConfig = {
  enabled: boolean;
};

export const dollarsConfigOf = (enabled: unknown): DollarsConfig => ({ enabled: enabled === true });
export const dollarsConfigVersion = (config: DollarsConfig): string => versionOf(config);

export async function readDollarsConfig(deps: DollarsDeps): Promise<DollarsConfig> {
  return dollarsConfigOf((await deps.db.ref(deps.paths.dollarsEnabled()).get()).val());
}

export type DollarsConfigSaveResult = { ok: true } | { ok: false; reason: 'conflict'; stored: DollarsConfig; version: string };

export async function saveDollarsConfig(
  deps: DollarsDeps,
  input: { config: DollarsConfig; version: string | null },
): Promise<DollarsConfigSaveResult> {
  const path = deps.paths.dollarsEnabled();
  const expected = input.version ?? dollarsConfigVersion(await readDollarsConfig(deps));
  const result = await deps.db
    .ref()
    .guardedUpdate(path, (raw: unknown) => dollarsConfigVersion(dollarsConfigOf(raw)) === expected, { [path]: input.config.enabled });
  if (result.committed) return { ok: true };
  const stored = await readDollarsConfig(deps);
  return { ok: false, reason: 'conflict', stored, version: dollarsConfigVersion(stored) };
}
