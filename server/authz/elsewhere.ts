import type { RealtimeDb } from '@server/db';
import { notFound } from '@server/http/responses';
import { OTHER_COMMUNITY, otherCommunityTexts, type OtherCommunityRefusal } from '~/lib/other-community';
import { canSwitchCommunity } from './access';
import type { StaffContext } from './require';

/** How many of the person's other communities are looked in (a system admin sees every community). */
const MAX_LOOKED_IN = 250;

const nameOf = (staff: StaffContext, key: string) => {
  const summary = staff.communities.find((community) => community.key === key);
  return summary?.displayName || summary?.title || key;
};

/**
 * The 404 for a listing or event the address names and the selected community does not hold:
 * when another of the person's communities holds it (`pathIn(community)` is stored there), a
 * 404 that names that community and whether the person may switch to it
 * (app/lib/other-community.ts); else the plain 404.
 */
export async function notInThisCommunity(
  db: RealtimeDb,
  staff: StaffContext,
  what: 'listing' | 'event',
  pathIn: (community: string) => string | null,
): Promise<Response> {
  const others = staff.communities.filter((community) => community.key !== staff.community).slice(0, MAX_LOOKED_IN);
  const found = await Promise.all(
    others.map(async (community) => {
      const path = pathIn(community.key);
      return path !== null && (await db.ref(path).get()).exists() ? community.key : null;
    }),
  );
  const holder = found.find((key): key is string => key !== null);
  if (!holder) return notFound();
  const canSwitch = canSwitchCommunity(staff.access);
  const body: OtherCommunityRefusal = {
    reason: OTHER_COMMUNITY,
    ...otherCommunityTexts(what, nameOf(staff, holder), nameOf(staff, staff.community), canSwitch),
    community: { key: holder, name: nameOf(staff, holder) },
    canSwitch,
  };
  return Response.json(body, { status: 404 });
}
