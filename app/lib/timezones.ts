/**
 * Time zone options of the community form (spec 01 §5): the America/* and Australia/* zones
 * plus Pacific/Auckland and Pacific/Chatham, from the runtime's own list.
 */

const EXTRA_ZONES = ['Pacific/Auckland', 'Pacific/Chatham'] as const;

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}

let cached: readonly string[] | null = null;

/** The zones offered, sorted. */
export function timeZoneOptions(): readonly string[] {
  if (cached) return cached;
  const zones = supportedZones().filter((zone) => zone.startsWith('America/') || zone.startsWith('Australia/'));
  cached = [...new Set([...zones, ...EXTRA_ZONES])].sort();
  return cached;
}

/** True for a zone the form offers. */
export function isOfferedTimeZone(zone: unknown): zone is string {
  return typeof zone === 'string' && timeZoneOptions().includes(zone);
}

/**
 * The options for a community whose stored zone may be outside the list (an older record):
 * that zone is kept, first, so saving the form does not change it by accident.
 */
export function timeZoneOptionsWith(current: string | null | undefined): readonly string[] {
  if (!current || timeZoneOptions().includes(current)) return timeZoneOptions();
  return [current, ...timeZoneOptions()];
}

/** 'America/New_York' → 'America/New York'. */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}
