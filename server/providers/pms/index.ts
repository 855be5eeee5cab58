import type { Env } from '@server/env';
import { createCampspotProvider } from './campspot';
import { createNewbookProvider } from './newbook';
import { createOfflinePmsProvider } from './offline';
import { createRmsProvider } from './rms';
import { createStaylistProvider } from './staylist';
import type { FetchLike, PmsProvider, PmsSystem } from './types';

export * from './types';
export { PMS_OFFLINE_MESSAGE, createOfflinePmsProvider } from './offline';
export { createNewbookProvider, NEWBOOK_BASE_URL } from './newbook';
export { createRmsProvider, RMS_BASE_URL } from './rms';
export { createStaylistProvider, STAYLIST_BASE_URL } from './staylist';
export { createCampspotProvider, CAMPSPOT_BASE_URL } from './campspot';

export type PmsEnv = Pick<Env, 'NEWBOOK_API_KEY' | 'RMS_API_KEY' | 'STAYLIST_API_KEY' | 'CAMPSPOT_API_KEY'>;

/**
 * The provider for a vendor: its HTTP adapter when the vendor's key is configured, otherwise
 * the offline default (ARCHITECTURE "External services").
 */
export function pmsProviderFor(env: PmsEnv, system: PmsSystem, fetchImpl?: FetchLike): PmsProvider {
  const withFetch = fetchImpl ? { fetch: fetchImpl } : {};
  switch (system) {
    case 'newbook':
      return env.NEWBOOK_API_KEY
        ? createNewbookProvider({ credentials: env.NEWBOOK_API_KEY, ...withFetch })
        : createOfflinePmsProvider(system);
    case 'rms':
      return env.RMS_API_KEY ? createRmsProvider({ agentCredentials: env.RMS_API_KEY, ...withFetch }) : createOfflinePmsProvider(system);
    case 'staylist':
      return env.STAYLIST_API_KEY
        ? createStaylistProvider({ apiKey: env.STAYLIST_API_KEY, ...withFetch })
        : createOfflinePmsProvider(system);
    case 'campspot':
      return env.CAMPSPOT_API_KEY
        ? createCampspotProvider({ apiKey: env.CAMPSPOT_API_KEY, ...withFetch })
        : createOfflinePmsProvider(system);
  }
}
