import type { ListFilters } from '@server/listing/filters';
import type { ListView } from '~/lib/listing/types';

/**
 * The rules of guest entries (spec 02 "Guest entries", §3 guest entry and hunt, §4 views,
 * "Entry completion" and "Hunt step score", §5 entry filters; spec 03 "Step scoring summary").
 * Pure: server/entries/store.ts reads and writes, the screens show what these answer.
 *
 * An entry lives at user-written/{location}/{context}/{item}/{entry}: a form entry keeps its
 * answers under `answers/{field name}/value`, a hunt entry keeps each step's response under
 * `{step key}` (answer, drawable, scored, scores per player for golf).
 */

/** Spec 02 §9 "Form entry statuses 0 open, 1 denied, 2 completed". */
export const ENTRY_OPEN = 0;
export const ENTRY_DENIED = 1;
export const ENTRY_COMPLETED = 2;
export type EntryStatus = typeof ENTRY_OPEN | typeof ENTRY_DENIED | typeof ENTRY_COMPLETED;

/** Spec 02 §5: the entry date filter's end date is extended by one day. */
export const ENTRY_DAY_EXTENSION = 86_400_000;

/** Spec 02 §9: entries are listed 25 at a time. */
export const ENTRIES_PAGE_SIZE = 25;

export type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const asRecord = (value: unknown): Json => (isRecord(value) ? value : {});

