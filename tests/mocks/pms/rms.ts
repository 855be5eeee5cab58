import { http, HttpResponse } from 'msw';
import { RMS_BASE_URL } from '@server/providers/pms';

/**
 * RMS Cloud's `POST /authToken` as documented: 201 with `allowedProperties`, 403 for invalid
 * credentials. Behaviour by input: agent 15 / 'agent-pass' is the only agent; client 11281 with
 * 'client-pass' has three properties; client 11290 with 'client-pass' has none; client 429 → 429
 * with Retry-After 60; anything else → 403.
 */
export const RMS_AGENT = '15:agent-pass';
export const RMS_CLIENT_ID = '11281';
export const RMS_EMPTY_CLIENT_ID = '11290';
export const RMS_CLIENT_PASSWORD = 'client-pass';

export const RMS_ALLOWED_PROPERTIES = [
  { clientName: 'API Test Database', clientId: 11281 },
  { clientName: 'Test property 1', clientId: 11282 },
  { clientName: 'Test property 2', clientId: 11283 },
];

export const rmsRequests: unknown[] = [];

export const rmsHandlers = [
  http.post(`${RMS_BASE_URL}/authToken`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    rmsRequests.push(body);
    if (body.clientId === 429) return new HttpResponse(null, { status: 429, headers: { 'Retry-After': '60' } });
    const agentOk = body.agentId === 15 && body.agentPassword === 'agent-pass';
    if (!agentOk || body.clientPassword !== RMS_CLIENT_PASSWORD) return new HttpResponse('Invalid Credentials', { status: 403 });
    const base = { token: 'eyJhbGciOiJIUzI1NiJ9.test', expiryDate: '2030-01-01 00:00:00' };
    if (body.clientId === 11281)
      return HttpResponse.json({ ...base, rmsClientId: 11281, allowedProperties: RMS_ALLOWED_PROPERTIES }, { status: 201 });
    if (body.clientId === 11290) return HttpResponse.json({ ...base, rmsClientId: 11290, allowedProperties: [] }, { status: 201 });
    return new HttpResponse('Invalid Credentials', { status: 403 });
  }),
];
