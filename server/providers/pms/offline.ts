import type { PmsProvider, PmsSystem } from './types';

/** The offline default: no vendor key is configured, so nothing is looked up. */
export const PMS_OFFLINE_MESSAGE = 'PMS instance lookup is offline: no vendor key is configured.';

export function createOfflinePmsProvider(system: PmsSystem): PmsProvider {
  return {
    system,
    offline: true,
    async getInstances() {
      return [];
    },
  };
}
