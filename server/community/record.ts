import { perRequest } from '@server/http/request-scope';
import type { CommunityRecord } from './form';
import { readCommunity, type CommunityDeps } from './setup';

/** The stored record of a community (`{product}/campground-locations/{key}`); an empty record when it has none. */
export async function loadCommunityRecord(deps: CommunityDeps, community: string, request?: Request): Promise<CommunityRecord> {
  const read = async () => (await readCommunity(deps, community)) ?? {};
  // Given the request, the record is read once for all the loaders of a page (server/http/request-scope.ts).
  return request ? perRequest(request, `community:${community}`, read) : read();
}
