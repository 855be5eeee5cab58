import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { APP_SETUP_MESSAGES, APP_TEXT_LIMITS, AppSetupSchema, type AppSetupValues } from './app-setup';

type Parsed<T> = { status: 'success' | 'error'; error?: Record<string, string[] | null> | null; value?: T };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: AppSetupSchema }) as Parsed<AppSetupValues>;
};

describe('AppSetupSchema', () => {
  it("asks for an app id with the spec's message", () => {
    const result = form({ appName: 'Pine Hollow' });
    expect(result.status).toBe('error');
    expect(result.error?.appId).toEqual(['Please select an app ID.']);
    expect(form({ appId: 'a/b' }).error?.appId).toEqual([APP_SETUP_MESSAGES.appIdRequired]);
  });

  it('applies the text limits of spec 01 §5 (at the limit passes, one more fails)', () => {
    expect(APP_TEXT_LIMITS).toEqual({ appName: 30, appTitle: 30, shortDescription: 80, description: 4000, keywords: 100 });
    for (const [field, limit] of Object.entries(APP_TEXT_LIMITS)) {
      expect(form({ appId: 'x', [field]: 'a'.repeat(limit) }).status, field).toBe('success');
      const over = form({ appId: 'x', [field]: 'a'.repeat(limit + 1) });
      expect(over.error?.[field]?.[0], field).toMatch(new RegExp(`at most ${limit} characters`));
    }
  });

  it('reads three-state flags: empty is unset, true and false are kept', () => {
    const result = form({ appId: 'x', enableGridMenu: 'true', requestLocation: 'false', hideESPTitle: '' });
    expect(result.status).toBe('success');
    if (!result.value) return;
    expect(result.value.enableGridMenu).toBe('true');
    expect(result.value.requestLocation).toBe('false');
    expect(result.value.hideESPTitle).toBeUndefined();
    expect(form({ appId: 'x', enableGridMenu: 'maybe' }).status).toBe('error');
  });

  it('takes resortsBetweenAds and adStartingPosition as whole numbers of at least 0', () => {
    const ok = form({ appId: 'x', resortsBetweenAds: '0', adStartingPosition: '3' });
    expect([ok.value?.resortsBetweenAds, ok.value?.adStartingPosition]).toEqual([0, 3]);
    expect(form({ appId: 'x', resortsBetweenAds: '-1' }).error?.resortsBetweenAds).toEqual([APP_SETUP_MESSAGES.notNegative]);
    expect(form({ appId: 'x', adStartingPosition: 'two' }).error?.adStartingPosition).toEqual([APP_SETUP_MESSAGES.number]);
  });

  it('takes colours as #RRGGBB', () => {
    expect(form({ appId: 'x', colorPrimary: '#183449' }).status).toBe('success');
    expect(form({ appId: 'x', colorPrimary: 'blue' }).error?.colorPrimary).toEqual([APP_SETUP_MESSAGES.colour]);
  });

  it('takes the header URL as http(s), the tracked-link prefix as https and cLocationId as a database key', () => {
    expect(
      form({ appId: 'x', headerURL: 'https://cdn.example/h.png', adjustLinkPrefix: 'https://app.adj.st/', cLocationId: 'demo-town' })
        .status,
    ).toBe('success');
    for (const headerURL of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example/h.png', 'just words']) {
      expect(form({ appId: 'x', headerURL }).error?.headerURL, headerURL).toEqual([APP_SETUP_MESSAGES.url]);
    }
    for (const adjustLinkPrefix of ['http://app.adj.st/', 'javascript:alert(1)']) {
      expect(form({ appId: 'x', adjustLinkPrefix }).error?.adjustLinkPrefix, adjustLinkPrefix).toEqual([APP_SETUP_MESSAGES.httpsUrl]);
    }
    for (const cLocationId of ['a/b/../../../x', '.$#[]']) {
      expect(form({ appId: 'x', cLocationId }).error?.cLocationId, cLocationId).toEqual([APP_SETUP_MESSAGES.communityKey]);
    }
  });
});
