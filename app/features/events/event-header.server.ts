import { requireStaff } from '@server/authz';
import { eventHeaderOf, staffEditorTarget } from '@server/events/editor';
import { getServices } from '~/services.server';

/**
 * The header editor of a saved event (`/detail/events/:calendarId/:itemId/header-images`): the
 * shared header editor on the event's own headerInfo (server/events/editor/header.ts); the route
 * hands this target to it. The person's rights on the event are checked before any body is read.
 */
export async function eventHeaderTarget(request: Request, params: Record<string, string | undefined>, archivedView = false) {
  const staff = await requireStaff(request);
  const target = await staffEditorTarget(await getServices(), staff, params, 'edit', archivedView);
  return { community: target.community, target: eventHeaderOf(target, new URL(request.url).pathname) };
}
