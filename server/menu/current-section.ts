import { readSession } from '@server/auth/session';
import { getServices } from '@server/services';
import { chooseSection, menuSections, type MenuSection } from './sections';

/**
 * The menu section the home screen shows (spec 01 §2.6: "a sortable grid of menu items for the
 * current menu section. The chosen section is stored; the default is main-menu"): the session
 * remembers it per community; the home grid, its sort posts and the menu item form work on it.
 */

export interface SectionChoice {
  section: MenuSection;
  sections: MenuSection[];
}

/** One answer per request and community: a page's loaders (home, and the panel beside it) share it. */
const answered = new WeakMap<Request, Map<string, Promise<SectionChoice>>>();

/** The session's section for this community, when it still exists; else main-menu. */
export function currentSection(request: Request, community: string): Promise<SectionChoice> {
  let byCommunity = answered.get(request);
  if (!byCommunity) answered.set(request, (byCommunity = new Map()));
  let choice = byCommunity.get(community);
  if (!choice) byCommunity.set(community, (choice = readSection(request, community)));
  return choice;
}

async function readSection(request: Request, community: string): Promise<SectionChoice> {
  const services = await getServices();
  const [sections, session] = await Promise.all([menuSections(services, community), readSession(services.sessions, request)]);
  const remembered = session.get('menuSection');
  const section = chooseSection(sections, remembered?.communityKey === community ? remembered.menuId : null);
  return { section, sections };
}
