import { data } from '@remix-run/node';
import { requireStaff, type StaffContext } from '@server/authz';
import { readForm } from '@server/http/form.server';
import {
  AUDIENCE_TEXTS,
  deletePublicEvent,
  parseAudiences,
  PUBLIC_DELETE_TEXTS,
  publicDeleteInfo,
  readAudiences,
  readCalendarTabs,
  readCommunity,
  saveAudiences,
} from '@server/public-calendar';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { AudiencesIntent, PublicDeleteIntent } from './intents';

/**
 * The public calendar's management actions for signed-in staff of the community (spec 03
 * "Public calendar events", §7, §8): delete an event (with the spec's confirmations) and read and
 * set the community's audience list. Every loader and action checks on the server that the asker
 * is staff of that community; anyone else gets 403 (not signed in: no login detour from a public
 * page), unknown communities, calendars and events 404.
 */

const SESSION_COOKIE = /(?:^|;\s*)__session=/;
const text = (status: number, message: string) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** Staff of `community`, else a 403 (anonymous) or requireStaff's own answer (signed in elsewhere). */
export async function requireCalendarStaff(request: Request, community: string): Promise<StaffContext> {
  if (!SESSION_COOKIE.test(request.headers.get('Cookie') ?? '')) {
    throw text(403, "Only the community's staff can manage its calendar. Sign in to the console first.");
  }
  return requireStaff(request, { community });
}

interface EventParams {
  clocation?: string;
  tab?: string;
  eventId?: string;
}

export interface PublicDeleteData {
  title: string;
  recurring: boolean;
  imported: boolean;
  dialogTitle: string;
  dialogText: string;
  community: string;
  calendarHref: string;
  eventHref: string;
}

async function deleteTarget(request: Request, params: EventParams) {
  const community = params.clocation ?? '';
  await requireCalendarStaff(request, community);
  const services = await getServices();
  const deps = { db: services.db, paths: services.paths };
  const target = { community, tab: params.tab ?? '', eventId: params.eventId ?? '' };
  const stored = await readCommunity(deps, community);
  const tabs = stored ? await readCalendarTabs(deps, community) : [];
  if (!stored || !tabs.some((tab) => tab.tab === target.tab)) throw text(404, 'There is no such calendar.');
  const info = await publicDeleteInfo(deps, target);
  if (!info) throw text(404, 'This event is no longer on the calendar.');
  return { deps, target, info };
}

export async function loadPublicDelete(request: Request, params: EventParams): Promise<PublicDeleteData> {
  const { target, info } = await deleteTarget(request, params);
  return {
    title: info.title,
    recurring: info.recurring,
    imported: info.imported,
    dialogTitle: info.recurring
      ? PUBLIC_DELETE_TEXTS.recurrenceTitle
      : info.imported
        ? PUBLIC_DELETE_TEXTS.importedTitle
        : PUBLIC_DELETE_TEXTS.eventTitle,
    dialogText: info.recurring
      ? PUBLIC_DELETE_TEXTS.recurrenceText
      : info.imported
        ? PUBLIC_DELETE_TEXTS.importedText
        : PUBLIC_DELETE_TEXTS.eventText,
    community: target.community,
    calendarHref: hrefs.publicCalendar({ clocation: target.community, selectedTab: target.tab }),
    eventHref: hrefs.publicCalendarEvent(target.community, target.tab, target.eventId),
  };
}

export async function publicDeleteAction(request: Request, params: EventParams) {
  const { deps, target } = await deleteTarget(request, params);
  const chosen = parseIntent(await readForm(request), PublicDeleteIntent);
  const result = await deletePublicEvent(deps, {
    ...target,
    scope: chosen.intent === 'delete-recurrence' ? 'recurrence' : 'event',
    forever: chosen.intent === 'delete-forever',
    now: Date.now(),
  });
  if (!result.ok) throw text(404, 'This event is no longer on the calendar.');
  const message = result.removed > 1 ? `${result.removed} events deleted.` : 'Event deleted.';
  return redirectWithToast(request, hrefs.publicCalendar({ clocation: target.community, selectedTab: target.tab }), {
    kind: 'success',
    message,
  });
}

export interface AudiencesData {
  community: string;
  communityName: string;
  audiences: string[];
  calendarHref: string;
}

export interface AudiencesActionData {
  message: string;
  value: string;
}

async function audiencesTarget(request: Request, community: string | undefined) {
  const key = community ?? '';
  await requireCalendarStaff(request, key);
  const services = await getServices();
  const deps = { db: services.db, paths: services.paths };
  const stored = await readCommunity(deps, key);
  if (!stored) throw text(404, 'There is no such community.');
  return { deps, community: stored };
}

export async function loadAudiences(request: Request, community: string | undefined): Promise<AudiencesData> {
  const { deps, community: stored } = await audiencesTarget(request, community);
  return {
    community: stored.key,
    communityName: stored.name,
    audiences: await readAudiences(deps, stored.key),
    calendarHref: hrefs.publicCalendar({ clocation: stored.key }),
  };
}

/** The largest audience list text read (MAX_AUDIENCES lines of MAX_AUDIENCE_LENGTH, with room). */
const MAX_AUDIENCES_TEXT = 8_000;

export async function audiencesAction(request: Request, community: string | undefined) {
  const { deps, community: stored } = await audiencesTarget(request, community);
  const form = await readForm(request);
  parseIntent(form, AudiencesIntent);
  const raw = form.get('audiences');
  const value = typeof raw === 'string' ? raw : '';
  if (value.length > MAX_AUDIENCES_TEXT) {
    return data<AudiencesActionData>({ message: AUDIENCE_TEXTS.tooMany, value: value.slice(0, MAX_AUDIENCES_TEXT) }, { status: 400 });
  }
  const parsed = parseAudiences([value]);
  if (!parsed.ok) return data<AudiencesActionData>({ message: parsed.message, value }, { status: 400 });
  await saveAudiences(deps, stored.key, parsed.audiences);
  return redirectWithToast(request, hrefs.publicCalendarAudiences(stored.key), { kind: 'success', message: 'Audiences saved.' });
}
