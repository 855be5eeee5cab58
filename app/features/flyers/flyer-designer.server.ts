import { randomBytes } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import type { z } from 'zod';
import { requireStaff, requireUser, forbidden } from '@server/authz';
import { generatePushId } from '@server/db';
import {
  addCustomTag,
  addToHistory,
  deleteHistoryEntry,
  flyerQr,
  parseDetailPath,
  readCommunityImage,
  readFlyerConfig,
  readFlyerEvent,
  readFlyerHistory,
  readHistoryEntry,
  saveFlyerConfig,
  type FlyerConfig,
  type FlyerEventSource,
  type FlyerHistoryEntry,
} from '@server/flyers';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { viewJobStatus, type JobStatusView } from '@server/jobs/status';
import { isValidKey } from '@server/paths';
import { aiImagesProvider } from '@server/providers/ai-images';
import { calendarGrantByUuid, calendarGrantsOfUserFor, resolveCalendarGrant } from '@server/remote/calendar';
import {
  DEFAULT_PAPER_OF,
  FLYER_DEFAULTS,
  FLYER_TEXTS,
  emptyFlyer,
  eventLayout,
  newTextElement,
  paperOf,
  spaceEvenly,
  stripMarkup,
  type Flyer,
  type FlyerElement,
} from '~/lib/design';
import { hrefs } from '~/lib/hrefs';
import { parseIntent, type IntentSchema } from '~/lib/intent';
import {
  FlyerIntent,
  FlyerSchema,
  addressWithLayout,
  flyerFormAsTyped,
  flyerFromForm,
  flyerWithLayout,
  formFromFlyer,
  type FlyerFormValue,
} from '~/schemas/flyer';
import { getServices } from '~/services.server';

/**
 * The flyer designer (spec 02 "Flyer designer"): `/create-flyer/:action?` for staff of the
 * session's community and `/create-flyer-remote/:action?` for a remote manager's own event (a
 * calendar grant with Edit Information: `?uuid=` for a link grant, else the signed-in person's
 * own grant for the event's calendar). `action` is `event` with `?event={calendarId}/{eventId}`.
 * The flyer travels in the form with every post (nothing typed is lost without JavaScript); the
 * configuration and the history are stored (server/flyers).
 */

type Params = Record<string, string | undefined>;

export type FlyerMode = 'staff' | 'remote';

/** Who designs a flyer for which community and event. */
export interface FlyerTarget {
  mode: FlyerMode;
  community: string;
  source: FlyerEventSource | null;
  /** The page's own address (with its query), where its forms post. */
  self: string;
  /** The resource route of the downloads (PNG, PDF), with the same query. */
  download: string;
  /** The staff member; null for a remote manager. */
  uid: string | null;
}

/** A remote designer's image generation is followed on its own page (`?job=`), the job read under the grant. */
const REMOTE_JOB = /^flyer-[A-Za-z0-9_-]{1,80}-\d{1,16}-[0-9a-f]{16}$/;

/** The job a remote designer's address follows (`?job=`), read for the grant's community only; null when there is none. */
export async function remoteFlyerJob(target: FlyerTarget, url: URL): Promise<JobStatusView | null> {
  const id = url.searchParams.get('job');
  if (target.mode !== 'remote' || !id || !REMOTE_JOB.test(id) || !id.startsWith(`flyer-${target.community}-`)) return null;
  const services = await getServices();
  return viewJobStatus(services, { queue: 'flyer-image', id, communities: [target.community] });
}

/** The remote designer's address following a job (its `job`, and its `use` of an earlier one, replaced). */
function remoteJobAddress(self: string, jobId: string): string {
  const [path = '', search = ''] = self.split('?', 2);
  const params = new URLSearchParams(search);
  params.delete('use');
  params.set('job', jobId);
  return `${path}?${params.toString()}`;
}

function eventPathOf(request: Request, params: Params): { calendarId: string; eventId: string } | null {
  const action = params.action;
  if (action === undefined) return null;
  if (action !== 'event') throw notFound();
  const detail = parseDetailPath(new URL(request.url).searchParams.get('event'));
  if (!detail) throw notFound();
  return detail;
}

const queryOf = (request: Request) => {
  const search = new URL(request.url).search;
  return search;
};

/** The staff designer's target: the session's community, the event of one of its calendars when the address names one. */
export async function staffFlyerTarget(request: Request, params: Params): Promise<FlyerTarget> {
  const { community, user } = await requireStaff(request);
  const services = await getServices();
  const detail = eventPathOf(request, params);
  const source = detail ? await readFlyerEvent(services, community, detail.calendarId, detail.eventId) : null;
  if (detail && !source) throw notFound();
  const query = queryOf(request);
  return {
    mode: 'staff',
    community,
    uid: user.uid,
    source,
    self: `${hrefs.createFlyer(params.action)}${query}`,
    download: `${hrefs.createFlyerDownload()}${query}`,
  };
}

