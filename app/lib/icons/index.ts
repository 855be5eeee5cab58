/** Icons of the console: sets, library, colours, drawing and sanitizing (isomorphic, pure). */
export * from './icon-sets';
export * from './sanitize';
export * from './library';
export * from './colors';
export * from './render';
export * from './social';
