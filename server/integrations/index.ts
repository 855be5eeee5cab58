import type { DbValue, RealtimeDb } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import type { Paths } from '@server/paths';
import { PmsError, pmsProviderFor, PMS_OFFLINE_MESSAGE, type FetchLike, type PmsEnv, type PmsInstance } from '@server/providers/pms';
import { INTEGRATIONS_MESSAGES, PMS_SYSTEM_NAMES, instanceLookupProblem, type IntegrationsValues } from '~/schemas/integrations';

/**
 * Integrations of a location (spec 01 §3.5, §3.6, §7.1 "read, set
 * {product}/integrations/pmsConfig/{locationId} and mapConfig/{locationId}", §7.2
 * pmsIntegration getInstances). The screen's answers are in ./screen.ts; the route does the
 * permission check.
 */

export interface LocationChoice {
  key: string;
  title: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Every campground location (super admins see all), sorted by title. */
export async function listLocations(db: RealtimeDb, paths: Paths): Promise<LocationChoice[]> {
  const all = (await db.ref(paths.communities()).get()).val();
  if (!isObject(all)) return [];
  return Object.entries(all)
    .map(([key, value]) => {
      const record = isObject(value) ? value : {};
      return { key, title: str(record.title) || str(record.name) || key };
    })
    .sort((a, b) => a.title.localeCompare(b.title) || a.key.localeCompare(b.key));
}

/** The form's values of a location's integrations ('' for unset). */
export type IntegrationFormValues = Record<string, string>;

export const PMS_FIELDS = ['pmsSystem', 'apiRegion', 'apiKey', 'apiClientId', 'apiClientPassword', 'apiPropertyId', 'apiEndpoint'] as const;
/** Map record fields and their form names (the map's apiKey is `mapApiKey` in the form). */
export const MAP_FIELDS = {
  mapSystem: 'mapSystem',
  apiKey: 'mapApiKey',
  mapCode: 'mapCode',
  clientId: 'clientId',
  siteCode: 'siteCode',
} as const;

/** The form's values of a location's two records. */
function formValuesOf(pms: unknown, map: unknown): IntegrationFormValues {
  const pmsRecord = isObject(pms) ? pms : {};
  const mapRecord = isObject(map) ? map : {};
  const values: IntegrationFormValues = {};
  for (const field of PMS_FIELDS) values[field] = str(pmsRecord[field]);
  for (const [recordField, formField] of Object.entries(MAP_FIELDS)) values[formField] = str(mapRecord[recordField]);
  return values;
}

export async function loadIntegrations(db: RealtimeDb, paths: Paths, location: string): Promise<IntegrationFormValues> {
  const [pms, map] = await Promise.all([db.ref(paths.pmsConfig(location)).get(), db.ref(paths.mapConfig(location)).get()]);
  return formValuesOf(pms.val(), map.val());
}

/** The version of a location's integrations as the form shows them (server/db/version.ts). */
export const integrationsVersion = (values: IntegrationFormValues): string => versionOf(values);

export type SaveIntegrationsResult = { ok: true } | { ok: false; conflict: { version: string; values: IntegrationFormValues } };

/**
 * Writes both records of the location in one transaction (over the integrations node that holds
 * them); unset fields are removed and fields the form does not show are kept. When
 * `expectedVersion` is given (the version the form showed) and the records as stored then are
 * another, nothing is written and the answer is their values as they are.
 */
export async function saveIntegrations(
  db: RealtimeDb,
  paths: Paths,
  values: IntegrationsValues,
  expectedVersion: string | null = null,
): Promise<SaveIntegrationsResult> {
  const written: Record<string, Record<string, string | null>> = { pms: {}, map: {} };
  const set = (record: 'pms' | 'map', field: string, value: string | undefined) => {
    written[record]![field] = value === undefined || value === '' ? null : value;
  };
  for (const field of PMS_FIELDS) set('pms', field, field === 'apiPropertyId' ? values.instanceId || values.apiPropertyId : values[field]);
  for (const [recordField, formField] of Object.entries(MAP_FIELDS)) set('map', recordField, values[formField]);

  const root = paths.integrations();
  // Each record's path below the integrations node ('pmsConfig/{location}').
  const below = (path: string) => path.slice(root.length + 1).split('/') as [string, string];
  const [pmsGroup, location] = below(paths.pmsConfig(values.location));
  const [mapGroup] = below(paths.mapConfig(values.location));
  let conflict: IntegrationFormValues | null = null;
  await db.ref(root).transaction((raw) => {
    conflict = null;
    const current = isObject(raw) ? raw : {};
    const group = (name: string) => (isObject(current[name]) ? (current[name] as Record<string, unknown>) : {});
    const pms = group(pmsGroup)[location];
    const map = group(mapGroup)[location];
    if (expectedVersion && integrationsVersion(formValuesOf(pms, map)) !== expectedVersion) {
      conflict = formValuesOf(pms, map);
      return unchanged(raw);
    }
    const merged = (record: unknown, fields: Record<string, string | null>) => {
      const next: Record<string, unknown> = { ...(isObject(record) ? record : {}) };
      for (const [field, value] of Object.entries(fields)) {
        if (value === null) delete next[field];
        else next[field] = value;
      }
      return Object.keys(next).length > 0 ? next : null;
    };
    const next: Record<string, unknown> = { ...current };
    for (const [name, record, fields] of [
      [pmsGroup, pms, written.pms!],
      [mapGroup, map, written.map!],
    ] as const) {
      const groupValue: Record<string, unknown> = { ...group(name) };
      const value = merged(record, fields);
      if (value === null) delete groupValue[location];
      else groupValue[location] = value;
      next[name] = Object.keys(groupValue).length > 0 ? groupValue : null;
    }
    return next as DbValue;
  });
  const changed = conflict as IntegrationFormValues | null;
  return changed ? { ok: false, conflict: { version: integrationsVersion(changed), values: changed } } : { ok: true };
}

export type InstanceLookup =
  { status: 'loaded'; instances: PmsInstance[] } | { status: 'empty' | 'offline' | 'invalid' | 'error'; instances: []; message: string };

/**
 * The instance list of the PMS the form names (spec 01 §5 prerequisites, §8 messages), through
 * the PMS provider port (HTTP adapter when the vendor key is configured, else offline).
 */
export async function lookUpInstances(
  env: PmsEnv,
  values: Pick<IntegrationsValues, 'pmsSystem' | 'apiRegion' | 'apiClientId' | 'apiClientPassword' | 'apiKey'>,
  options: { fetch?: FetchLike; log?: Pick<Console, 'error'> } = {},
): Promise<InstanceLookup> {
  const problem = instanceLookupProblem(values);
  if (problem || !values.pmsSystem) return { status: 'invalid', instances: [], message: problem ?? INTEGRATIONS_MESSAGES.systemFirst };
  const system = values.pmsSystem;
  const provider = pmsProviderFor(env, system, options.fetch);
  if (provider.offline) return { status: 'offline', instances: [], message: PMS_OFFLINE_MESSAGE };
  const name = PMS_SYSTEM_NAMES[system];
  try {
    const instances = await provider.getInstances({
      pmsSystem: system,
      ...(values.apiRegion ? { apiRegion: values.apiRegion } : {}),
      ...(values.apiClientId ? { apiClientId: values.apiClientId } : {}),
      ...(values.apiClientPassword ? { apiClientPassword: values.apiClientPassword } : {}),
      ...(values.apiKey ? { apiKey: values.apiKey } : {}),
    });
    if (instances.length > 0) return { status: 'loaded', instances };
    return {
      status: 'empty',
      instances: [],
      message: system === 'newbook' ? INTEGRATIONS_MESSAGES.noInstancesForRegion : INTEGRATIONS_MESSAGES.noPropertiesForCredentials,
    };
  } catch (error) {
    (options.log ?? console).error(`PMS instance lookup failed (${system}):`, error);
    if (error instanceof PmsError && error.kind === 'rate-limited')
      return { status: 'error', instances: [], message: INTEGRATIONS_MESSAGES.rateLimited(name) };
    return { status: 'error', instances: [], message: INTEGRATIONS_MESSAGES.loadError(name) };
  }
}
