import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACTION_MESSAGES,
  ACTIONS,
  actionFormSchema,
  actionFormValue,
  actionFormValueFromPost,
  actionKeyProblem,
  actionRecord,
  actionTargetProblem,
  EMPTY_ACTION,
  parseTargetOption,
  targetMissing,
  targetOptionValue,
  type ActionFormValue,
  type ActionTargets,
} from './actions';

const value = (fields: Partial<ActionFormValue>): ActionFormValue => ({ ...EMPTY_ACTION, ...fields });

function post(entries: Array<[string, string]>, options = { required: false, communityRequired: false }) {
  const data = new FormData();
  for (const [name, entry] of entries) data.append(name, entry);
  return parseWithZod(data, { schema: z.object({ link: actionFormSchema(options) }) });
}
const errorsOf = (submission: ReturnType<typeof post>) => submission.reply().error ?? {};

describe('stored action ↔ form value', () => {
  it('reads website with a mailto: key as mailto, and saves it back as website', () => {
    const form = actionFormValue({ action: 'website', actionKey: 'mailto:office@pine.example' });
    expect(form).toEqual(value({ action: 'mailto', key: 'office@pine.example' }));
    expect(actionRecord(form)).toEqual({ action: 'website', actionKey: 'mailto:office@pine.example' });
  });

  it('reads the -webview suffix as the web view box and writes it back', () => {
    const form = actionFormValue({ action: 'website-webview', actionKey: 'https://pine.example/menu' });
    expect(form).toEqual(value({ action: 'website', key: 'https://pine.example/menu', webview: true }));
    expect(actionRecord(form)).toEqual({ action: 'website-webview', actionKey: 'https://pine.example/menu' });
    expect(actionRecord(value({ action: 'form', key: 'rsvp', webview: true }))).toEqual({ action: 'form-webview', actionKey: 'rsvp' });
  });

  it('drops the web view for actions it makes no sense for', () => {
    expect(actionFormValue({ action: 'call-webview', actionKey: '5185550163' }).webview).toBe(false);
    expect(actionRecord(value({ action: 'call', key: '5185550163', webview: true }))).toEqual({ action: 'call', actionKey: '5185550163' });
    expect(actionRecord(value({ action: 'mailto', key: 'a@b.example', webview: true }))).toEqual({
      action: 'website',
      actionKey: 'mailto:a@b.example',
    });
  });

  it('keeps the community and params of record actions', () => {
    const stored = { action: 'store', actionKey: 'firewood-bundle', actionCommunityKey: 'demo-campground', actionParams: 'qty=2' };
    const form = actionFormValue(stored);
    expect(form).toEqual(value({ action: 'store', key: 'firewood-bundle', communityKey: 'demo-campground', params: 'qty=2' }));
    expect(actionRecord(form)).toEqual(stored);
  });

  it('reads legacy names, and unknown or odd stored values as no action, never throwing', () => {
    expect(actionFormValue({ action: 'phone', actionKey: '555 123 4567' }).action).toBe('call');
    expect(actionFormValue({ action: 'email', actionKey: 'mailto:a@b.example' })).toEqual(value({ action: 'mailto', key: 'a@b.example' }));
    expect(actionFormValue({ action: 'teleport', actionKey: 'x' })).toEqual(EMPTY_ACTION);
    expect(actionFormValue(null)).toEqual(EMPTY_ACTION);
    expect(actionFormValue({ action: 5 as unknown as string, actionKey: {} as unknown as string })).toEqual(EMPTY_ACTION);
    expect(actionFormValue({ action: 'hunt', actionKey: 12 as unknown as string }).key).toBe('12');
  });

  it('stores nothing without an action', () => {
    expect(actionRecord(EMPTY_ACTION)).toEqual({});
  });
});

