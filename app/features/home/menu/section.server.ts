import { redirect } from '@remix-run/node';
import { commitOptions, readSession } from '@server/auth/session';
import { requireStaff } from '@server/authz';
import { currentSection } from '@server/menu/current-section';
import { menuSections } from '@server/menu/sections';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { SECTION_PARAM } from '~/lib/menu-targets';
import { getServices } from '~/services.server';

/**
 * The menu section the home screen shows (spec 01 §2.6: "a sortable grid of menu items for the
 * current menu section. The chosen section is stored; the default is main-menu"). The choice is
 * a form post (so it works without JavaScript) that stores it in the session; every home page,
 * sort post and menu item form then works on that section. A Submenu tile chooses its section
 * with a link (`/?section={uniqueId}`), which stores it the same way.
 */

export { currentSection, type SectionChoice } from '@server/menu/current-section';

/** Remembers the section the home grid shows (one of this community's) and shows home; 400 for another. */
export async function chooseSectionAction(request: Request, menuId: string): Promise<Response> {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const sections = await menuSections(services, community);
  if (!sections.some((section) => section.id === menuId)) {
    throw new Response('That menu section does not exist in this community any more. Reload the page and choose again.', { status: 400 });
  }
  return rememberSection(request, community, menuId);
}

/**
 * Home's address with a section (`/?section={uniqueId}`, the link of a Submenu tile,
 * app/lib/menu-targets.ts): a GET that works without JavaScript. The key of one of this
 * community's sections is remembered and home shown (a redirect to `/`); anything else, or no
 * section, is ignored (null): home shows the remembered section.
 */
export async function chooseSectionFromQuery(request: Request): Promise<Response | null> {
  const menuId = new URL(request.url).searchParams.get(SECTION_PARAM);
  if (menuId === null || !isValidKey(menuId)) return null;
  const { community } = await requireStaff(request);
  const { sections } = await currentSection(request, community);
  return sections.some((section) => section.id === menuId) ? rememberSection(request, community, menuId) : null;
}

/** Stores the section the home grid shows for this community, and shows home. */
async function rememberSection(request: Request, community: string, menuId: string): Promise<Response> {
  const services = await getServices();
  const session = await readSession(services.sessions, request);
  session.set('menuSection', { communityKey: community, menuId });
  return redirect(hrefs.home(), {
    headers: { 'Set-Cookie': await services.sessions.commitSession(session, commitOptions(session, request)) },
  });
}