/** An entry's completion: a number above 0 is denied or completed; anything else is open. */
export function completedOf(entry: Json): number {
  const value = entry.completed;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 0;
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/** Spec 02 §4 "Views": archived when completed is above 0; in-process and submitted entries are active. */
export function entryView(entry: Json): ListView {
  return completedOf(entry) > 0 ? 'archive' : 'active';
}

export function statusText(entry: Json): string {
  const completed = completedOf(entry);
  if (completed === ENTRY_COMPLETED) return 'Completed';
  if (completed === ENTRY_DENIED) return 'Denied';
  return completed > 0 ? 'Closed' : 'Open';
}

/**
 * Spec 02 §4 "Entry completion": marking 0 removes completed and completedBy; any other status
 * sets both (completedBy: the current user). The patch is a multi-path update of the entry.
 */
export function completionPatch(status: EntryStatus, uid: string): { completed: number | null; completedBy: string | null } {
  return status === ENTRY_OPEN ? { completed: null, completedBy: null } : { completed: status, completedBy: uid };
}

export interface CompletionChoice {
  intent: 'complete' | 'deny' | 'reopen';
  label: 'Completed' | 'Denied' | 'Reopened';
  status: EntryStatus;
}

const COMPLETE: CompletionChoice = { intent: 'complete', label: 'Completed', status: ENTRY_COMPLETED };
const DENY: CompletionChoice = { intent: 'deny', label: 'Denied', status: ENTRY_DENIED };
const REOPEN: CompletionChoice = { intent: 'reopen', label: 'Reopened', status: ENTRY_OPEN };

/** The buttons of an entry view: Completed and Denied; Reopened only in the archive (for an entry completed above 0). */
export function completionChoices(view: ListView, entry: Json): CompletionChoice[] {
  return view === 'archive' && completedOf(entry) > 0 ? [COMPLETE, DENY, REOPEN] : [COMPLETE, DENY];
}

export function completionChoice(intent: string): CompletionChoice | null {
  return [COMPLETE, DENY, REOPEN].find((choice) => choice.intent === intent) ?? null;
}

/** Whether the entry leaves the list the view shows once marked: outside the archive every mark closes it; in the archive, Reopened. */
export function leavesView(view: ListView, status: EntryStatus): boolean {
  return view === 'active' ? status !== ENTRY_OPEN : status === ENTRY_OPEN;
}

// ─── Hunt step scores ─────────────────────────────────────────────────────────────────────────

/** Spec 02 §4 "Hunt step score": correct 1, incorrect 0, absent unscored. */
export type StepScore = 1 | 0 | null;
export type ScoreChoice = 'correct' | 'incorrect' | 'clear';

export function scoreValue(choice: ScoreChoice): StepScore {
  return choice === 'correct' ? 1 : choice === 'incorrect' ? 0 : null;
}

export function scoredOf(step: unknown): StepScore {
  const scored = asRecord(step).scored;
  return scored === 1 || scored === '1' ? 1 : scored === 0 || scored === '0' ? 0 : null;
}

export const scoreText = (score: StepScore): string => (score === 1 ? 'Correct' : score === 0 ? 'Incorrect' : 'Not scored');

export type HuntStepType = 'photo' | 'answer' | 'multiple_choice_single' | 'golf' | 'scan';

export interface HuntStep {
  key: string;
  title: string;
  type: string;
  /** Golf: par per hole. */
  par: number[];
  /** The expected answer, when the hunt keeps one. */
  answer: string | null;
}

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

const KEY = /^[^.#$/[\]]+$/;

/** A hunt's steps (spec 02 §3 "Hunt": steps[] title, type, key, par), skipping malformed ones. */
export function huntSteps(hunt: Json): HuntStep[] {
  const steps = Array.isArray(hunt.steps) ? hunt.steps : isRecord(hunt.steps) ? Object.values(hunt.steps) : [];
  return steps.flatMap((raw): HuntStep[] => {
    const step = asRecord(raw);
    const key = text(step.key);
    if (!key || !KEY.test(key)) return [];
    const par = Array.isArray(step.par) ? step.par.map((value) => Number(value)).map((value) => (Number.isFinite(value) ? value : 0)) : [];
    return [{ key, title: text(step.title) ?? key, type: text(step.type) ?? 'answer', par, answer: text(step.answer) }];
  });
}

/** The steps a grader scores (not golf: its scorecard is the players' own). */
export const isScorable = (step: HuntStep): boolean => step.type !== 'golf';

/** Spec 03 "Step scoring summary": photo, answer and choice steps count as answered; scored 1 correct, 0 incorrect. */
const ANSWERABLE: ReadonlySet<string> = new Set([
  'photo',
  'answer',
  'multiple_choice_single',
  'multiple_choice_multiple',
  'multiple_choice',
]);

export function stepAnswered(step: HuntStep, response: unknown): boolean {
  const value = asRecord(response);
  if (step.type === 'photo') return text(value.drawable) !== null || text(value.photo) !== null;
  if (step.type === 'golf') return isRecord(value.scores) && Object.keys(value.scores).length > 0;
  if (step.type === 'scan') return text(value.answer) !== null || text(value.scanned) !== null || value.scanned === true;
  return text(value.answer) !== null || (Array.isArray(value.answer) && value.answer.length > 0);
}

export interface ScoringSummary {
  steps: number;
  answered: number;
  correct: number;
  incorrect: number;
  unscored: number;
}

export function scoringSummary(steps: readonly HuntStep[], entry: Json): ScoringSummary {
  const summary: ScoringSummary = { steps: 0, answered: 0, correct: 0, incorrect: 0, unscored: 0 };
  for (const step of steps) {
    if (!ANSWERABLE.has(step.type)) continue;
    summary.steps += 1;
    const response = entry[step.key];
    if (stepAnswered(step, response)) summary.answered += 1;
    const score = scoredOf(response);
    if (score === 1) summary.correct += 1;
    else if (score === 0) summary.incorrect += 1;
    else summary.unscored += 1;
  }
  return summary;
}

export interface GolfPlayer {
  name: string;
  scores: Array<number | null>;
  total: number;
  /** Total minus the par of the holes played. */
  toPar: number;
}

export interface GolfCard {
  holes: number;
  par: number[];
  parTotal: number;
  players: GolfPlayer[];
}

/** The golf scorecard of a step: par per hole and each player's scores, totals and score to par. */
export function golfCard(step: HuntStep, response: unknown): GolfCard {
  const scores = asRecord(asRecord(response).scores);
  const players = Object.entries(scores).map(([name, raw]) => {
    const list = Array.isArray(raw) ? raw : isRecord(raw) ? Object.values(raw) : [];
    return { name, scores: list.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || null)) };
  });
  const holes = Math.max(step.par.length, ...players.map((player) => player.scores.length), 0);
  return {
    holes,
    par: Array.from({ length: holes }, (_, hole) => step.par[hole] ?? 0),
    parTotal: step.par.reduce((sum, value) => sum + value, 0),
    players: players.map((player) => {
      let total = 0;
      let parPlayed = 0;
      player.scores.forEach((score, hole) => {
        if (score === null) return;
        total += score;
        parPlayed += step.par[hole] ?? 0;
      });
      return {
        name: player.name,
        scores: Array.from({ length: holes }, (_, hole) => player.scores[hole] ?? null),
        total,
        toPar: total - parPlayed,
      };
    }),
  };
}

