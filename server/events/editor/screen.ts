import { loadActionTargets, type ActionTargets } from '@server/actions/targets';
import { readCommunity } from '@server/community/setup';
import { trackedDeepLink, trackingFor } from '@server/menu/items';
import { qrImages, type QrImages } from '@server/qr';
import { assistantUseOf, htmlToPlain, plainToHtml, USE_DESCRIPTION_PARAM, USE_TITLE_PARAM } from '~/lib/assistant';
import { EVENT_EDITOR_TEXTS } from '~/lib/event-editor';
import { eventPreviewModel, type EventPreviewModel } from '~/lib/event-preview';
import { headerView, type HeaderView } from '~/lib/header-info';
import { hrefs } from '~/lib/hrefs';
import { imageUrl } from '~/lib/image-url';
import type { EditScope, EventFormValue, EventSectionId } from '~/schemas/event';
import { deletedNote } from '../archive';
import { eventsOverlappingDay, importLockOf, newEventId, type EventFormOptions, type ExistingEventRow } from '../index';
import { editingOf, formValueOf, recurrenceIdOf, returnToOf } from './editing';
import { eventEditorRightsOf, previewContext } from './rights';
import { typeSegment, type EventEditorMode, type Target } from './target';

export interface EventEditorData {
  mode: EventEditorMode;
  heading: string;
  calendar: { id: string; title: string };
  /** The event the form saves (for add and duplicate: the key the new event will take). */
  itemKey: string;
  defaultValue: Partial<EventFormValue>;
  version: string | null;
  scope: EditScope;
  /** An occurrence of a recurrence opened without choosing: the 'Edit Recurrence' question, its two answers. */
  askScope: { recurrenceHref: string; eventHref: string } | null;
  /** Edit Event on an occurrence of a recurrence: its recurrence is not edited here. */
  occurrence: boolean;
  /** Archived and not duplicated: nothing can be submitted. */
  readOnly: boolean;
  /** The read-only event's Duplicate (the way to use it again). */
  duplicateHref: string | null;
  /** An event deleted from an active view: when, and the times it was planned for (decision 024). */
  deletedNote: string | null;
  /** Send Notification for this event (spec 02 §4 "From an event"): staff who may notify, while the event has not ended. */
  notifyHref: string | null;
  /** Create Flyer (spec 02 "Flyer designer"): the designer for this saved event (the remote one for a remote manager). */
  flyerHref: string | null;
  options: EventFormOptions;
  now: number;
  header: HeaderView;
  headerHref: string | null;
  qr: QrImages | null;
  preview: EventPreviewModel;
  formAction: string;
  returnTo: string;
  openSection: EventSectionId;
  actionTargets: ActionTargets;
  communityRequired: boolean;
  /** Remote mode: Add Buttons granted, the remote calendar page (Cancel), and whether a new event waits for approval. */
  remote: { buttons: boolean; calendarHref: string; approval: boolean } | null;
  /** Import context: the calendar's events of the same day (Existing Events), and who submitted the event. */
  pending: { existing: ExistingEventRow[]; submittedBy: string | null } | null;
  /** An imported event: its locked fields are shown read-only with this reason (the feed that sets them). */
  locked: { reason: string } | null;
  /**
   * The AI writing assistant (staff only; hidden for remote users, spec 02 "Event editor"): its
   * page with this editor as `back`, its edit-only mode on the stored title and description, and
   * whether this page shows texts Use brought back (unsaved).
   */
  assistant: { href: string; editHref: string; used: boolean } | null;
}

const HEADINGS: Record<EventEditorMode, string> = {
  add: 'Add Event',
  edit: 'Edit Event',
  duplicate: 'Duplicate Event',
  import: EVENT_EDITOR_TEXTS.pendingHeading,
};

/** Remote managers' custom buttons open a web page, call or write (spec 02 §6), so no in-app targets are offered. */
const NO_ACTION_TARGETS: ActionTargets = { communities: [], byAction: {} };

/** The QR code of a saved event with a creator (staff only), when the community has tracking. */
async function qrFor(target: Target, eventId: string, item: Record<string, unknown>): Promise<QrImages | null> {
  if (target.kind !== 'staff' || target.mode !== 'edit' || typeof item.creator !== 'string' || item.creator === '') return null;
  const deps = { db: target.services.db, paths: target.services.paths };
  const record = (await readCommunity(deps, target.community)) ?? {};
  const tracking = await trackingFor(target.services, target.community, record);
  if (!tracking) return null;
  return qrImages(
    trackedDeepLink(tracking, { communityKey: target.community, action: 'amc-events', actionKey: `${target.calendarId}/${eventId}` }),
  );
}

