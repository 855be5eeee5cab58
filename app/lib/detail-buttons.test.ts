import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACTION_MESSAGES, EMPTY_ACTION, targetMissing, targetOptionValue } from './actions';
import {
  DETAIL_BUTTON_MESSAGES,
  detailButtonsFormSchema,
  detailButtonsFormValue,
  detailButtonsRecord,
  MAX_DETAIL_BUTTONS,
  type DetailButtonFormValue,
} from './detail-buttons';
import { getMenuIcon } from './icons/library';

const storedIconData = { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', colorIconShape: '#FFFFFF', colorIconBackground: '#2E6B4F' };
const lakesideButtons = [
  {
    title: 'View Menu',
    action: 'website',
    actionKey: 'https://www.pinehollowrv.example/lakeside-grill/menu',
    icon: 'dining',
    iconData: storedIconData,
  },
  { title: 'Call to Order', action: 'call', actionKey: '5185550163', icon: 'phone', iconData: storedIconData },
  { title: 'Write to us', action: 'website', actionKey: 'mailto:grill@pine.example', icon: 'mail' },
];

function post(entries: Array<[string, string]>, communityRequired = false) {
  const data = new FormData();
  for (const [name, entry] of entries) data.append(name, entry);
  return parseWithZod(data, { schema: z.object({ buttons: detailButtonsFormSchema({ communityRequired }) }) });
}
const errorsOf = (submission: ReturnType<typeof post>) => submission.reply().error ?? {};

describe('detail buttons form value and record', () => {
  it('round-trips the stored buttons, keeping the stored iconData of unchanged icons', () => {
    const form = detailButtonsFormValue(lakesideButtons);
    expect(form.map((button) => [button.title, button.icon, button.action.action])).toEqual([
      ['View Menu', 'dining', 'website'],
      ['Call to Order', 'phone', 'call'],
      ['Write to us', 'mail', 'mailto'],
    ]);
    const record = detailButtonsRecord(form, lakesideButtons);
    expect(record[0]).toEqual(lakesideButtons[0]);
    expect(record[1]).toEqual(lakesideButtons[1]);
    // No stored iconData: the catalogue's svg.
    expect(record[2]).toEqual({
      title: 'Write to us',
      icon: 'mail',
      iconData: { title: 'mail', svg: getMenuIcon('mail')!.svg },
      action: 'website',
      actionKey: 'mailto:grill@pine.example',
    });
  });

  it('takes a changed icon’s svg from the catalogue, never from the browser', () => {
    const form: DetailButtonFormValue[] = [
      { title: 'Menu', icon: 'pizza', action: { ...EMPTY_ACTION, action: 'website', key: 'https://p.example' } },
    ];
    const [button] = detailButtonsRecord(form, lakesideButtons);
    expect(button?.iconData).toEqual({ title: 'pizza', svg: getMenuIcon('pizza')!.svg });
  });

  it('keeps an icon the catalogue lacks only with its stored iconData', () => {
    const stored = [{ title: 'Order', icon: 'cart', iconData: storedIconData, action: 'website', actionKey: 'https://p.example' }];
    expect(detailButtonsRecord(detailButtonsFormValue(stored), stored)[0]).toEqual(stored[0]);
    const fresh = detailButtonsRecord(detailButtonsFormValue(stored), []);
    expect(fresh[0]).not.toHaveProperty('iconData');
  });

  it('drops removed rows from the record', () => {
    const form = detailButtonsFormValue(lakesideButtons).map((button, index) => ({ ...button, remove: index === 0 }));
    expect(detailButtonsRecord(form, lakesideButtons).map((button) => button.title)).toEqual(['Call to Order', 'Write to us']);
  });

  it('reads posted rows back (a refused post shown again), Remove boxes included', () => {
    const rows = detailButtonsFormValue([
      { title: 'Menu', icon: 'dining', remove: 'on', action: { action: 'website', key: 'https://p.example', webview: 'on' } },
      { title: '', icon: '', action: { action: '' } },
    ]);
    expect(rows).toEqual([
      {
        title: 'Menu',
        icon: 'dining',
        remove: true,
        action: { ...EMPTY_ACTION, action: 'website', key: 'https://p.example', webview: true },
      },
      { title: '', icon: '', action: EMPTY_ACTION },
    ]);
  });

  it('reads odd stored shapes without throwing', () => {
    for (const stored of [null, 'x', 5, {}, [null, 'x', 3], { 0: lakesideButtons[0], a: 1 }]) {
      expect(() => detailButtonsFormValue(stored)).not.toThrow();
    }
    expect(detailButtonsFormValue({ 0: lakesideButtons[0], 1: lakesideButtons[1] })).toHaveLength(2);
    expect(detailButtonsFormValue(Array.from({ length: 40 }, () => lakesideButtons[0]))).toHaveLength(MAX_DETAIL_BUTTONS);
  });
});

describe('detail buttons schema', () => {
  it('drops the blank row and removed rows, and orders rows by their order numbers', () => {
    const submission = post([
      ['buttons[0].title', 'First'],
      ['buttons[0].icon', 'dining'],
      ['buttons[0].order', '2'],
      ['buttons[0].action.action', 'call'],
      ['buttons[0].action.key', '5185550163'],
      ['buttons[1].title', 'Gone'],
      ['buttons[1].icon', 'dining'],
      ['buttons[1].remove', 'on'],
      ['buttons[1].action.action', 'website'],
      ['buttons[2].title', 'Second'],
      ['buttons[2].icon', 'store'],
      ['buttons[2].order', '1'],
      ['buttons[2].action.action', 'store'],
      ['buttons[2].action.target', targetOptionValue('store', 'demo-campground', 'firewood-bundle')],
      ['buttons[3].title', ''],
      ['buttons[3].icon', 'globe'],
      ['buttons[3].action.action', ''],
    ]);
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.buttons).toEqual([
      {
        title: 'Second',
        icon: 'store',
        action: { ...EMPTY_ACTION, action: 'store', key: 'firewood-bundle', communityKey: 'demo-campground' },
      },
      { title: 'First', icon: 'dining', action: { ...EMPTY_ACTION, action: 'call', key: '5185550163' } },
    ]);
  });

  it('asks for title, icon and action of a started row, with the field named', () => {
    const errors = errorsOf(
      post([
        ['buttons[0].title', 'Menu'],
        ['buttons[1].action.action', 'website'],
        ['buttons[1].action.key', 'nope'],
      ]),
    );
    expect(errors['buttons[0].icon']).toEqual([DETAIL_BUTTON_MESSAGES.iconRequired]);
    expect(errors['buttons[0].action.action']).toEqual([ACTION_MESSAGES.actionRequired]);
    expect(errors['buttons[1].title']).toEqual([DETAIL_BUTTON_MESSAGES.titleRequired]);
    expect(errors['buttons[1].action.key']).toEqual([ACTION_MESSAGES.invalidUrl]);
  });

  it('needs the community when several are available', () => {
    const entries: Array<[string, string]> = [
      ['buttons[0].title', 'Form'],
      ['buttons[0].icon', 'clipboard'],
      ['buttons[0].action.action', 'form'],
      ['buttons[0].action.key', 'rsvp'],
    ];
    expect(errorsOf(post(entries, true))['buttons[0].action.communityKey']).toEqual([ACTION_MESSAGES.communityRequired]);
    expect(post(entries, false).status).toBe('success');
  });

  it('names the posted row whose record no longer exists, when given the targets', () => {
    const targets = { communities: [{ key: 'demo-campground', title: 'Pine Hollow' }], byAction: { hunt: [] } };
    const data = new FormData();
    const entries: Array<[string, string]> = [
      ['buttons[0].title', 'Blank row first'],
      ['buttons[0].remove', 'on'],
      ['buttons[1].title', 'Hunt'],
      ['buttons[1].icon', 'compass'],
      ['buttons[1].order', '1'],
      ['buttons[1].action.action', 'hunt'],
      ['buttons[1].action.key', 'gone-hunt'],
    ];
    for (const [name, entry] of entries) data.append(name, entry);
    const submission = parseWithZod(data, {
      schema: z.object({ buttons: detailButtonsFormSchema({ communityRequired: false, targets }) }),
    });
    expect(submission.reply().error?.['buttons[1].action.key']).toEqual([targetMissing('hunt')]);
  });

  it('refuses more than the most buttons (plus the blank row)', () => {
    const row = (i: number): Array<[string, string]> => [
      [`buttons[${i}].title`, `B${i}`],
      [`buttons[${i}].icon`, 'star'],
      [`buttons[${i}].action.action`, 'call'],
      [`buttons[${i}].action.key`, '5185550163'],
    ];
    const full = Array.from({ length: MAX_DETAIL_BUTTONS }, (_, i) => row(i)).flat();
    const ok = post([...full, [`buttons[${MAX_DETAIL_BUTTONS}].title`, '']]);
    expect(ok.status === 'success' && ok.value.buttons).toHaveLength(MAX_DETAIL_BUTTONS);
    const over = post([...full, ...row(MAX_DETAIL_BUTTONS)]);
    expect(over.status).toBe('error');
    expect(errorsOf(over)['buttons']).toEqual([DETAIL_BUTTON_MESSAGES.tooMany]);
    const way = post(Array.from({ length: MAX_DETAIL_BUTTONS + 5 }, (_, i) => row(i)).flat());
    expect(errorsOf(way)['buttons']).toEqual([DETAIL_BUTTON_MESSAGES.tooMany]);
  });

  it('answers hostile input with errors, never a throw', () => {
    const schema = detailButtonsFormSchema({ communityRequired: true });
    const hostile: unknown[] = [
      'x',
      5,
      [null, 'x'],
      [{ title: { a: 1 }, action: { action: 'website' } }],
      [{ title: 'A', icon: '<svg onload=x>', action: { action: 'call', key: '5185550163' } }],
      [{ title: 'A', icon: 'star', order: 'first', action: { action: 'call', key: '5185550163' } }],
      [{ title: 'A'.repeat(500), icon: 'star', action: { action: 'call', key: '5185550163' } }],
    ];
    for (const input of hostile) expect(() => schema.safeParse(input)).not.toThrow();
    expect(
      schema.safeParse([{ title: 'A', icon: '<svg onload=x>', action: { action: 'call', key: '5185550163' } }]).error?.issues[0]?.message,
    ).toBe(DETAIL_BUTTON_MESSAGES.invalidIcon);
    expect(
      schema.safeParse([{ title: 'A', icon: 'star', order: 'first', action: { action: 'call', key: '5185550163' } }]).error?.issues[0]
        ?.message,
    ).toBe(DETAIL_BUTTON_MESSAGES.invalidOrder);
    // A row that is not an object is blank.
    expect(schema.safeParse([null, 'x']).data).toEqual([]);
  });
});
