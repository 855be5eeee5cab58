import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import {
  completionChoices,
  completionPatch,
  entryPredicate,
  entryView,
  ENTRY_DAY_EXTENSION,
  golfCard,
  huntSteps,
  leavesView,
  rsvpEvents,
  rsvpQuantity,
  rsvpTotals,
  scoreValue,
  scoringSummary,
  type EntryFilters,
  type Json,
} from './rules';

const rsvp = (attending: string | null, quantity?: unknown, more: Json = {}): Json => ({
  answers: {
    ...(attending === null ? {} : { 'rsvp-attending': { value: attending } }),
    ...(quantity === undefined ? {} : { 'rsvp-quantity': { value: quantity } }),
  },
  ...more,
});

describe('entry completion (spec 02 §4)', () => {
  it('0 removes completed and completedBy; 1 and 2 set both to the current user', () => {
    expect(completionPatch(0, 'u1')).toEqual({ completed: null, completedBy: null });
    expect(completionPatch(1, 'u1')).toEqual({ completed: 1, completedBy: 'u1' });
    expect(completionPatch(2, 'u2')).toEqual({ completed: 2, completedBy: 'u2' });
  });

  it('active is not completed (in-process and submitted too); archived is completed above 0', () => {
    expect(entryView({})).toBe('active');
    expect(entryView({ completed: 0, status: 'in-process' })).toBe('active');
    expect(entryView({ completed: 'submitted' })).toBe('active');
    expect(entryView({ completed: 1 })).toBe('archive');
    expect(entryView({ completed: 2 })).toBe('archive');
    expect(entryView({ completed: '2' })).toBe('archive');
  });

  it('offers Reopened only in the archive, for an entry completed above 0', () => {
    expect(completionChoices('active', {}).map((choice) => choice.label)).toEqual(['Completed', 'Denied']);
    expect(completionChoices('archive', { completed: 2 }).map((choice) => choice.label)).toEqual(['Completed', 'Denied', 'Reopened']);
    expect(completionChoices('archive', {}).map((choice) => choice.label)).toEqual(['Completed', 'Denied']);
  });

  it('outside the archive every mark takes the entry out of the list; in the archive only Reopened does', () => {
    expect(leavesView('active', 2)).toBe(true);
    expect(leavesView('active', 1)).toBe(true);
    expect(leavesView('archive', 1)).toBe(false);
    expect(leavesView('archive', 0)).toBe(true);
  });
});

describe('hunt scoring (spec 02 §4, spec 03 step scoring summary)', () => {
  const hunt = {
    steps: [
      { key: 'p', type: 'photo', title: 'Photo' },
      { key: 'a', type: 'answer', title: 'Answer', answer: '3' },
      { key: 'c', type: 'multiple_choice_single', title: 'Choice' },
      { key: 'g', type: 'golf', title: 'Golf', par: [2, 3, 4] },
      { key: 'bad/key', type: 'answer' },
    ],
  };

  it('correct is 1, incorrect 0, Clear score removes it', () => {
    expect(scoreValue('correct')).toBe(1);
    expect(scoreValue('incorrect')).toBe(0);
    expect(scoreValue('clear')).toBeNull();
  });

  it('keeps well-formed steps only', () => {
    expect(huntSteps(hunt).map((step) => step.key)).toEqual(['p', 'a', 'c', 'g']);
  });

  it('counts photo, answer and choice steps as answered, scored 1 correct or 0 incorrect; golf is not in the summary', () => {
    const entry = { p: { drawable: 'https://x/p.jpg', scored: 1 }, a: { answer: '4', scored: 0 }, c: {}, g: { scores: { A: [2, 3, 4] } } };
    expect(scoringSummary(huntSteps(hunt), entry)).toEqual({ steps: 3, answered: 2, correct: 1, incorrect: 1, unscored: 1 });
  });

  it('a golf card holds par per hole, each player, their total and score to par over the holes played', () => {
    const [golf] = huntSteps(hunt).filter((step) => step.type === 'golf');
    const card = golfCard(golf!, { scores: { Ann: [2, 4, 4], Bo: [3, 3] } });
    expect(card.holes).toBe(3);
    expect(card.par).toEqual([2, 3, 4]);
    expect(card.parTotal).toBe(9);
    expect(card.players).toEqual([
      { name: 'Ann', scores: [2, 4, 4], total: 10, toPar: 1 },
      { name: 'Bo', scores: [3, 3, null], total: 6, toPar: 1 },
    ]);
  });
});

