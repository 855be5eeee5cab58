import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { OFF_SITE } from '~/schemas/event';
import { eventPreviewModel, eventPreviewSourceOfForm, eventWhen } from './event-preview';

const TZ = 'America/New_York';
const at = (local: string) => fromZonedTime(local, TZ).getTime();
const CONTEXT = { timeZone: TZ, locations: [{ id: 'hall', title: 'Community Hall' }] };

describe('the event preview (spec 02 "Event editor")', () => {
  it('offers RSVP when RSVP is requested, else Add Favorite; then Call, Map, Website, Tickets, Start Hunt and the custom buttons', () => {
    const full = eventPreviewModel(
      {
        title: ' Bingo ',
        rsvpRequest: true,
        phone: '518-555-0100',
        resortLocationId: 'hall',
        website: 'https://bingo.example',
        ticketing: 'https://tickets.example',
        huntKey: 'hunt-1',
        detailButtons: [{ title: 'Menu', icon: 'globe' }, { title: '' }],
      },
      CONTEXT,
    );
    expect(full.title).toBe('Bingo');
    expect(full.buttons.map((button) => button.label)).toEqual(['RSVP', 'Call', 'Map', 'Website', 'Tickets', 'Start Hunt', 'Menu']);
    expect(full.location).toEqual(['Community Hall']);
    expect(eventPreviewModel({ title: 'Bingo' }, CONTEXT).buttons.map((button) => button.label)).toEqual(['Add Favorite']);
  });

  it('shows an off-site location by its title and address, and the description as paragraphs', () => {
    const model = eventPreviewModel(
      { resortLocationId: OFF_SITE, location: 'Town Beach', address: '1 Shore Rd', description: '<p>One</p><p>Two</p>' },
      CONTEXT,
    );
    expect(model.location).toEqual(['Town Beach', '1 Shore Rd']);
    expect(model.buttons.map((button) => button.label)).toContain('Map');
    expect(model.description).toEqual(['One', 'Two']);
    expect(eventPreviewModel({ audience: 'kids' }, { ...CONTEXT, audiences: ['Family', 'Kids'] }).audience).toBe('Kids');
  });

  it("writes the date and time line in the spec's event date format, in the community zone, with the real range", () => {
    const start = at('2026-12-05T18:00:00');
    expect(eventWhen({ startDate: start, endDate: start + 36e5 }, TZ)).toBe('December 5th 2026 @ 6:00 pm - 7:00 pm');
    expect(eventWhen({ startDate: start, endDate: start + 36e5, endDateHide: true }, TZ)).toBe('December 5th 2026 @ 6:00 pm');
    expect(eventWhen({ startDate: at('2026-11-30T17:00:00'), endDate: at('2026-12-02T15:00:00') }, TZ)).toBe(
      'November 30th 2026 @ 5:00 pm - December 2nd 2026 @ 3:00 pm',
    );
    expect(eventWhen({ startDate: at('2026-12-05T00:00:00'), endDate: at('2026-12-05T23:59:59'), allDay: 'on' }, TZ)).toBe(
      'December 5th 2026 (All Day)',
    );
    expect(eventWhen({ startDate: at('2026-12-01T00:00:00'), endDate: at('2026-12-03T23:59:59'), allDay: true }, TZ)).toBe(
      'December 1st 2026 - December 3rd 2026 (All Day)',
    );
    // An end before the start (a form half-way through a change) is not shown as a range.
    expect(eventWhen({ startDate: start, endDate: start - 36e5 }, TZ)).toBe('December 5th 2026 @ 6:00 pm');
    expect(eventWhen({ startDate: '' }, TZ)).toBe('');
  });

  it('reads the dates from the pickers’ date and time as typed, not the instant the page was drawn with', () => {
    const form = new FormData();
    form.set('startDate', String(at('2026-11-30T17:00:00')));
    form.set('startDate-date', '11/30/2026');
    form.set('startDate-time', '05:00 PM');
    form.set('endDate', String(at('2026-11-30T15:00:00')));
    form.set('endDate-date', '12/02/2026');
    form.set('endDate-time', '03:00 PM');
    const source = eventPreviewSourceOfForm(form, TZ);
    expect(source).toMatchObject({ startDate: String(at('2026-11-30T17:00:00')), endDate: String(at('2026-12-02T15:00:00')) });
    expect(eventPreviewModel(source, CONTEXT).when).toBe('November 30th 2026 @ 5:00 pm - December 2nd 2026 @ 3:00 pm');
    // Without the parts (a locked field posts its instant only), the instant.
    const locked = new FormData();
    locked.set('startDate', String(at('2026-11-30T17:00:00')));
    expect(eventPreviewSourceOfForm(locked, TZ).startDate).toBe(String(at('2026-11-30T17:00:00')));
  });

  it('reads the form as posted (the hunt only when ticked)', () => {
    const form = new FormData();
    form.set('title', 'Hunt Day');
    form.set('huntKey', 'hunt-1');
    form.set('detailButtons[0].title', 'Map it');
    expect(eventPreviewSourceOfForm(form, TZ)).toMatchObject({
      title: 'Hunt Day',
      huntKey: '',
      detailButtons: [{ title: 'Map it', icon: '' }],
    });
    form.set('hunt', 'on');
    expect(eventPreviewSourceOfForm(form, TZ).huntKey).toBe('hunt-1');
  });
});
