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

  it('writes the date and time line in the community zone', () => {
    const start = at('2026-12-05T18:00:00');
    expect(eventWhen({ startDate: start, endDate: start + 36e5 }, TZ)).toBe('12/05/2026 06:00 PM - 07:00 PM');
    expect(eventWhen({ startDate: start, endDate: start + 36e5, endDateHide: true }, TZ)).toBe('12/05/2026 06:00 PM');
    expect(eventWhen({ startDate: start, endDate: start + 26 * 36e5 }, TZ)).toBe('12/05/2026 06:00 PM - 12/06/2026 08:00 PM');
    expect(eventWhen({ startDate: at('2026-12-05T00:00:00'), endDate: at('2026-12-05T23:59:59'), allDay: 'on' }, TZ)).toBe(
      '12/05/2026 (all day)',
    );
    expect(eventWhen({ startDate: '' }, TZ)).toBe('');
  });

  it('reads the form as posted (the hunt only when ticked)', () => {
    const form = new FormData();
    form.set('title', 'Hunt Day');
    form.set('huntKey', 'hunt-1');
    form.set('detailButtons[0].title', 'Map it');
    expect(eventPreviewSourceOfForm(form)).toMatchObject({
      title: 'Hunt Day',
      huntKey: '',
      detailButtons: [{ title: 'Map it', icon: '' }],
    });
    form.set('hunt', 'on');
    expect(eventPreviewSourceOfForm(form).huntKey).toBe('hunt-1');
  });
});
