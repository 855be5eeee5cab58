import { data as answer } from '@remix-run/node';
import { CHECK_PDF, entryAnswers, NOT_ANSWERED } from '@server/entries/answers';
import { answerCompletion, unreadable } from '@server/entries/completion';
import { entryImageResolver, type ImageResolver } from '@server/entries/images';
import {
  asRecord,
  completedOf,
  completionChoices,
  entryEmail,
  entryName,
  golfCard,
  huntSteps,
  isScorable,
  scoredOf,
  scoreText,
  scoreValue,
  scoringSummary,
  statusText,
  timeOf,
  type CompletionChoice,
  type GolfCard,
  type Json,
  type ScoringSummary,
  type StepScore,
} from '@server/entries/rules';
import { entryDate, entryPdfUrl, scoreStep, type EntryItem } from '@server/entries/store';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { imageUrl } from '~/lib/image-url';
import { parseIntent } from '~/lib/intent';
import { listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { EntryIntent } from './intents';
import { resolveEntries, type ResolvedEntries } from './resolve.server';

/**
 * One guest entry in the entries list's right column (spec 02 "Guest entries", §4 "Entry
 * completion", "Hunt step score"): a form entry's submission date, PDF link and answers, a hunt
 * entry's responses with their scores, golf scorecard and summary; Completed, Denied (and
 * Reopened in the archive) and Cancel.
 */

type Params = Record<string, string | undefined>;

export interface AnswerView {
  label: string;
  /** `empty`: 'Not Answered'; `signature`: 'Check PDF'; `image`: shown as an image. */
  kind: 'text' | 'empty' | 'signature' | 'image';
  text: string;
  src: string | null;
}

export interface StepView {
  key: string;
  title: string;
  type: string;
  answer: string | null;
  expected: string | null;
  photo: string | null;
  scorable: boolean;
  score: StepScore;
  scoreText: string;
  golf: GolfCard | null;
}

export interface EntryViewData {
  /** The right column's label (list-with-panel). */
  heading: string;
  key: string;
  itemTitle: string;
  kind: EntryItem['kind'];
  name: string;
  email: string | null;
  submitted: string;
  status: string;
  completed: number;
  event: string | null;
  /** The download link of a form entry: its stored PDF, or the address that has it made. */
  pdfUrl: string | null;
  /** Whether pdfUrl is the stored file itself. */
  pdfStored: boolean;
  answers: AnswerView[];
  steps: StepView[] | null;
  summary: ScoringSummary | null;
  choices: CompletionChoice[];
  closeHref: string;
}

export type EntryActionData = { error: string };

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** An image kept inside the entry (a data URL) is not shown here: the PDF draws it. */
const isDataUrl = (value: unknown) => typeof value === 'string' && /^data:/i.test(value.trim());

/** Each answer as the view shows it: 'Not Answered' when empty, 'Check PDF' for a signature, images as images. */
export function answerViews(item: EntryItem, entry: Json, timeZone: string, imageOf: ImageResolver = imageUrl): AnswerView[] {
  return entryAnswers(item, entry, timeZone).flatMap((answer): AnswerView[] => {
    switch (answer.kind) {
      case 'header':
      case 'static':
        return [];
      case 'text':
        return [{ label: answer.label, kind: 'text', text: answer.text, src: null }];
      case 'empty':
        return [{ label: answer.label, kind: 'empty', text: answer.text, src: null }];
      case 'signature':
        return [{ label: answer.label, kind: 'signature', text: CHECK_PDF, src: null }];
      case 'image': {
        const src = imageOf(answer.value);
        if (src) return [{ label: answer.label, kind: 'image', text: answer.label, src }];
        return [
          {
            label: answer.label,
            kind: 'text',
            text: isDataUrl(answer.value) ? CHECK_PDF : (text(answer.value) ?? NOT_ANSWERED),
            src: null,
          },
        ];
      }
    }
  });
}

/** The values of an entry that may name an image: image and file answers, hunt photos. */
function imageValues(item: EntryItem, entry: Json, timeZone: string): unknown[] {
  if (item.kind === 'hunt') {
    return huntSteps(item.record).flatMap((step) => {
      const response = asRecord(entry[step.key]);
      return [response.drawable, response.photo];
    });
  }
  return entryAnswers(item, entry, timeZone).flatMap((answer) => (answer.kind === 'image' ? [answer.value] : []));
}

export function stepViews(item: EntryItem, entry: Json, imageOf: ImageResolver = imageUrl): StepView[] {
  return huntSteps(item.record).map((step) => {
    const response = asRecord(entry[step.key]);
    const score = scoredOf(response);
    const answer = Array.isArray(response.answer) ? response.answer.map(String).join(', ') : text(response.answer);
    return {
      key: step.key,
      title: step.title,
      type: step.type,
      answer,
      expected: step.answer,
      photo: imageOf(response.drawable) ?? imageOf(response.photo),
      scorable: isScorable(step),
      score,
      scoreText: scoreText(score),
      golf: step.type === 'golf' ? golfCard(step, response) : null,
    };
  });
}

export async function readEntry(list: ResolvedEntries, entryId: string): Promise<Json> {
  if (!isValidKey(entryId)) throw notFound();
  const { db, paths } = await getServices();
  const stored = (await db.ref(paths.entry(list.staff.community, list.item.node, list.item.key, entryId)).get()).val();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw notFound();
  return stored as Json;
}

export async function loadEntry(request: Request, params: Params): Promise<EntryViewData> {
  const list = await resolveEntries(request, params);
  const key = params.entryId ?? '';
  const entry = await readEntry(list, key);
  const { item, timeZone, view } = list;
  const services = await getServices();
  const hunt = item.kind === 'hunt';
  const imageOf = await entryImageResolver(services.storage, list.staff.community, imageValues(item, entry, timeZone));
  const storedPdf = hunt ? null : await entryPdfUrl(services.storage, item.key, entry);
  const search = new URL(request.url).search;
  return {
    heading: hunt ? 'Hunt Entry' : 'Form Entry',
    key,
    itemTitle: item.title,
    kind: item.kind,
    name: entryName(entry) ?? entryEmail(entry) ?? text(entry.createdBy) ?? 'Guest entry',
    email: entryEmail(entry),
    submitted: entryDate(timeOf(entry.createDate), timeZone),
    status: statusText(entry),
    completed: completedOf(entry),
    event: text(entry.eventTitle),
    pdfUrl: hunt ? null : (storedPdf ?? `${hrefs.scrollerEntryPdf(item.context, item.key, key)}${search}`),
    pdfStored: storedPdf !== null,
    answers: hunt ? [] : answerViews(item, entry, timeZone, imageOf),
    steps: hunt ? stepViews(item, entry, imageOf) : null,
    summary: hunt ? scoringSummary(huntSteps(item.record), entry) : null,
    choices: completionChoices(view, entry),
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
  };
}

const MAX_FIELD = 200;

/** A posted text field: null when absent, undefined when it is no short text (a malformed post). */
function field(form: FormData, name: string): string | null | undefined {
  const value = form.get(name);
  if (value === null) return null;
  return typeof value === 'string' && value.length <= MAX_FIELD ? value : undefined;
}

const UNREADABLE = unreadable('entry');

const STEP_CHANGED =
  'This step was scored by someone else while you were looking at it. It now shows their score; choose again to replace it.';

/** Completed / Denied / Reopened, and a hunt step's score (correct, incorrect, Clear score). */
export async function entryAction(request: Request, params: Params) {
  const list = await resolveEntries(request, params);
  const entryId = params.entryId ?? '';
  // An entry that is not there (another community's, or removed) is no page, whatever the post.
  await readEntry(list, entryId);
  const form = await readForm(request);
  const posted = parseIntent(form, EntryIntent);
  const intent = posted.intent;
  const wasText = field(form, 'was');
  if (wasText === undefined) return answer<EntryActionData>({ error: UNREADABLE }, { status: 400 });
  const services = await getServices();
  const ref = { community: list.staff.community, node: list.item.node, item: list.item.key, entryId };
  const listHref = listUrls(list.location, new URL(request.url).searchParams).list;
  const entryHref = new URL(request.url).pathname + new URL(request.url).search;

  const completion = await answerCompletion(services, services.paths.entry(ref.community, ref.node, ref.item, ref.entryId), {
    intent,
    was: wasText,
    view: list.view,
    uid: list.staff.user.uid,
    noun: 'entry',
  });
  if (completion.kind === 'not-found') throw notFound();
  if (completion.kind === 'refused') return answer<EntryActionData>({ error: completion.error }, { status: completion.status });
  if (completion.kind === 'done') {
    // The view closes: the entry leaves a list whose view it no longer belongs to.
    return redirectWithToast(request, listHref, { kind: 'success', message: `The entry was marked ${completion.choice.label}.` });
  }
  if (posted.intent === 'score') {
    if (list.item.kind !== 'hunt') return answer<EntryActionData>({ error: 'Only hunt entries are scored.' }, { status: 400 });
    const stepKey = field(form, 'step') ?? '';
    const step = huntSteps(list.item.record).find((candidate) => candidate.key === stepKey);
    if (!step || !isScorable(step)) return answer<EntryActionData>({ error: 'This hunt has no such step to score.' }, { status: 400 });
    const scoreParam = posted.argument;
    const was: StepScore | undefined =
      wasText === null ? undefined : wasText === '1' ? 1 : wasText === '0' ? 0 : wasText === '' ? null : undefined;
    const result = await scoreStep(services, { ...ref, step: step.key }, { score: scoreValue(scoreParam), was });
    if (result.kind === 'not-found') throw notFound();
    if (result.kind === 'conflict') return answer<EntryActionData>({ error: STEP_CHANGED }, { status: 409 });
    return redirectWithToast(request, `${entryHref}#step-${encodeURIComponent(step.key)}`, {
      kind: 'success',
      message: `${step.title}: ${scoreText(scoreValue(scoreParam))}.`,
    });
  }
  return answer<EntryActionData>({ error: 'Choose Completed, Denied or Cancel.' }, { status: 400 });
}