/**
 * The remote designer's target: always an event (`/create-flyer-remote/event?event=…`), of the
 * calendar a grant with Edit Information names; anything else is 404, a grant without the
 * permission 403.
 */
export async function remoteFlyerTarget(request: Request, params: Params): Promise<FlyerTarget> {
  const services = await getServices();
  const deps = { db: services.db, paths: services.paths };
  const detail = eventPathOf(request, params);
  if (!detail) throw notFound();
  const uuid = new URL(request.url).searchParams.get('uuid');
  let grant;
  if (uuid !== null) grant = isValidKey(uuid) ? await calendarGrantByUuid(deps, uuid) : null;
  else {
    const user = await requireUser(request);
    const grants = await calendarGrantsOfUserFor(deps, user.uid, detail.calendarId);
    grant = grants.length === 1 ? (grants[0] ?? null) : null;
  }
  const verdict = await resolveCalendarGrant(deps, grant ?? null, 'editInfo');
  if (!verdict.ok) throw verdict.status === 404 ? notFound() : forbidden('remote-permission');
  if (verdict.calendar.calendarId !== detail.calendarId) throw notFound();
  const community = verdict.calendar.community;
  const source = await readFlyerEvent(services, community, detail.calendarId, detail.eventId);
  if (!source) throw notFound();
  const query = queryOf(request);
  return {
    mode: 'remote',
    community,
    uid: null,
    source,
    self: `${hrefs.createFlyerRemote(params.action)}${query}`,
    download: `${hrefs.createFlyerRemoteDownload()}${query}`,
  };
}

export const flyerTarget = (request: Request, params: Params, mode: FlyerMode) =>
  mode === 'staff' ? staffFlyerTarget(request, params) : remoteFlyerTarget(request, params);

export type HistoryItem = Omit<FlyerHistoryEntry, 'elements'> & { hasElements: boolean };

export interface FlyerPageData {
  mode: FlyerMode;
  self: string;
  download: string;
  form: FlyerFormValue;
  config: FlyerConfig;
  /** The history, newest first (at most 200; the page shows the 12 newest matching its filter), and how many there are in all. */
  history: HistoryItem[];
  historyTotal: number;
  /** The saved elements of the flyer's history entry (revert; changed-versus-saved), or null. */
  saved: FlyerElement[] | null;
  event: { title: string; headerImages: string[] } | null;
  aiOffline: boolean;
  /** The remote designer's image generation under way or just ended (`?job=`), with the address of its state. */
  job: { view: JobStatusView; stateHref: string } | null;
}

export type FlyerConfirm = { kind: 'load-event' } | { kind: 'delete-history'; key: string; title: string };

export interface FlyerActionData {
  result: SubmissionResult<string[]>;
  form?: FlyerFormValue;
  saved?: FlyerElement[] | null;
  /** A warning or a note for the person, with an id of its own (a toast). */
  message?: { id: string; kind: 'error' | 'success'; text: string } | null;
  /** A refused post: what was typed into the refused fields, by name (the form shows it as typed). */
  typed?: Record<string, string>;
  confirm?: FlyerConfirm | null;
  /** A background generation under way: its job's status page. */
  job?: { statusHref: string; stateHref: string } | null;
}

const historyItem = ({ elements, ...entry }: FlyerHistoryEntry): HistoryItem => ({ ...entry, hasElements: elements !== null });

function initialFlyer(config: FlyerConfig, source: FlyerEventSource | null): Flyer {
  const flyer = emptyFlyer(config.type);
  flyer.tags = config.tags;
  if (!source) return flyer;
  flyer.title = source.event.title.slice(0, 120);
  flyer.elements = eventLayout(source.event, source.timeZone, flyer.paper, source.qr);
  if (source.headerImages.length > 0) flyer.imageType = 'existing';
  return flyer;
}

