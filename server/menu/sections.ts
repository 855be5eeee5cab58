import type { RealtimeDb } from '@server/db';
import type { Paths } from '@server/paths';
import { menuItems, type StoredMenuItem } from './sort';

/**
 * Menu sections (spec 01 §2.6, §3.2): main-menu and the submenus its Submenu (categorygrid)
 * items open, each a menu array named by the item's uniqueId. The home screen shows one of
 * them; the chosen one is remembered in the session, per community, and main-menu is the
 * default.
 */

export const MAIN_MENU = 'main-menu';
export const MAIN_MENU_TITLE = 'Main Menu';

export interface MenuSection {
  id: string;
  title: string;
  /** How many submenu levels below main-menu (0 for main-menu). */
  depth: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The most sections followed (a guard against menus that name each other in a loop). */
const MAX_SECTIONS = 50;

/**
 * Visits main-menu, then each submenu depth-first in menu order (a submenu inside a submenu
 * follows its parent), each once, with its stored items.
 */
export async function walkMenus(
  deps: { db: RealtimeDb; paths: Pick<Paths, 'menu'> },
  community: string,
  visit: (section: MenuSection, items: StoredMenuItem[]) => void,
): Promise<void> {
  const seen = new Set<string>();
  const walk = async (section: MenuSection) => {
    if (seen.has(section.id) || seen.size >= MAX_SECTIONS) return;
    seen.add(section.id);
    const items = menuItems((await deps.db.ref(deps.paths.menu(community, section.id)).get()).val());
    visit(section, items);
    for (const { value } of items) {
      const uniqueId = text(value.uniqueId);
      if (value.type === 'categorygrid' && uniqueId) {
        await walk({ id: uniqueId, title: text(value.name) ?? text(value.title) ?? uniqueId, depth: section.depth + 1 });
      }
    }
  };
  await walk({ id: MAIN_MENU, title: MAIN_MENU_TITLE, depth: 0 });
}

/** main-menu and every submenu, in walking order. */
export async function menuSections(deps: { db: RealtimeDb; paths: Pick<Paths, 'menu'> }, community: string): Promise<MenuSection[]> {
  const sections: MenuSection[] = [];
  await walkMenus(deps, community, (section) => sections.push(section));
  return sections;
}

/** The section to show: the asked one, else the remembered one, when the community has it; else main-menu. */
export function chooseSection(sections: readonly MenuSection[], ...wanted: Array<string | null | undefined>): MenuSection {
  for (const id of wanted) {
    const found = id ? sections.find((section) => section.id === id) : undefined;
    if (found) return found;
  }
  return sections[0] ?? { id: MAIN_MENU, title: MAIN_MENU_TITLE, depth: 0 };
}
