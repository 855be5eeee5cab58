/**
 * Menu item types whose content is a list of the listing framework (spec 03 §9 list-screen
 * mappings): a home tile of one of these types opens `/list/{menuId}/{uniqueId}`. The registry
 * (./contexts.ts) names, for each list context, the types that open it; its test holds the two
 * together.
 */
export const LIST_MENU_TYPES = [
  'business',
  'simple',
  'faqs',
  'history',
  'regulations',
  'contacts',
  'dining',
  'recreation',
  'services',
  'attractions',
  'reservations',
  'categorygrid',
  'store',
  'events',
] as const;

export type ListMenuType = (typeof LIST_MENU_TYPES)[number];

export function isListMenuType(type: unknown): type is ListMenuType {
  return typeof type === 'string' && (LIST_MENU_TYPES as readonly string[]).includes(type);
}
