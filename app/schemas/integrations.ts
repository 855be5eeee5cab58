import { z } from 'zod';
import { intent, intents } from '~/lib/intent';
import { isHttpUrl } from './header';

/**
 * The integrations screen (spec 01 §2.9, §3.5, §3.6, §5): a location's PMS configuration at
 * `{product}/integrations/pmsConfig/{location}` and its map configuration at
 * `…/mapConfig/{location}`. Shared by the browser (conform) and the panel's action.
 */

export const PMS_SYSTEM_OPTIONS = ['newbook', 'rms', 'staylist', 'campspot'] as const;
export const PMS_REGION_OPTIONS = ['au', 'ap', 'eu', 'us', 'staging'] as const;
export const MAP_SYSTEM_OPTIONS = ['campmap', 'campguest'] as const;

export const PMS_SYSTEM_NAMES: Record<(typeof PMS_SYSTEM_OPTIONS)[number], string> = {
  newbook: 'Newbook',
  rms: 'RMS',
  staylist: 'Staylist',
  campspot: 'Campspot',
};
export const MAP_SYSTEM_NAMES: Record<(typeof MAP_SYSTEM_OPTIONS)[number], string> = { campmap: 'CampMap', campguest: 'CampGuest' };
export const REGION_NAMES: Record<(typeof PMS_REGION_OPTIONS)[number], string> = {
  au: 'Australia (au)',
  ap: 'Asia Pacific (ap)',
  eu: 'Europe (eu)',
  us: 'United States (us)',
  staging: 'Staging',
};

export const INTEGRATIONS_MESSAGES = {
  /** Spec 01 §5. */
  locationRequired: 'Please select a location.',
  tooLong: 'This text is too long.',
  url: 'Enter an address that starts with https:// or http://.',
  /** Spec 01 §5: instance loading prerequisites (the spec gives the rule, not the words). */
  regionFirst: 'Please select an API region first.',
  rmsCredentialsFirst: 'Please enter the API client ID and client password first.',
  systemFirst: 'Please select a PMS system first.',
  /** Spec 01 §8. */
  noInstancesForRegion: 'No instances found for this region.',
  noPropertiesForCredentials: 'No properties found for these credentials.',
  loadError: (system: string) => `Error loading ${system} instances. Please check your credentials.`,
  rateLimited: (system: string) => `${system} is answering too many requests; please try again in a minute.`,
} as const;

const text = (max = 500) => z.string().trim().max(max, INTEGRATIONS_MESSAGES.tooLong).optional();

export const locationSchema = z
  .string({ required_error: INTEGRATIONS_MESSAGES.locationRequired })
  .trim()
  .min(1, INTEGRATIONS_MESSAGES.locationRequired)
  .max(200, INTEGRATIONS_MESSAGES.locationRequired)
  .regex(/^[^.$#[\]/\u0000-\u001f\u007f]+$/, INTEGRATIONS_MESSAGES.locationRequired);

export const IntegrationsSchema = z.object({
  location: locationSchema,
  // PMS
  pmsSystem: z.enum(PMS_SYSTEM_OPTIONS).optional(),
  apiRegion: z.enum(PMS_REGION_OPTIONS).optional(),
  apiKey: text(),
  apiClientId: text(),
  apiClientPassword: text(),
  apiPropertyId: text(),
  apiEndpoint: text(2000).refine((value) => value === undefined || value === '' || isHttpUrl(value), INTEGRATIONS_MESSAGES.url),
  /** An instance picked from the loaded list; it fills apiPropertyId. */
  instanceId: text(),
  // GPS Mapping
  mapSystem: z.enum(MAP_SYSTEM_OPTIONS).optional(),
  mapApiKey: text(),
  mapCode: text(),
  clientId: text(),
  siteCode: text(),
});

export type IntegrationsValues = z.infer<typeof IntegrationsSchema>;

/**
 * The form's buttons: Load Location (opens the location the picker shows), Load Instances (the
 * PMS's instance list, the form as typed) and Save Integrations.
 */
export const IntegrationsIntent = intents(intent('save'), intent('load'), intent('load-instances'));
export type IntegrationsIntentName = z.infer<typeof IntegrationsIntent>['intent'];

/**
 * Save while the picker shows another location than the one whose fields the form holds:
 * nothing is written (these fields are not that location's), and the person is told what to do.
 */
export function locationMismatchMessage(chosen: string, loaded: string | null): string {
  return loaded
    ? `The form shows the integrations of ${loaded}. Press Load Location to open ${chosen}, or choose ${loaded} again to save.`
    : `Press Load Location to open ${chosen} first: the form does not show its integrations yet.`;
}

/**
 * Why instances cannot load yet (spec 01 §5: Newbook needs a region; RMS needs client id and
 * password), or null.
 */
export function instanceLookupProblem(
  values: Pick<IntegrationsValues, 'pmsSystem' | 'apiRegion' | 'apiClientId' | 'apiClientPassword'>,
): string | null {
  if (!values.pmsSystem) return INTEGRATIONS_MESSAGES.systemFirst;
  if (values.pmsSystem === 'newbook' && !values.apiRegion) return INTEGRATIONS_MESSAGES.regionFirst;
  if (values.pmsSystem === 'rms' && (!values.apiClientId || !values.apiClientPassword)) return INTEGRATIONS_MESSAGES.rmsCredentialsFirst;
  return null;
}
