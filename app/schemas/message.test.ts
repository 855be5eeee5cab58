import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '~/lib/date-time';
import { MESSAGE_TEXTS, messageSchema, messageSectionOfErrors, type MessageSchemaOptions } from './message';

/** Spec 02 §5 "Notification", §4 "Notification delivery type", §6: every rule with its message. */

const TZ = 'America/New_York';
const NOW = Date.UTC(2031, 4, 5, 14, 0);
const HOUR = 36e5;
const when = (name: string, ms: number) => ({ [`${name}-date`]: formatDate(ms, TZ), [`${name}-time`]: formatTime(ms, TZ) });

const OPTIONS: MessageSchemaOptions = {
  timeZone: TZ,
  now: NOW,
  editing: null,
  systemwide: false,
  allowPersonal: false,
  allowButtons: false,
  categories: ['announcements'],
  userGroups: ['currentGuest'],
  users: ['guest-ellis'],
  reminder: null,
};

const VALID = {
  title: 'Pool closes early',
  description: 'At 6 PM.',
  category: 'announcements',
  userGroup: 'currentGuest',
  deliveryType: 'instant',
  ...when('endTime', NOW + 4 * HOUR),
};

function errors(fields: Record<string, unknown>, options: Partial<MessageSchemaOptions> = {}): Record<string, string[]> {
  const result = messageSchema({ ...OPTIONS, ...options }).safeParse(fields);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
  return found;
}