export async function loadFlyerPage(target: FlyerTarget, url: URL): Promise<FlyerPageData> {
  const services = await getServices();
  const [config, history] = await Promise.all([readFlyerConfig(services, target.community), readFlyerHistory(services, target.community)]);
  const query = url.searchParams.get('q') ?? '';
  let flyer = initialFlyer(config, target.source);
  // Back from a generation (`?use={key}`): its image chosen, the elements spaced 30 apart from 10 at the top (spec 02 §5).
  const used = history.find((entry) => entry.key === url.searchParams.get('use'));
  if (used) {
    Object.assign(flyer, { image: used.url, key: used.key, imageType: 'generate', tags: used.tags.length ? used.tags : flyer.tags });
    // The elements the designer held when the image was asked for (or last downloaded with it).
    if (used.elements && used.elements.length > 0) flyer.elements = used.elements;
    if (used.orientation !== flyer.paper.orientation) flyer.paper = paperOf(DEFAULT_PAPER_OF[used.orientation], flyer.paper);
    // The tint, margins, paper type and offsets the designer had (the address Generate Image led back to).
    flyer = flyerWithLayout(flyer, url.searchParams);
    if (flyer.elements.length > 0)
      flyer.elements = spaceEvenly(flyer.elements, flyer.paper, {
        top: FLYER_DEFAULTS.generatedStart,
        gap: FLYER_DEFAULTS.generatedSpacing,
      });
  } else if (url.searchParams.has('job')) {
    // A remote designer following its generation keeps the layout it had while the job runs.
    flyer = flyerWithLayout(flyer, url.searchParams);
  }
  return {
    mode: target.mode,
    self: target.self,
    download: target.download,
    form: formFromFlyer(flyer, { historyQuery: query.slice(0, 120) }),
    config,
    history: history.slice(0, 200).map(historyItem),
    historyTotal: history.length,
    saved: null,
    event: target.source ? { title: target.source.event.title, headerImages: target.source.headerImages } : null,
    aiOffline: aiImagesProvider(services.env).offline,
    job: await remoteJobOf(target, url),
  };
}

async function remoteJobOf(target: FlyerTarget, url: URL): Promise<FlyerPageData['job']> {
  const view = await remoteFlyerJob(target, url);
  if (!view) return null;
  const state = new URL(url);
  state.pathname = hrefs.createFlyerRemoteJobState();
  return { view, stateHref: `${state.pathname}${state.search}` };
}

const answer = (body: FlyerActionData, status = 200) => data<FlyerActionData>(body, { status });
const note = (kind: 'error' | 'success', text: string) => ({ id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, kind, text });

let elementCounter = 0;
const newElementId = () => `t${Date.now().toString(36)}${(elementCounter += 1).toString(36)}`;

/** Reads and parses a designer post (shared by the page's action and the downloads). */
export async function readFlyerPost<Schema extends IntentSchema = typeof FlyerIntent>(request: Request, intents?: Schema) {
  const formData = await readForm(request, { schemas: FlyerSchema, maxBytes: 1_000_000 });
  const intent = parseIntent(formData, intents ?? FlyerIntent, { fallback: 'update' }) as z.infer<Schema>;
  const submission = parseWithZod(formData, { schema: FlyerSchema });
  return { formData, intent, submission };
}

/** The configuration the flyer's paper and tags make (spec 02 §5: a paper type change is saved). */
async function keepConfig(target: FlyerTarget, config: FlyerConfig, flyer: Flyer): Promise<void> {
  if (target.mode === 'remote') return;
  const next = { ...config, orientation: flyer.paper.orientation, type: flyer.paper.type, tags: flyer.tags };
  if (next.orientation !== config.orientation || next.type !== config.type || next.tags.join('\n') !== config.tags.join('\n'))
    await saveFlyerConfig(await getServices(), target.community, next);
}

