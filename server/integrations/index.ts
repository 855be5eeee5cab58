import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { PmsError, pmsProviderFor, PMS_OFFLINE_MESSAGE, type FetchLike, type PmsEnv, type PmsInstance } from '@server/providers/pms';
import { INTEGRATIONS_MESSAGES, PMS_SYSTEM_NAMES, instanceLookupProblem, type IntegrationsValues } from '~/schemas/integrations';

/**
 * Integrations of a location (spec 01 §3.5, §3.6, §7.1 "read, set
 * {product}/integrations/pmsConfig/{locationId} and mapConfig/{locationId}", §7.2
 * pmsIntegration getInstances). The route (app/routes/_app._home.integrations/integrations.server.ts)
 * does the permission check, parsing and toasts.
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

export async function loadIntegrations(db: RealtimeDb, paths: Paths, location: string): Promise<IntegrationFormValues> {
  const [pms, map] = await Promise.all([db.ref(paths.pmsConfig(location)).get(), db.ref(paths.mapConfig(location)).get()]);
  const pmsRecord = isObject(pms.val()) ? (pms.val() as Record<string, unknown>) : {};
  const mapRecord = isObject(map.val()) ? (map.val() as Record<string, unknown>) : {};
  const values: IntegrationFormValues = {};
  for (const field of PMS_FIELDS) values[field] = str(pmsRecord[field]);
  for (const [recordField, formField] of Object.entries(MAP_FIELDS)) values[formField] = str(mapRecord[recordField]);
  return values;
}

/** Writes both records in one atomic multi-path update; unset fields are removed. */
export async function saveIntegrations(db: RealtimeDb, paths: Paths, values: IntegrationsValues): Promise<void> {
  const pmsPath = paths.pmsConfig(values.location);
  const mapPath = paths.mapConfig(values.location);
  const update: Record<string, string | null> = {};
  const set = (path: string, value: string | undefined) => {
    update[path] = value === undefined || value === '' ? null : value;
  };
  for (const field of PMS_FIELDS) {
    const value = field === 'apiPropertyId' ? values.instanceId || values.apiPropertyId : values[field];
    set(`${pmsPath}/${field}`, value);
  }
  for (const [recordField, formField] of Object.entries(MAP_FIELDS)) set(`${mapPath}/${recordField}`, values[formField]);
  await db.ref('').update(update);
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
