import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import type { RealtimeDb } from '@server/db/types';
import type { Env } from '@server/env';
import { isValidKey, type Paths } from '@server/paths';
import { pmsProviderFor, PMS_OFFLINE_MESSAGE, PMS_SYSTEMS, type PmsInstance } from '@server/providers/pms';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { INTEGRATIONS_MESSAGES, IntegrationsSchema, locationMismatchMessage, type IntegrationsIntentName } from '~/schemas/integrations';
import {
  integrationsVersion,
  listLocations,
  loadIntegrations,
  lookUpInstances,
  saveIntegrations,
  type IntegrationFormValues,
  type LocationChoice,
} from './index';

/**
 * The integrations screen (spec 01 §2.9, §3.5, §3.6, §5, §8), for super admins: what it shows,
 * and what each of its buttons does. The location picker is part of the form: Load Location
 * opens the chosen location, and Save writes to the location the form shows, and only when that
 * is the location the picker shows. The route checks the permission and turns an answer into a
 * response.
 */

export interface IntegrationsDeps {
  db: RealtimeDb;
  paths: Paths;
  env: Env;
}

/** Spec 01 §8 toasts of the integrations screen. */
export const INTEGRATIONS_TOASTS = {
  locationsError: 'Error loading available locations',
  noLocations: 'No campground locations available',
  loadError: 'Error loading integration configuration',
  saveError: 'Error saving integration configuration',
  saved: (id: string) => `Integration configuration for ${id} updated successfully!`,
} as const;

export interface IntegrationsLoaderData {
  locations: LocationChoice[];
  /** 'Error loading available locations' or 'No campground locations available'. */
  locationsError: string | null;
  location: string | null;
  values: IntegrationFormValues;
  loadError: string | null;
  /** PMS systems whose instance lookup is offline (no vendor key configured). */
  offlineSystems: string[];
  /** What the screen says while the chosen system's lookup is offline. */
  offlineNote: string;
  /** The version of the location's integrations as shown (app/lib/conflict.ts); null without a location. */
  version: string | null;
}

export interface IntegrationsActionData {
  result: SubmissionResult<string[]>;
  intent: IntegrationsIntentName;
  /** The instance lookup's answer (load-instances). */
  instances?: PmsInstance[];
  instancesMessage?: { tone: 'error' | 'info' | 'warning'; text: string } | null;
  /** The version the form holds: the one it was posted with, or the stored one after a conflict. */
  version?: string | null;
  /** Someone else saved the location's integrations meanwhile: their values, and the version Save now replaces. */
  conflict?: Conflict | null;
}

/** What a post comes to: the form again (with a status), another location to open, or a save. */
export type IntegrationsAnswer =
  | { kind: 'form'; status: number; body: IntegrationsActionData }
  | { kind: 'open'; location: string }
  | { kind: 'saved'; location: string; message: string };

/** The labels of the fields a conflict lists (the form's own labels). */
const CONFLICT_LABELS: Record<string, string> = {
  pmsSystem: 'PMS System',
  apiRegion: 'API Region',
  apiKey: 'API Key',
  apiClientId: 'API Client ID',
  apiClientPassword: 'API Client Password',
  apiPropertyId: 'API Property ID',
  apiEndpoint: 'API Endpoint',
  mapSystem: 'Map System',
  mapApiKey: 'Map API Key',
  mapCode: 'Map Code',
  clientId: 'Client ID',
  siteCode: 'Site Code',
};
/** Credentials are named as changed, never shown. */
const SECRET_FIELDS = ['apiKey', 'apiClientPassword', 'mapApiKey'];

export const integrationsPath = (location?: string | null) =>
  hrefs.homeAction('integrations', location ? new URLSearchParams({ location }) : undefined);

/** A location key from the address or the form, or null when there is none (or it is not a database key). */
export function locationOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && isValidKey(text) ? text : null;
}

/** The screen for the location `location` names (?location=), or for none. */
export async function loadIntegrationsScreen(
  { db, paths, env }: IntegrationsDeps,
  location: string | null,
): Promise<IntegrationsLoaderData> {
  let locations: LocationChoice[] = [];
  let locationsError: string | null = null;
  try {
    locations = await listLocations(db, paths);
    if (locations.length === 0) locationsError = INTEGRATIONS_TOASTS.noLocations;
  } catch (error) {
    console.error('Loading the locations failed:', error);
    locationsError = INTEGRATIONS_TOASTS.locationsError;
  }

  let values: IntegrationFormValues = {};
  let version: string | null = null;
  let loadError: string | null = null;
  if (location) {
    try {
      values = await loadIntegrations(db, paths, location);
      version = integrationsVersion(values);
    } catch (error) {
      console.error(`Loading the integrations of ${location} failed:`, error);
      loadError = INTEGRATIONS_TOASTS.loadError;
    }
  }
  const offlineSystems = PMS_SYSTEMS.filter((system) => pmsProviderFor(env, system).offline);
  return {
    locations,
    locationsError,
    location,
    values: { ...values, location: location ?? '' },
    loadError,
    offlineSystems,
    offlineNote: PMS_OFFLINE_MESSAGE,
    version,
  };
}

