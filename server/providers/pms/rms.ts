import { isObject, requestJson, splitPair, text } from './http';
import { PmsError, type FetchLike, type PmsInstance, type PmsProvider } from './types';

/**
 * RMS Cloud REST API (https://restapidocs.rmscloud.com, "connecting and authentication"):
 * `POST https://restapi8.rmscloud.com/authToken` with
 * `{ agentId, agentPassword, clientId, clientPassword, useTrainingDatabase, moduleType }`
 * answers 201 `{ token, expiryDate, rmsClientId, allowedProperties: [{ clientId, clientName }] }`;
 * 401/403 for bad or insufficient credentials. The allowed properties are the instances a
 * location can be linked to: the client's id and password come from the form (spec 01 §5:
 * "RMS needs client id and password"), the agent's from RMS_API_KEY as `agentId:agentPassword`.
 * The 'staging' region uses RMS's training database.
 */
export const RMS_BASE_URL = 'https://restapi8.rmscloud.com';
export const RMS_MODULE_TYPE = ['kiosk'] as const;

const asNumberOrText = (value: string) => (/^\d+$/.test(value) ? Number(value) : value);

export function createRmsProvider(options: { agentCredentials: string; fetch?: FetchLike; baseUrl?: string }): PmsProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? RMS_BASE_URL;
  const [agentId, agentPassword] = splitPair(options.agentCredentials);
  return {
    system: 'rms',
    offline: false,
    async getInstances(query) {
      const body = await requestJson('rms', fetchImpl, `${baseUrl}/authToken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          agentId: asNumberOrText(agentId),
          agentPassword,
          clientId: asNumberOrText(query.apiClientId ?? ''),
          clientPassword: query.apiClientPassword ?? '',
          useTrainingDatabase: query.apiRegion === 'staging',
          moduleType: RMS_MODULE_TYPE,
        }),
      });
      if (!isObject(body)) throw new PmsError('rms', 'invalid-response', 'rms: unexpected answer');
      const allowed = Array.isArray(body.allowedProperties) ? body.allowedProperties : [];
      const instances: PmsInstance[] = [];
      for (const property of allowed) {
        if (!isObject(property)) continue;
        const id = text(property.clientId);
        if (!id) continue;
        instances.push({ id, text: text(property.clientName) ?? id });
      }
      return instances;
    },
  };
}
