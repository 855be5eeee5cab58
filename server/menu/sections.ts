import type { RealtimeDb } from '@server/db';
import type { Paths } from '@server/paths';
import { menuItems } from './sort';

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

/** main-menu, then each submenu depth-first in menu order (a submenu inside a submenu follows its parent). */
export async function menuSections(deps: { db: RealtimeDb; paths: Pick<Paths, 'menu'> }, community: string): Promise<MenuSection[]> {
  const sections: MenuSection[] = [];
  const seen = new Set<string>();
  const visit = async (id: string, title: string, depth: number) => {
    if (seen.has(id) || sections.length >= MAX_SECTIONS) return;
    seen.add(id);
    sections.push({ id, title, depth });
    const items = menuItems((await deps.db.ref(deps.paths.menu(community, id)).get()).val());
    for (const { value } of items) {
      const uniqueId = text(value.uniqueId);
      if (value.type === 'categorygrid' && uniqueId) await visit(uniqueId, text(value.name) ?? text(value.title) ?? uniqueId, depth + 1);
    }
  };
  await visit(MAIN_MENU, MAIN_MENU_TITLE, 0);
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