// ─── RSVP ─────────────────────────────────────────────────────────────────────────────────────

export const RSVP_ATTENDING = 'rsvp-attending';
export const RSVP_QUANTITY = 'rsvp-quantity';

export function answerValue(entry: Json, field: string): unknown {
  return asRecord(asRecord(entry.answers)[field]).value;
}

/** Spec 02 §3: rsvp-quantity defaults to 1 (absent, empty or not a positive number). */
export function rsvpQuantity(entry: Json): number {
  const value = Number(answerValue(entry, RSVP_QUANTITY));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 1;
}

export function rsvpAttending(entry: Json): 'yes' | 'no' | null {
  const value = text(answerValue(entry, RSVP_ATTENDING))?.toLowerCase();
  return value === 'yes' ? 'yes' : value === 'no' ? 'no' : null;
}

export interface RsvpTotals {
  attending: number;
  yes: number;
  no: number;
}

/** Spec 02 "Guest entries": Total Attending (the quantities of Yes responses), Total Yes Response, Total No Response. */
export function rsvpTotals(entries: Iterable<Json>): RsvpTotals {
  const totals: RsvpTotals = { attending: 0, yes: 0, no: 0 };
  for (const entry of entries) {
    const attending = rsvpAttending(entry);
    if (attending === 'yes') {
      totals.yes += 1;
      totals.attending += rsvpQuantity(entry);
    } else if (attending === 'no') totals.no += 1;
  }
  return totals;
}

export interface RsvpEvent {
  id: string;
  title: string;
  start: number | null;
}

/** The events the entries answer (eventId, eventTitle, eventStartDate), soonest first. */
export function rsvpEvents(entries: Iterable<Json>): RsvpEvent[] {
  const events = new Map<string, RsvpEvent>();
  for (const entry of entries) {
    const id = text(entry.eventId);
    if (!id || events.has(id)) continue;
    const start = Number(entry.eventStartDate);
    events.set(id, { id, title: text(entry.eventTitle) ?? id, start: Number.isFinite(start) && start > 0 ? start : null });
  }
  return [...events.values()].sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.title.localeCompare(b.title));
}

// ─── Rows and filters ─────────────────────────────────────────────────────────────────────────

const NAME_FIELDS = ['name', 'rsvp-name', 'host-name', 'reporter-name', 'fullName', 'full-name'];

/** Who sent an entry, as its row names them: a name answer, else the e-mail, else the sender's id. */
export function entryName(entry: Json): string | null {
  for (const field of NAME_FIELDS) {
    const value = text(answerValue(entry, field));
    if (value) return value;
  }
  const answers = asRecord(entry.answers);
  for (const [field, answer] of Object.entries(answers)) {
    if (/name/i.test(field) && !/names/i.test(field)) {
      const value = text(asRecord(answer).value);
      if (value) return value;
    }
  }
  return null;
}

