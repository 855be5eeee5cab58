import { describe, expect, it } from 'vitest';
import { formValuesOf, recordUpdate } from '.';

describe('app record ↔ form values', () => {
  it('shows flags as true/false/unset and numbers as text', () => {
    const values = formValuesOf({ enableGridMenu: true, requestLocation: false, resortsBetweenAds: 0, deploymentAssets: { appTitle: 'T', appIcon: 'u' } });
    expect(values).toMatchObject({ enableGridMenu: 'true', requestLocation: 'false', hideESPTitle: '', resortsBetweenAds: '0', appTitle: 'T', appIcon: 'u' });
  });

  it('writes unset fields as null, flags as booleans and the deployment texts under deploymentAssets, keeping asset URLs', () => {
    const update = recordUpdate({ appId: 'x', appName: 'A', enableGridMenu: 'false', resortsBetweenAds: 2, appTitle: 'T' });
    expect(update).toMatchObject({ appName: 'A', enableGridMenu: false, hideESPTitle: null, resortsBetweenAds: 2, adStartingPosition: null, 'deploymentAssets/appTitle': 'T' });
    expect(Object.keys(update)).not.toContain('deploymentAssets/appIcon');
    expect(Object.keys(update)).not.toContain('appId');
  });
});