/** The page's parts every answer shares, whether it asks 'Edit Recurrence' or shows the form. */
async function screenBase(target: Target, url: URL) {
  const { services, community, calendarId, options } = target;
  const deps = { db: services.db, paths: services.paths };
  const calendar = options.calendars.find((candidate) => candidate.id === calendarId) ?? { id: calendarId, title: '' };
  const ended = (Number(target.event?.stored.endDate) || 0) <= target.now;
  const notifyHref =
    target.kind === 'staff' && target.mode === 'edit' && target.notify && !ended
      ? hrefs.messagesAction('messages', 'add', new URLSearchParams({ calendar: calendarId, event: target.event.itemId }))
      : null;
  const flyerEvent = target.mode === 'edit' ? `${calendarId}/${target.event.itemId}` : null;
  const uuid = url.searchParams.get('uuid');
  const flyerHref =
    flyerEvent === null
      ? null
      : target.kind === 'remote'
        ? hrefs.createFlyerRemote('event', uuid !== null ? { event: flyerEvent, uuid } : { event: flyerEvent })
        : hrefs.createFlyer('event', { event: flyerEvent });
  return {
    mode: target.mode,
    notifyHref,
    flyerHref,
    heading: HEADINGS[target.mode],
    calendar,
    options,
    now: target.now,
    returnTo: returnToOf(url, target),
    openSection: 'general' as const,
    communityRequired: target.communities.length > 1,
    remote:
      target.kind === 'remote'
        ? {
            buttons: eventEditorRightsOf(target).fields.includes('detailButtons'),
            calendarHref: target.remote.calendarHref,
            approval: target.mode === 'add' && target.approval,
          }
        : null,
    pending:
      target.kind === 'import'
        ? {
            existing: await eventsOverlappingDay(deps, community, calendarId, Number(target.pending.item.startDate) || 0, options.timeZone),
            submittedBy: target.pending.submittedBy?.who ?? null,
          }
        : null,
  };
}

/** The assistant's addresses for this editor: `back` is this page without the texts Use brought. */
function assistantOf(url: URL, item: Record<string, unknown>, preview: EventPreviewModel): { href: string; editHref: string } {
  const here = new URL(url);
  here.searchParams.delete(USE_TITLE_PARAM);
  here.searchParams.delete(USE_DESCRIPTION_PARAM);
  const back = `${here.pathname}${here.search}`;
  const title = typeof item.title === 'string' ? item.title.slice(0, 200) : '';
  const description = typeof item.description === 'string' ? htmlToPlain(item.description).slice(0, 4000) : '';
  return {
    href: hrefs.assistant('events', { back, title, location: (preview.location[0] ?? '').slice(0, 300), when: preview.when.slice(0, 100) }),
    editHref: hrefs.assistant('events', { back, mode: 'edit', title, description }),
  };
}

/** The event editor's page (spec 02 "Event editor"): the 'Edit Recurrence' question, or the form. */
export async function loadEditorScreen(target: Target, url: URL): Promise<EventEditorData> {
  const { services, community, calendarId, kind } = target;
  const deps = { db: services.db, paths: services.paths };
  // A remote manager never edits a recurrence: an occurrence is edited as Edit Event.
  const asked = kind === 'remote' ? 'event' : url.searchParams.get('scope');
  const editing = await editingOf(target, asked, () => newEventId(deps, community, calendarId));
  const base = await screenBase(target, url);
  if (editing === 'ask') {
    // Only a stored occurrence of a recurrence asks.
    if (!target.event) throw new Error('The scope is asked of a stored event only.');
    const withScope = (scope: EditScope) => {
      const next = new URL(url);
      next.searchParams.set('scope', scope);
      return `${next.pathname}${next.search}`;
    };
    const { stored, itemId } = target.event;
    return {
      ...base,
      itemKey: itemId,
      defaultValue: {},
      version: null,
      scope: 'event',
      askScope: { recurrenceHref: withScope('recurrence'), eventHref: withScope('event') },
      occurrence: false,
      readOnly: false,
      duplicateHref: null,
      deletedNote: null,
      header: headerView(stored.headerInfo, imageUrl),
      headerHref: null,
      qr: null,
      preview: eventPreviewModel(stored, previewContext(target)),
      locked: null,
      assistant: null,
      formAction: url.pathname,
      actionTargets: NO_ACTION_TARGETS,
    };
  }
  const stored = target.event?.stored ?? null;
  const editorPath = hrefs.detailItem(typeSegment(target), calendarId, editing.eventId);
  const editable = target.mode === 'edit' && !editing.readOnly;
  const staffEdit = editable && target.kind === 'staff';
  const lock = editable ? await importLockOf(deps, community, calendarId, stored) : null;
  const preview = eventPreviewModel(editing.item, previewContext(target));
  const assistant =
    eventEditorRightsOf(target).assistant && !editing.readOnly && !lock && target.kind === 'staff'
      ? assistantOf(url, editing.item, preview)
      : null;
  const defaultValue = formValueOf(target, editing);
  const used = assistant ? assistantUseOf(url) : null;
  if (used?.title != null) defaultValue.title = used.title;
  if (used?.description != null) defaultValue.description = plainToHtml(used.description);
  return {
    ...base,
    locked: lock ? { reason: EVENT_EDITOR_TEXTS.lockedReason(lock.source) } : null,
    itemKey: editing.eventId,
    defaultValue,
    version: editing.version,
    scope: editing.scope,
    askScope: null,
    occurrence: editable && editing.scope === 'event' && recurrenceIdOf(stored) !== null,
    readOnly: editing.readOnly,
    duplicateHref: editing.readOnly && kind !== 'remote' ? `${editorPath}/duplicate` : null,
    deletedNote: target.mode === 'edit' && stored ? deletedNote(stored, previewContext(target).timeZone) : null,
    header: headerView(editing.item.headerInfo, imageUrl),
    headerHref: staffEdit ? `${editorPath}/header-images` : null,
    qr: await qrFor(target, editing.eventId, editing.item),
    preview,
    assistant: assistant ? { ...assistant, used: used !== null } : null,
    formAction: `${url.pathname}${url.search}`,
    actionTargets: kind === 'remote' ? NO_ACTION_TARGETS : await loadActionTargets(services, target.communities),
  };
}