export const entryEmail = (entry: Json): string | null => text(entry.loggedInEmail) ?? text(answerValue(entry, 'email'));

/** A time stored as ms (a number or a string of digits); 0 when none. */
export function timeOf(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : 0;
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/** Every text (and number) an entry answered: form answers, hunt step answers. */
export function answerTexts(entry: Json): string[] {
  const texts: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '') texts.push(value);
    else if (typeof value === 'number' && Number.isFinite(value)) texts.push(String(value));
    else if (Array.isArray(value)) value.forEach(add);
  };
  for (const answer of Object.values(asRecord(entry.answers))) add(asRecord(answer).value);
  for (const [key, value] of Object.entries(entry)) {
    if (key !== 'answers' && isRecord(value)) add(value.answer);
  }
  return texts;
}

/** The filters of an entries list: every list's, with `person` (name, e-mail or id) and `eventId` (RSVPs of one event). */
export type EntryFilters = ListFilters;

/**
 * What the filters of a list of guest records read of one record (a form or hunt entry, a store
 * order): the texts the text filter searches, the names, e-mails and ids the person filter
 * matches, and the time the date filters compare.
 */
export interface GuestRecordReader {
  texts(key: string, record: Json): string[];
  people(key: string, record: Json): Array<string | null>;
  time(record: Json): number;
}

/**
 * The filters of a list of guest records as one predicate (spec 02 §5): text matches any of the
 * record's texts; the person filter its names, e-mails and ids, case-insensitive; the dates its
 * time, from the start of the first day through the end of the last (its start plus one day,
 * ENTRY_DAY_EXTENSION); the view the completion (§4 "Views"); eventId the RSVP's event.
 */
export function guestRecordPredicate(filters: EntryFilters, reader: GuestRecordReader): (key: string, record: Json) => boolean {
  const tests: Array<(key: string, record: Json) => boolean> = [];
  const needle = filters.text?.trim().toLocaleLowerCase();
  if (needle) tests.push((key, record) => reader.texts(key, record).some((value) => value.toLocaleLowerCase().includes(needle)));
  const person = filters.person?.trim().toLocaleLowerCase();
  if (person) tests.push((key, record) => reader.people(key, record).some((value) => value?.toLocaleLowerCase().includes(person)));
  const { start, view, eventId } = filters;
  // The end date's day is extended by one day: records sent on that day are kept.
  const end =
    filters.endDayStart !== undefined ? entryEndBound(filters.endDayStart) : filters.end !== undefined ? filters.end + 1 : undefined;
  if (start !== undefined && Number.isFinite(start)) tests.push((_key, record) => reader.time(record) >= start);
  if (end !== undefined && Number.isFinite(end)) tests.push((_key, record) => reader.time(record) < end);
  if (view) tests.push((_key, record) => entryView(record) === view);
  if (eventId) tests.push((_key, record) => record.eventId === eventId);
  return (key, record) => tests.every((test) => test(key, record));
}

/** A form or hunt entry as the filters read it: its answers, its sender, its submission date. */
const ENTRY_READER: GuestRecordReader = {
  texts: (_key, entry) => answerTexts(entry),
  people: (key, entry) => [entryName(entry), entryEmail(entry), key, text(entry.createdBy), text(entry.uid)],
  time: (entry) => timeOf(entry.createDate),
};

/**
 * The entries' filters as one predicate (spec 02 §5): text matches any text answer; the person
 * filter the name, e-mail or id (entry key, createdBy, uid); the dates the submission date.
 */
export function entryPredicate(filters: EntryFilters): (key: string, entry: Json) => boolean {
  return guestRecordPredicate(filters, ENTRY_READER);
}

/** The end bound of the entry date filter for the day starting at `dayStart`: the next day's start (exclusive). */
export const entryEndBound = (dayStart: number): number => dayStart + ENTRY_DAY_EXTENSION;
