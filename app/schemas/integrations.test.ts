import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { INTEGRATIONS_MESSAGES, IntegrationsSchema, instanceLookupProblem } from './integrations';

type Parsed<T> = { status: 'success' | 'error'; error?: Record<string, string[] | null> | null; value?: T };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: IntegrationsSchema }) as Parsed<unknown>;
};

describe('IntegrationsSchema', () => {
  it("asks for a location with the spec's message", () => {
    expect(form({ pmsSystem: 'newbook' }).error?.location).toEqual(['Please select a location.']);
  });

  it('takes the PMS systems, regions and map systems of spec 01 §3.5, §3.6', () => {
    for (const pmsSystem of ['newbook', 'rms', 'staylist', 'campspot']) expect(form({ location: 'a', pmsSystem }).status).toBe('success');
    for (const apiRegion of ['au', 'ap', 'eu', 'us', 'staging']) expect(form({ location: 'a', apiRegion }).status).toBe('success');
    for (const mapSystem of ['campmap', 'campguest']) expect(form({ location: 'a', mapSystem }).status).toBe('success');
    expect(form({ location: 'a', pmsSystem: 'opera' }).status).toBe('error');
    expect(form({ location: 'a', apiRegion: 'mars' }).status).toBe('error');
    expect(form({ location: 'a', mapSystem: 'google' }).status).toBe('error');
  });
});

describe('IntegrationsSchema addresses', () => {
  it('takes the PMS API endpoint as an http(s) address only', () => {
    expect(form({ location: 'a', apiEndpoint: 'https://api.pms.example/v1' }).status).toBe('success');
    for (const apiEndpoint of ['javascript:alert(1)', 'file:///etc/passwd', 'gopher://x.example', 'words']) {
      expect(form({ location: 'a', apiEndpoint }).error?.apiEndpoint, apiEndpoint).toEqual([INTEGRATIONS_MESSAGES.url]);
    }
  });
});

describe('instanceLookupProblem (spec 01 §5)', () => {
  it('needs a region for Newbook and client id and password for RMS', () => {
    expect(instanceLookupProblem({ pmsSystem: 'newbook' })).toBe(INTEGRATIONS_MESSAGES.regionFirst);
    expect(instanceLookupProblem({ pmsSystem: 'newbook', apiRegion: 'us' })).toBeNull();
    expect(instanceLookupProblem({ pmsSystem: 'rms', apiClientId: '1' })).toBe(INTEGRATIONS_MESSAGES.rmsCredentialsFirst);
    expect(instanceLookupProblem({ pmsSystem: 'rms', apiClientId: '1', apiClientPassword: 'p' })).toBeNull();
    expect(instanceLookupProblem({ pmsSystem: 'campspot' })).toBeNull();
    expect(instanceLookupProblem({})).toBe(INTEGRATIONS_MESSAGES.systemFirst);
  });

  it("words the spec's errors", () => {
    expect(INTEGRATIONS_MESSAGES.loadError('Newbook')).toBe('Error loading Newbook instances. Please check your credentials.');
    expect(INTEGRATIONS_MESSAGES.noInstancesForRegion).toBe('No instances found for this region.');
    expect(INTEGRATIONS_MESSAGES.noPropertiesForCredentials).toBe('No properties found for these credentials.');
  });
});