describe('notification rules', () => {
  it('a complete instant notification passes', () => {
    expect(errors(VALID)).toEqual({});
  });

  it("title, description, Type and User Group are required, in the spec's words", () => {
    expect(errors({ ...VALID, title: '', description: '', category: '', userGroup: '' })).toEqual({
      title: [MESSAGE_TEXTS.titleRequired],
      description: [MESSAGE_TEXTS.descriptionRequired],
      category: [MESSAGE_TEXTS.typeRequired],
      userGroup: [MESSAGE_TEXTS.userGroupRequired],
    });
    expect(errors({ ...VALID, category: 'not-a-topic' })).toEqual({ category: [MESSAGE_TEXTS.typeRequired] });
  });

  it('the end date is required and after the delivery', () => {
    expect(errors({ ...VALID, 'endTime-date': '', 'endTime-time': '' })).toEqual({ endTime: [MESSAGE_TEXTS.dateRequired] });
    expect(errors({ ...VALID, ...when('endTime', NOW - HOUR) })).toEqual({ endTime: [MESSAGE_TEXTS.endAfterDelivery] });
  });

  it('a scheduled notification needs a delivery time in the future', () => {
    expect(errors({ ...VALID, deliveryType: 'future' })).toEqual({ deliveryTime: [MESSAGE_TEXTS.deliveryRequired] });
    expect(errors({ ...VALID, deliveryType: 'future', ...when('deliveryTime', NOW - HOUR) })).toEqual({
      deliveryTime: [MESSAGE_TEXTS.deliveryInFuture],
    });
    expect(errors({ ...VALID, deliveryType: 'future', ...when('deliveryTime', NOW + HOUR) })).toEqual({});
  });

  it('an edited scheduled message may keep its past delivery time; editing never offers Send Now', () => {
    const editing = { list: 'scheduled' as const, deliveryTime: NOW - HOUR };
    const result = messageSchema({ ...OPTIONS, editing }).parse({ ...VALID, deliveryType: 'instant', ...when('deliveryTime', NOW - HOUR) });
    expect(result.deliveryType).toBe('future');
    expect(result.deliveryTime).toBe(NOW - HOUR);
  });

  it('recurring: a weekday, Last Day of Recurrence after the initial end date, visibility in whole hours', () => {
    const recurring = { ...VALID, deliveryType: 'recurring', ...when('deliveryTime', NOW + HOUR) };
    expect(errors(recurring)).toEqual({ validDays: [MESSAGE_TEXTS.noWeekday] });
    const days = { validDays: ['on'] };
    expect(errors({ ...recurring, ...days, 'recurrenceEndDate-date': formatDate(NOW - 48 * HOUR, TZ) })).toEqual({
      recurrenceEndDate: [MESSAGE_TEXTS.lastDayAfterEnd],
    });
    expect(errors({ ...recurring, ...days, recurrenceDuration: '1.5' })).toEqual({ recurrenceDuration: [MESSAGE_TEXTS.durationHours] });
    const parsed = messageSchema(OPTIONS).parse({ ...recurring, ...days });
    expect(parsed.recurrence).toEqual({
      recurrence: 'weekly',
      validDays: [true, false, false, false, false, false, false],
      recurrenceEndDate: 0,
      recurrenceDuration: null,
    });
  });

  it('personal only with allowPersonal: audience required, User required, forces instant', () => {
    expect(messageSchema(OPTIONS).parse({ ...VALID, audience: 'personal' }).audience).toBe('group');
    const personal = { ...OPTIONS, allowPersonal: true };
    expect(errors({ ...VALID, audience: '' }, personal)).toEqual({ audience: [MESSAGE_TEXTS.audienceRequired] });
    expect(errors({ ...VALID, audience: 'personal', toUser: '' }, personal)).toEqual({ toUser: [MESSAGE_TEXTS.userRequired] });
    expect(errors({ ...VALID, audience: 'personal', toUser: 'stranger' }, personal)).toEqual({ toUser: [MESSAGE_TEXTS.userRequired] });
    const parsed = messageSchema(personal).parse({ ...VALID, audience: 'personal', toUser: 'guest-ellis', deliveryType: 'recurring' });
    expect(parsed).toMatchObject({ audience: 'personal', deliveryType: 'instant', toUser: 'guest-ellis', userGroup: '', category: '' });
  });

  it("editing forces group; system-wide uses the group 'all'", () => {
    const editing = { list: 'messages' as const, deliveryTime: NOW - HOUR };
    expect(messageSchema({ ...OPTIONS, allowPersonal: true, editing }).parse({ ...VALID, audience: 'personal' }).audience).toBe('group');
    expect(messageSchema({ ...OPTIONS, systemwide: true, userGroups: [] }).parse({ ...VALID, userGroup: '' }).userGroup).toBe('all');
  });

  it('linked form, store item, menu item and file are required when included; the URL must be valid', () => {
    expect(errors({ ...VALID, linkType: 'form' })).toEqual({ formKey: [MESSAGE_TEXTS.formRequired] });
    expect(errors({ ...VALID, linkType: 'store' })).toEqual({ storeItemKey: [MESSAGE_TEXTS.storeItemRequired] });
    expect(errors({ ...VALID, linkType: 'menu' })).toEqual({ menuItemKey: [MESSAGE_TEXTS.menuItemRequired] });
    expect(errors({ ...VALID, linkType: 'file' })).toEqual({ fileUrl: [MESSAGE_TEXTS.fileRequired] });
    expect(errors({ ...VALID, linkType: 'url', url: 'not a url' })).toEqual({ url: [MESSAGE_TEXTS.invalidUrl] });
    const targets = { communities: [], byAction: { form: [{ key: 'rsvp', title: 'RSVP', community: 'c' }] } };
    expect(errors({ ...VALID, linkType: 'form', formKey: 'other' }, { targets })).toEqual({ formKey: [MESSAGE_TEXTS.formRequired] });
    expect(
      messageSchema({ ...OPTIONS, targets }).parse({ ...VALID, linkType: 'form', formKey: 'rsvp', url: 'https://x.example' }),
    ).toMatchObject({
      formKey: 'rsvp',
      url: '',
    });
  });

  it('from an event: the chosen before-event time is locked; a taken one is refused; custom uses the picker', () => {
    const start = NOW + 72 * HOUR;
    const reminder = {
      delivery: 'future' as const,
      options: [
        { scheduledEvent: 0, label: '30 minutes', deliveryTime: start - 30 * 60_000, disabled: true },
        { scheduledEvent: 1, label: '1 hour', deliveryTime: start - HOUR, disabled: false },
        { scheduledEvent: 'custom' as const, label: 'Custom', deliveryTime: null, disabled: false },
      ],
    };
    const event = { ...VALID, ...when('endTime', start + HOUR) };
    expect(errors({ ...event, scheduledEvent: '0' }, { reminder })).toEqual({ scheduledEvent: [MESSAGE_TEXTS.reminderTaken] });
    const hour = messageSchema({ ...OPTIONS, reminder }).parse({ ...event, scheduledEvent: '1', ...when('deliveryTime', NOW + 2 * HOUR) });
    expect(hour).toMatchObject({ deliveryType: 'future', deliveryTime: start - HOUR, scheduledEvent: 1, userGroup: 'currentGuest' });
    const custom = messageSchema({ ...OPTIONS, reminder }).parse({
      ...event,
      scheduledEvent: 'custom',
      ...when('deliveryTime', NOW + 2 * HOUR),
    });
    expect(custom).toMatchObject({ deliveryTime: NOW + 2 * HOUR, scheduledEvent: null });
    expect(messageSchema({ ...OPTIONS, reminder: { delivery: 'instant', options: [] } }).parse(event).deliveryType).toBe('instant');
  });

  it('system-wide buttons only open a website, dial a number or send an e-mail (spec 02 §6)', () => {
    const post = (action: string, key: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...VALID, userGroup: '' })) data.append(name, value);
      for (const [name, value] of Object.entries({ title: 'Go', icon: 'dining', order: '1', 'action.action': action, 'action.key': key }))
        data.append(`detailButtons[0].${name}`, value);
      return parseWithZod(data, { schema: messageSchema({ ...OPTIONS, systemwide: true, userGroups: [], allowButtons: true }) });
    };
    expect(post('website', 'https://x.example').status).toBe('success');
    expect(post('call', '5185550163').status).toBe('success');
    expect(post('hunt', 'some-hunt').status).toBe('error');
  });

  it('an invalid submit opens the section of the first error', () => {
    expect(messageSectionOfErrors(['endTime', 'url'])).toBe('dates');
    expect(messageSectionOfErrors(['url', 'title'])).toBe('required');
    expect(messageSectionOfErrors(['formKey'])).toBe('additional');
  });
});