export async function flyerAction(request: Request, target: FlyerTarget) {
  const services = await getServices();
  const { intent, submission } = await readFlyerPost(request);
  if (submission.status !== 'success') {
    // The flyer as posted, each refused field with its message and what was typed into it.
    const page = await loadFlyerPage(target, new URL(request.url));
    const { form, typed } = flyerFormAsTyped(submission.payload, page.form);
    return answer({ result: submission.reply(), form, typed }, 400);
  }
  const value = submission.value;
  let flyer = flyerFromForm(value);
  let config = await readFlyerConfig(services, target.community);
  const extra = { customTag: value.customTag, prompt: value.prompt, historyQuery: value.historyQuery };
  let saved: FlyerElement[] | null = null;
  if (flyer.key) saved = (await readHistoryEntry(services, target.community, flyer.key))?.elements ?? null;
  let message: FlyerActionData['message'] = null;
  let confirm: FlyerConfirm | null = null;
  let status = 200;

  switch (intent.intent) {
    case 'update':
      break;
    case 'add-tag': {
      const added = addCustomTag(config, value.customTag);
      if (!added.ok) {
        message = note('error', added.message);
        status = 400;
        break;
      }
      config = added.config;
      if (target.mode === 'staff') await saveFlyerConfig(services, target.community, config);
      flyer.tags = [...flyer.tags, value.customTag.trim()];
      extra.customTag = '';
      break;
    }
    case 'add-text':
      if (flyer.elements.length >= 20) {
        message = note('error', 'A flyer has at most 20 elements.');
        status = 400;
      } else flyer.elements = [...flyer.elements, newTextElement(flyer.paper, newElementId())];
      break;
    case 'remove-element':
      flyer.elements = flyer.elements.filter((element) => element.id !== intent.argument);
      break;
    case 'revert-element': {
      const before = saved?.find((element) => element.id === intent.argument);
      if (before) flyer.elements = flyer.elements.map((element) => (element.id === intent.argument ? before : element));
      break;
    }
    case 'load-event':
      confirm = { kind: 'load-event' };
      break;
    case 'confirm-load-event':
      if (!target.source) {
        message = note('error', 'This flyer is not made for an event.');
        status = 400;
      } else
        flyer.elements = eventLayout(
          target.source.event,
          target.source.timeZone,
          flyer.paper,
          target.source.qr ?? (await flyerQr(services, target.community)),
        );
      break;
    case 'space-evenly':
      flyer.elements = spaceEvenly(flyer.elements, flyer.paper);
      break;
    case 'use-history': {
      const entry = await readHistoryEntry(services, target.community, intent.argument);
      if (!entry) {
        message = note('error', 'This flyer is no longer in the history.');
        status = 404;
        break;
      }
      flyer = {
        ...flyer,
        image: entry.url,
        key: entry.key,
        title: flyer.title || entry.title,
        tags: entry.tags.length ? entry.tags : flyer.tags,
      };
      if (entry.orientation !== flyer.paper.orientation) flyer.paper = paperOf(DEFAULT_PAPER_OF[entry.orientation], flyer.paper);
      if (entry.elements) flyer.elements = entry.elements;
      saved = entry.elements;
      break;
    }
    case 'delete-history':
    case 'confirm-delete-history': {
      if (target.mode === 'remote') {
        message = note('error', 'Only the community’s staff delete flyers from history.');
        status = 403;
        break;
      }
      const entry = await readHistoryEntry(services, target.community, intent.argument);
      if (!entry) {
        message = note('error', 'This flyer is no longer in the history.');
        status = 404;
        break;
      }
      if (intent.intent === 'delete-history') {
        confirm = { kind: 'delete-history', key: entry.key, title: entry.title };
        break;
      }
      await deleteHistoryEntry(services, target.community, entry.key);
      if (flyer.key === entry.key) {
        flyer = { ...flyer, image: '', key: '' };
        saved = null;
      }
      message = note('success', 'The flyer was deleted from history.');
      break;
    }
    case 'use-header': {
      const url = target.source?.headerImages[Number(intent.argument)];
      const bytes = url ? await readCommunityImage(services.storage, target.community, url) : null;
      if (!bytes) {
        message = note('error', 'This image could not be read.');
        status = 400;
        break;
      }
      const entry = await addToHistory(
        services,
        target.community,
        { bytes, name: 'event-image' },
        { title: flyer.title || (target.source?.event.title ?? ''), tags: flyer.tags, orientation: flyer.paper.orientation },
      );
      flyer = { ...flyer, image: entry.url, key: entry.key, imageType: 'existing' };
      saved = null;
      break;
    }
    case 'generate': {
      const prompt = value.prompt.trim();
      if (prompt === '') {
        message = note('error', 'Describe the image to generate.');
        status = 400;
        break;
      }
      const now = Date.now();
      // A remote manager's job id cannot be guessed: their page reads it under their grant.
      const jobId =
        target.mode === 'remote'
          ? `flyer-${target.community}-${now}-${randomBytes(8).toString('hex')}`
          : `flyer-${target.community}-${now}`;
      const queued = await services.jobs.enqueue(
        'flyer-image',
        {
          product: services.paths.product(),
          community: target.community,
          prompt: flyer.tags.length ? `${prompt}. Style: ${flyer.tags.join(', ')}.` : prompt,
          orientation: flyer.paper.orientation,
          title: flyer.title || (target.source?.event.title ?? ''),
          tags: flyer.tags,
          back: addressWithLayout(target.self, flyer).slice(0, 600),
          requestedBy: target.uid ?? 'remote',
          requestedAt: now,
          historyKey: generatePushId(now),
          // What the designer holds now comes back with the image (nothing typed is lost).
          elements: formFromFlyer(flyer).elements,
        },
        { jobId, attempts: 2 },
      );
      if (!queued.queued) {
        message = note('error', 'Image generation is not available right now. Please try again later.');
        status = 503;
        break;
      }
      // The remote page follows the job on the designer itself, with the layout it had (as the back address carries it).
      if (target.mode === 'remote') throw redirect(remoteJobAddress(addressWithLayout(target.self, flyer), queued.jobId));
      throw redirect(hrefs.jobStatus('flyer-image', queued.jobId, { back: target.self }));
    }
    case 'download':
    case 'download-background':
    case 'print-pdf':
      if (!flyer.image) {
        message = note('error', FLYER_TEXTS.needImage);
        status = 400;
      }
      break;
  }
  flyer.elements = flyer.elements.map((element) => (element.type === 'text' ? { ...element, text: stripMarkup(element.text) } : element));
  await keepConfig(target, config, flyer);
  return answer({ result: submission.reply(), form: formFromFlyer(flyer, extra), saved, message, confirm }, status);
}
