/** Static catalogues of the console: menu button types, default menus, auth groups (isomorphic, pure). */
export * from './auth-groups';
export * from './menu-buttons';
export * from './default-menus';