describe('RSVP totals (spec 02 "Guest entries")', () => {
  it('Total Attending adds the Yes quantities (default 1); Yes and No responses are counted', () => {
    const totals = rsvpTotals([rsvp('Yes', 4), rsvp('Yes'), rsvp('yes', ''), rsvp('Yes', -2), rsvp('No', 3), rsvp(null)]);
    expect(totals).toEqual({ attending: 4 + 1 + 1 + 1, yes: 4, no: 1 });
  });

  it('rsvp-quantity defaults to 1', () => {
    expect(rsvpQuantity(rsvp('Yes'))).toBe(1);
    expect(rsvpQuantity(rsvp('Yes', '3'))).toBe(3);
    expect(rsvpQuantity(rsvp('Yes', 'many'))).toBe(1);
  });

  it('lists the events the entries answer, soonest first, once each', () => {
    const events = rsvpEvents([
      rsvp('Yes', 1, { eventId: 'b', eventTitle: 'Bingo', eventStartDate: 20 }),
      rsvp('Yes', 1, { eventId: 'a', eventTitle: 'Art', eventStartDate: 10 }),
      rsvp('No', 1, { eventId: 'b', eventTitle: 'Bingo', eventStartDate: 20 }),
      rsvp('No'),
    ]);
    expect(events).toEqual([
      { id: 'a', title: 'Art', start: 10 },
      { id: 'b', title: 'Bingo', start: 20 },
    ]);
  });
});

describe('entry filters (spec 02 §5)', () => {
  const TZ = 'America/Chicago';
  const at = (local: string) => fromZonedTime(local, TZ).getTime();
  const entry = (createDate: number, more: Json = {}): Json => ({
    createDate,
    loggedInEmail: 'Jordan.Ellis@mail.example',
    createdBy: 'guest-jordan',
    answers: { 'host-name': { value: 'Jordan Ellis' }, 'visitor-count': { value: 3 }, notes: { value: 'Blue Tent by the LAKE' } },
    ...more,
  });
  // As the list screen parses `?q=&who=&from=&to=&view=&eventId=` (app/features/listing/list-view.server.ts).
  const filtered = (query: string): EntryFilters => {
    const params = new URLSearchParams(query);
    const filters: EntryFilters = { view: params.get('view') === 'archive' ? 'archive' : 'active' };
    if (params.get('q')) filters.text = params.get('q')!;
    if (params.get('who')) filters.person = params.get('who')!;
    if (params.get('eventId')) filters.eventId = params.get('eventId')!;
    if (params.get('from')) filters.start = at(`${params.get('from')}T00:00:00`);
    if (params.get('to')) {
      filters.end = at(`${params.get('to')}T23:59:59.999`);
      filters.endDayStart = at(`${params.get('to')}T00:00:00`);
    }
    return filters;
  };

  it('text matches any text (or number) answer, case-insensitive', () => {
    expect(entryPredicate(filtered('?q=lake'))('k', entry(1))).toBe(true);
    expect(entryPredicate(filtered('?q=3'))('k', entry(1))).toBe(true);
    expect(entryPredicate(filtered('?q=jordan.ellis'))('k', entry(1))).toBe(false);
  });

  it('the item-title filter matches name, e-mail or id, case-insensitive', () => {
    const matches = (who: string, key = 'entry-1') => entryPredicate(filtered(`?who=${encodeURIComponent(who)}`))(key, entry(1));
    expect(matches('ELLIS')).toBe(true);
    expect(matches('jordan.ellis@')).toBe(true);
    expect(matches('guest-jor')).toBe(true);
    expect(matches('ENTRY-1')).toBe(true);
    expect(matches('lake')).toBe(false);
  });

  it('the end date is extended by one day: the whole end day is kept, the next day is not', () => {
    const matches = entryPredicate(filtered('?from=2026-06-01&to=2026-06-03'));
    expect(matches('k', entry(at('2026-05-31T23:59:00')))).toBe(false);
    expect(matches('k', entry(at('2026-06-01T00:00:00')))).toBe(true);
    expect(matches('k', entry(at('2026-06-03T23:59:59')))).toBe(true);
    expect(matches('k', entry(at('2026-06-03T00:00:00') + ENTRY_DAY_EXTENSION))).toBe(false);
  });

  it('the view splits by completion; eventId keeps one event', () => {
    expect(entryPredicate(filtered(''))('k', entry(1, { completed: 2 }))).toBe(false);
    expect(entryPredicate(filtered('?view=archive'))('k', entry(1, { completed: 2 }))).toBe(true);
    expect(entryPredicate(filtered('?view=archive'))('k', entry(1))).toBe(false);
    expect(entryPredicate(filtered('?eventId=ev1'))('k', entry(1, { eventId: 'ev1' }))).toBe(true);
    expect(entryPredicate(filtered('?eventId=ev1'))('k', entry(1, { eventId: 'ev2' }))).toBe(false);
  });
});
