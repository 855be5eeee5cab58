import type { CommunityRecord } from './form';
import { readCommunity, type CommunityDeps } from './setup';

/**
 * Switch Community's reads and write (spec 01 §7.1, spec 03 §6 Quick Access): the records of the
 * communities the person may switch to, and the chosen one kept as their default community.
 */

/** The stored records of the communities, in their order (an empty record for one without). */
export async function readCommunityRecords(deps: CommunityDeps, keys: readonly string[]): Promise<CommunityRecord[]> {
  return Promise.all(keys.map(async (key) => (await readCommunity(deps, key)) ?? {}));
}

/** The chosen community is also the person's default community next time. */
export async function rememberChosenCommunity({ db, paths }: CommunityDeps, uid: string, community: string): Promise<void> {
  await db.ref(paths.userEditorDefault(uid)).set(community);
}