describe('keys', () => {
  it('checks each kind of key with the spec’s messages', () => {
    expect(actionKeyProblem('website', '')).toBe(ACTION_MESSAGES.inputRequired);
    expect(actionKeyProblem('website', 'not a url')).toBe(ACTION_MESSAGES.invalidUrl);
    expect(actionKeyProblem('website', 'javascript:alert(1)')).toBe(ACTION_MESSAGES.invalidUrl);
    expect(actionKeyProblem('website', 'https://pine.example')).toBeNull();
    expect(actionKeyProblem('mailto', 'nobody')).toBe(ACTION_MESSAGES.invalidEmail);
    expect(actionKeyProblem('mailto', 'office@pine.example')).toBeNull();
    expect(actionKeyProblem('call', '555-12')).toBe(ACTION_MESSAGES.phone);
    expect(actionKeyProblem('call', '(518) 555-0163')).toBeNull();
    expect(actionKeyProblem('store', 'a/b')).toBe(ACTION_MESSAGES.invalidKey);
    expect(actionKeyProblem('store', 'firewood-bundle')).toBeNull();
    expect(actionKeyProblem('file', '/files/demo/menu.pdf')).toBeNull();
    expect(actionKeyProblem('file', 'javascript:x')).toBe(ACTION_MESSAGES.invalidKey);
  });

  it('encodes a target option with its action and community, a file address included', () => {
    const option = targetOptionValue('file', 'demo-campground', 'https://pine.example/a/b.pdf');
    expect(parseTargetOption(option)).toEqual({ action: 'file', community: 'demo-campground', key: 'https://pine.example/a/b.pdf' });
    expect(parseTargetOption('website/x/y')).toBeNull();
    expect(parseTargetOption('store/x/')).toBeNull();
    expect(parseTargetOption('store')).toBeNull();
    expect(parseTargetOption(42)).toBeNull();
  });
});

