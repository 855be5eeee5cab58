/**
 * Who a restricted menu item is for, and the ids menu items may not take (spec 02 §5, §6;
 * spec 03 §6 "Menu item auth tags"). Isomorphic and pure.
 */

/** The fixed auth tags of a restricted menu item. */
export const AUTH_TAGS = ['canNotify', 'canScan', 'isAdmin', 'isEditor', 'isLoggedIn', 'isLoggedOut'] as const;
export type AuthTag = (typeof AUTH_TAGS)[number];

export interface AuthGroup {
  /** What the menu item's `auth` list stores. */
  value: string;
  title: string;
  /** Fixed groups carry a tag; custom and systemwide user groups do not. */
  tag?: AuthTag;
  kind: 'fixed' | 'location' | 'systemwide';
}

/** Spec 02 §6: the fixed groups a restricted menu item can be limited to. */
export const FIXED_AUTH_GROUPS: readonly AuthGroup[] = [
  { value: 'isAdmin', tag: 'isAdmin', title: 'App Admin', kind: 'fixed' },
  { value: 'isEditor', tag: 'isEditor', title: 'App Editor', kind: 'fixed' },
  { value: 'canScan', tag: 'canScan', title: 'Can Scan Rewards', kind: 'fixed' },
  { value: 'canNotify', tag: 'canNotify', title: 'Can Send Notifications', kind: 'fixed' },
  { value: 'isLoggedIn', tag: 'isLoggedIn', title: 'User is logged in', kind: 'fixed' },
  { value: 'isLoggedOut', tag: 'isLoggedOut', title: 'User is NOT logged in', kind: 'fixed' },
];

/** A user group of messages-config/topics (type 'user-group'). */
export interface UserGroupTopic {
  key: string;
  title: string;
}

/**
 * The choices of the restricted item's User Group select, in the spec's order: App Admin, the
 * location's custom user groups, the systemwide groups, then App Editor, Can Scan Rewards, Can
 * Send Notifications, User is logged in, User is NOT logged in.
 */
export function authGroupOptions(
  locationGroups: readonly UserGroupTopic[] = [],
  systemwideGroups: readonly UserGroupTopic[] = [],
): AuthGroup[] {
  const [admin, ...rest] = FIXED_AUTH_GROUPS as [AuthGroup, ...AuthGroup[]];
  return [
    admin,
    ...locationGroups.map((group) => ({ value: group.key, title: group.title, kind: 'location' as const })),
    ...systemwideGroups.map((group) => ({ value: group.key, title: group.title, kind: 'systemwide' as const })),
    ...rest,
  ];
}

/** Spec 02 §5: the restricted item's auth list is required. */
export const AUTH_REQUIRED_MESSAGE = 'User group is required when item is restricted.';

/** Spec 02 §5: names a generated uniqueId must not take (they are sections of the community's data). */
export const RESERVED_UNIQUE_IDS = [
  'ads',
  'audience',
  'business-detail',
  'config',
  'custom-forms',
  'event-printout',
  'hunts',
  'main-menu',
  'searchablemap-detail',
  'messages',
  'messages-config',
  'rewards',
  'store',
] as const;

export const isReservedUniqueId = (id: string): boolean => (RESERVED_UNIQUE_IDS as readonly string[]).includes(id);

/** Spec 02 §8: a menu item without any identifier. */
export const MISSING_UNIQUE_ID_MESSAGE = 'Missing Unique ID, please contact support.';

/** A title as an id: lower-case, apostrophes removed, runs of other characters as one hyphen. */
export function slugForUniqueId(title: string): string {
  return title
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The uniqueId generated for a new menu item from its title (spec 02 §5): the title's slug,
 * with the timestamp `now` (epoch ms) as a '-{now}' suffix when the slug is empty, reserved or
 * already used by another item of the community.
 */
export function uniqueIdFor(title: string, existing: Iterable<string>, now: number): string {
  const slug = slugForUniqueId(title);
  const taken = new Set(existing);
  if (slug !== '' && !isReservedUniqueId(slug) && !taken.has(slug)) return slug;
  return slug === '' ? String(now) : `${slug}-${now}`;
}
