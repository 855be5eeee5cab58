import { sitePath } from '@server/auth/redirect';
import { readSession } from '@server/auth/session';
import { canSwitchCommunity, requireStaff, type StaffContext } from '@server/authz';
import { readCommunityRecords, rememberChosenCommunity } from '@server/community/switch';
import { readForm } from '@server/http/form';
import { isValidKey } from '@server/paths';
import { DEFAULT_COLOR_BACKGROUND, normalizeHexColor } from '~/components/shell/colors';
import { matchesCommunityFilter } from '~/components/shell/community-filter';
import { hrefs } from '~/lib/hrefs';
import { SWITCH_REDIRECT_FIELD } from '~/lib/other-community';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';

/** One community the person may switch to. */
export interface SwitchCommunityOption {
  key: string;
  title: string;
  appName: string | null;
  place: string | null;
  color: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** 403 for people who may not switch communities (spec 03 §6, Quick Access: Switch Community). */
function mayNotSwitch(): Response {
  return Response.json({ reason: 'switch-community' }, { status: 403 });
}

/** The signed-in staff member, when they may switch communities; 403 otherwise. */
export async function requireCommunitySwitcher(request: Request): Promise<StaffContext> {
  const staff = await requireStaff(request);
  if (!canSwitchCommunity(staff.access)) throw mayNotSwitch();
  return staff;
}

/** The communities the person may manage, in the pickers' order, filtered by title or appName. */
export async function switchCommunityOptions(staff: StaffContext, query: string | null): Promise<SwitchCommunityOption[]> {
  const records = await readCommunityRecords(
    await getServices(),
    staff.communities.map((summary) => summary.key),
  );
  return staff.communities
    .map((summary, index) => {
      const stored = records[index] ?? {};
      const place = [text(stored.city), text(stored.state)].filter(Boolean).join(', ');
      return {
        key: summary.key,
        title: summary.title,
        appName: text(stored.appName),
        place: place === '' ? null : place,
        color: normalizeHexColor(stored.colorBackground) ?? DEFAULT_COLOR_BACKGROUND,
      };
    })
    .filter((option) => matchesCommunityFilter(option, query));
}

/**
 * Switches the session to the chosen community: the person must still be allowed to switch
 * and to manage that community (both checked here, on the server), then home with a toast.
 * `form` is the posted form when the route has read it already.
 */
export async function switchCommunity(request: Request, form?: FormData): Promise<Response> {
  await requireCommunitySwitcher(request);
  form ??= await readForm(request, { anyCommunity: true });
  const chosen = form.get('communityKey');
  if (typeof chosen !== 'string' || !isValidKey(chosen)) throw new Response('Choose a community.', { status: 400 });

  // 403 unless the person may manage the chosen community.
  const staff = await requireStaff(request, { community: chosen });
  const summary = staff.communities.find((community) => community.key === chosen);

  const services = await getServices();
  const session = await readSession(services.sessions, request);
  session.set('communityKey', chosen);
  // The choice is also the person's default community next time (spec 01 §7.1).
  await rememberChosenCommunity(services, staff.user.uid, chosen);
  // Back to the page that offered the switch (a listing of that community), else home.
  const back = sitePath(form.get(SWITCH_REDIRECT_FIELD));
  return redirectWithToast(
    request,
    back ?? hrefs.home(),
    { kind: 'success', message: `Switched to ${summary?.displayName ?? chosen}.` },
    { session },
  );
}