describe('action schema', () => {
  it("says 'Action is required.' only when required", () => {
    expect(errorsOf(post([], { required: true, communityRequired: false }))['link.action']).toEqual([ACTION_MESSAGES.actionRequired]);
    const optional = post([]);
    expect(optional.status).toBe('success');
    if (optional.status === 'success') expect(optional.value.link).toEqual(EMPTY_ACTION);
  });

  it("asks for the key of a chosen action ('Input is required.')", () => {
    expect(errorsOf(post([['link.action', 'website']]))['link.key']).toEqual([ACTION_MESSAGES.inputRequired]);
    expect(errorsOf(post([['link.action', 'hunt']]))['link.key']).toEqual([ACTION_MESSAGES.inputRequired]);
  });

  it('checks website, mailto and call keys', () => {
    expect(
      errorsOf(
        post([
          ['link.action', 'website'],
          ['link.key', 'pine'],
        ]),
      )['link.key'],
    ).toEqual([ACTION_MESSAGES.invalidUrl]);
    expect(
      errorsOf(
        post([
          ['link.action', 'mailto'],
          ['link.key', 'pine'],
        ]),
      )['link.key'],
    ).toEqual([ACTION_MESSAGES.invalidEmail]);
    expect(
      errorsOf(
        post([
          ['link.action', 'call'],
          ['link.key', '12'],
        ]),
      )['link.key'],
    ).toEqual([ACTION_MESSAGES.phone]);
    const ok = post([
      ['link.action', 'mailto'],
      ['link.key', 'office@pine.example'],
    ]);
    expect(ok.status === 'success' && actionRecord(ok.value.link)).toEqual({ action: 'website', actionKey: 'mailto:office@pine.example' });
  });

  it('takes the key from the control of the chosen action', () => {
    const typed = post([
      ['link.action', 'website'],
      ['link.key', 'https://pine.example'],
      ['link.target', targetOptionValue('store', 'demo-campground', 'firewood-bundle')],
      ['link.webview', 'on'],
    ]);
    expect(typed.status === 'success' && typed.value.link).toEqual(
      value({ action: 'website', key: 'https://pine.example', webview: true }),
    );
    const chosen = post([
      ['link.action', 'store'],
      ['link.key', 'https://pine.example'],
      ['link.target', targetOptionValue('store', 'demo-campground', 'firewood-bundle')],
      ['link.webview', 'on'],
    ]);
    expect(chosen.status === 'success' && chosen.value.link).toEqual(
      value({ action: 'store', key: 'firewood-bundle', communityKey: 'demo-campground' }),
    );
  });

  it('clears the params when the posted action differs from the one the form showed', () => {
    const same = post([
      ['link.action', 'form'],
      ['link.key', 'rsvp'],
      ['link.params', 'a=1'],
      ['link.previousAction', 'form'],
    ]);
    expect(same.status === 'success' && same.value.link.params).toBe('a=1');
    const changed = post([
      ['link.action', 'hunt'],
      ['link.key', 'trail'],
      ['link.params', 'a=1'],
      ['link.previousAction', 'form'],
    ]);
    expect(changed.status === 'success' && changed.value.link.params).toBe('');
  });

  it('reads a refused post back as typed, whatever its shape', () => {
    expect(actionFormValueFromPost({ action: 'call', key: '12', previousAction: 'call' })).toEqual(value({ action: 'call', key: '12' }));
    expect(actionFormValueFromPost({ action: 'store', target: targetOptionValue('store', 'demo-town', 'mug') })).toEqual(
      value({ action: 'store', key: 'mug', communityKey: 'demo-town' }),
    );
    for (const odd of [null, 'x', 5, [], { action: ['x'] }, { action: 'teleport' }, { action: 'website', key: { a: 1 } }]) {
      expect(() => actionFormValueFromPost(odd)).not.toThrow();
    }
    expect(actionFormValueFromPost({ action: 'website', key: { a: 1 } })).toEqual(value({ action: 'website' }));
  });

  it('refuses a target of another action as no key', () => {
    const mismatch = post([
      ['link.action', 'hunt'],
      ['link.target', targetOptionValue('store', 'demo-campground', 'firewood-bundle')],
    ]);
    expect(errorsOf(mismatch)['link.key']).toEqual([ACTION_MESSAGES.inputRequired]);
  });

  it("says 'Community Selection is required.' when several communities are available", () => {
    const options = { required: true, communityRequired: true };
    expect(
      errorsOf(
        post(
          [
            ['link.action', 'form'],
            ['link.key', 'rsvp'],
          ],
          options,
        ),
      )['link.communityKey'],
    ).toEqual([ACTION_MESSAGES.communityRequired]);
    expect(
      post(
        [
          ['link.action', 'form'],
          ['link.key', 'rsvp'],
          ['link.communityKey', 'demo-town'],
        ],
        options,
      ).status,
    ).toBe('success');
    // Typed keys need no community.
    expect(
      post(
        [
          ['link.action', 'call'],
          ['link.key', '5185550163'],
        ],
        options,
      ).status,
    ).toBe('success');
  });

  it('refuses actions not allowed here, and unknown actions', () => {
    const schema = actionFormSchema({ required: true, communityRequired: false, allowed: ['website', 'call'] });
    expect(schema.safeParse({ action: 'store', key: 'x' }).error?.issues[0]?.message).toBe(ACTION_MESSAGES.notAllowed);
    expect(schema.safeParse({ action: 'website', key: 'https://pine.example' }).success).toBe(true);
    expect(schema.safeParse({ action: 'teleport', key: 'x' }).error?.issues[0]?.message).toBe(ACTION_MESSAGES.actionRequired);
  });

  it('checks a record against the targets when given them, on the field at fault', () => {
    const targets: ActionTargets = {
      communities: [{ key: 'demo-campground', title: 'Pine Hollow' }],
      byAction: { store: [{ key: 'firewood-bundle', title: 'Firewood Bundle', community: 'demo-campground' }] },
    };
    const schema = actionFormSchema({ required: true, communityRequired: false, targets });
    expect(schema.safeParse({ action: 'store', key: 'firewood-bundle' }).success).toBe(true);
    expect(schema.safeParse({ action: 'store', key: 'firewood-bundle', communityKey: 'demo-campground' }).success).toBe(true);
    const missing = schema.safeParse({ action: 'store', key: 'gone' }).error?.issues[0];
    expect([missing?.path, missing?.message]).toEqual([['key'], targetMissing('store')]);
    const elsewhere = schema.safeParse({ action: 'store', key: 'firewood-bundle', communityKey: 'demo-town' }).error?.issues[0];
    expect([elsewhere?.path, elsewhere?.message]).toEqual([['communityKey'], ACTION_MESSAGES.communityRequired]);
    expect(actionTargetProblem(targets, value({ action: 'hunt', key: 'trail' }))).toEqual({ field: 'key', message: targetMissing('hunt') });
    // Typed keys are not records.
    expect(schema.safeParse({ action: 'website', key: 'https://pine.example' }).success).toBe(true);
  });

  it('answers hostile input with errors, never a throw', () => {
    const schema = actionFormSchema({ required: true, communityRequired: true });
    const hostile: unknown[] = [
      null,
      'x',
      [],
      { action: ['website'] },
      { action: 'website', key: { a: 1 } },
      { action: 'store', key: 'x', communityKey: 'a/b' },
      { action: 'store', key: 'a'.repeat(5000) },
      { action: 'website', key: 'https://pine.example', params: 7 },
      { action: '__proto__' },
    ];
    for (const input of hostile) {
      expect(() => schema.safeParse(input)).not.toThrow();
      expect(schema.safeParse(input).success).toBe(false);
    }
    expect(ACTIONS).toHaveLength(11);
  });
});
