/**
 * The public calendar (spec 03 "Public calendar page (/calendar)", "Public calendar events",
 * §3, §7 "Public calendar and builder", §9): what the public may see of a community's calendars,
 * its pages, and the live per-calendar index they read (docs/decisions/027).
 */
export * from './calendar-index';
export * from './event-page';
export * from './json-ld';
export * from './page';
export * from './rules';
export * from './live';
export * from './manage';