/** A post of the form; `loaded` is the location the form shows (the address it posts to). */
export async function answerIntegrations(
  { db, paths, env }: IntegrationsDeps,
  intent: IntegrationsIntentName,
  formData: FormData,
  loaded: string | null,
): Promise<IntegrationsAnswer> {
  // Every answer that shows the form again keeps the version it was posted with.
  const version = postedVersion(formData);
  const form = (body: IntegrationsActionData, status = 200): IntegrationsAnswer => ({ kind: 'form', status, body: { version, ...body } });
  const submission = parseWithZod(formData, { schema: IntegrationsSchema });
  /** The form as typed with only the step's own errors (Load Location is not a save). */
  const asTyped = (fieldErrors: Record<string, string[]>) => ({ ...submission.reply(), error: fieldErrors });

  // The location the picker shows.
  const chosen = locationOf(formData.get('location'));
  if (intent === 'load') {
    if (!chosen) return form({ result: asTyped({ location: [INTEGRATIONS_MESSAGES.locationRequired] }), intent }, 400);
    return { kind: 'open', location: chosen };
  }

  if (intent === 'load-instances') {
    // The lookup needs only the PMS fields; a missing location does not stop it.
    // Each field on its own: an empty or unknown value counts as not given.
    const pick = <Schema extends z.ZodTypeAny>(schema: Schema, name: string): z.output<Schema> | undefined => {
      const value = formData.get(name);
      const parsed = schema.safeParse(value === '' ? undefined : value);
      return parsed.success ? parsed.data : undefined;
    };
    const shape = IntegrationsSchema.shape;
    const lookup = await lookUpInstances(env, {
      pmsSystem: pick(shape.pmsSystem, 'pmsSystem'),
      apiRegion: pick(shape.apiRegion, 'apiRegion'),
      apiClientId: pick(shape.apiClientId, 'apiClientId'),
      apiClientPassword: pick(shape.apiClientPassword, 'apiClientPassword'),
      apiKey: pick(shape.apiKey, 'apiKey'),
    });
    // Show the form again as typed, without validation errors.
    const result = submission.reply({ formErrors: [], fieldErrors: {} });
    return form(
      {
        result: { ...result, error: {} },
        intent,
        instances: lookup.instances,
        instancesMessage:
          lookup.status === 'loaded'
            ? null
            : { tone: lookup.status === 'offline' ? 'info' : lookup.status === 'empty' ? 'warning' : 'error', text: lookup.message },
      },
      lookup.status === 'invalid' ? 400 : 200,
    );
  }

  // Another location is chosen than the one whose fields the form shows: writing these fields
  // to it would overwrite its configuration with another location's.
  if (chosen && chosen !== loaded) {
    return form({ result: asTyped({ location: [locationMismatchMessage(chosen, loaded)] }), intent }, 400);
  }
  if (submission.status !== 'success') return form({ result: submission.reply(), intent }, 400);
  const values = submission.value;
  let saved;
  try {
    saved = await saveIntegrations(db, paths, values, loaded === values.location ? version : null);
  } catch (error) {
    console.error(`Saving the integrations of ${values.location} failed:`, error);
    return form({ result: submission.reply({ formErrors: [INTEGRATIONS_TOASTS.saveError] }), intent }, 500);
  }
  if (!saved.ok) {
    // Nothing written: the form as typed, their values beside it, and the version Save now replaces.
    const rows = conflictRows(CONFLICT_LABELS, saved.conflict.values, {
      ...values,
      apiPropertyId: values.instanceId || values.apiPropertyId,
    });
    const secret = new Set(SECRET_FIELDS.map((field) => CONFLICT_LABELS[field]));
    const conflict: Conflict = {
      message: conflictMessage(`The integrations of ${values.location}`),
      version: saved.conflict.version,
      theirs: rows.map((row) => (secret.has(row.label) && row.value !== '(empty)' ? { ...row, value: '(changed)' } : row)),
    };
    return form({ result: submission.reply(), intent, version: conflict.version, conflict }, 409);
  }
  return { kind: 'saved', location: values.location, message: INTEGRATIONS_TOASTS.saved(values.location) };
}
