import type { MenuDeps } from './items';
import { MAIN_MENU } from './sections';

/** What the home screen shows of a community's menus (spec 01 §2.6): the main menu's header and a section's stored menu. */
export interface HomeMenuRead {
  /** The stored header-info of the main menu (app/lib/header-info.ts reads it). */
  header: unknown;
  /** The stored menu of the section. */
  menu: unknown;
}

export async function readHomeMenu({ db, paths }: MenuDeps, community: string, sectionId: string): Promise<HomeMenuRead> {
  const [header, menu] = await Promise.all([
    db.ref(paths.headerInfo(community, MAIN_MENU)).get(),
    db.ref(paths.menu(community, sectionId)).get(),
  ]);
  return { header: header.val(), menu: menu.val() };
}
