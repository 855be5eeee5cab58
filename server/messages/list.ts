import { canNotify, isLocationAdmin, type Access } from '@server/authz/access';
import { plainTextOf } from '@server/community/description';
import type { RealtimeDb } from '@server/db';
import { readMenuItems } from '@server/menu/items';
import { MAIN_MENU } from '@server/menu/sections';
import type { Paths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import type { ListContextDefinition, ListView } from '~/lib/listing/types';
import type { MessagesView } from '~/lib/listing/urls';

/**
 * The messages list's rules (spec 02 "Messages", §4 "Views" and "Deleting events and messages",
 * §6, §9; spec 03 §6 trays): which list a context and view read, how a message row reads, and
 * who may open it.
 *
 * - `/amc-messages/messages`: the signed-in community's `messages` (active: endTime 0 or in the
 *   future; archive: ended) and `messages-scheduled` (future and recurring notifications);
 *   `/amc-messages/systemwide-notification`: the same lists of the system-wide data area.
 * - Rows newest first by deliveryTime, 75 then 25 a chunk.
 * - Delete Selected (the listing engine, one multi-path update): active → endTime now (to the
 *   archive); archive → removed; scheduled → removed.
 */

export const MESSAGE_CONTEXTS = ['messages', 'systemwide-notification'] as const;
export type MessageContext = (typeof MESSAGE_CONTEXTS)[number];

export const isMessageContext = (value: unknown): value is MessageContext => MESSAGE_CONTEXTS.some((context) => context === value);

/** Spec 02 §9: messages 75 first and 25 after. */
export const MESSAGE_PAGE_SIZES = { first: 75, next: 25 } as const;

export const SYSTEMWIDE_TITLE = 'Systemwide Notification';
export const MESSAGES_TITLE = 'Messages';
/** Spec 02 "Messages": the banners of the system-wide area and of a resort system admin's community messages. */
export const SYSTEMWIDE_BANNER = 'This is a systemwide message sent across all communities';
export const NOT_SYSTEMWIDE_BANNER = 'This is NOT a systemwide message and will only be sent to users for this specific community';
export const SYSTEMWIDE_LIST_HREF = hrefs.messages('systemwide-notification');

/** The tray button that opens the notification form (app/lib/trays.ts). */
export const SEND_NOTIFICATION_BUTTON = 'send-notification';

export const MESSAGE_VIEWS: readonly MessagesView[] = ['active', 'archive', 'scheduled'];
export const VIEW_TITLES: Record<MessagesView, string> = { active: 'Active', archive: 'Archive', scheduled: 'Scheduled' };

/** The view `?view=` names; anything else is the active view. */
export function messagesView(value: string | null): MessagesView {
  return value === 'archive' || value === 'scheduled' ? value : 'active';
}

const EMPTY: Record<MessagesView, string> = {
  active: 'There are no active messages.',
  archive: 'There are no archived messages.',
  scheduled: 'There are no scheduled notifications.',
};

/** The listing definition of one view of one area (the engine reads and deletes through it). */
export function messagesDefinition(context: MessageContext, view: MessagesView): ListContextDefinition {
  const node = view === 'scheduled' ? ['messages-scheduled'] : ['messages'];
  return {
    title: context === 'systemwide-notification' ? SYSTEMWIDE_TITLE : MESSAGES_TITLE,
    itemName: 'Notification',
    tabs: [],
    source: context === 'systemwide-notification' ? { kind: 'system', node } : { kind: 'node', node },
    order: { by: 'child', child: 'deliveryTime', newestFirst: true },
    fields: { title: 'title', description: 'description' },
    filters: ['text'],
    pageSizes: MESSAGE_PAGE_SIZES,
    permission: context === 'systemwide-notification' ? 'system-admin' : 'staff',
    editor: { kind: 'linked' },
    emptyMessage: EMPTY[view],
    loadingText: 'Loading messages',
    sortable: false,
    // The scheduled list has no archive: its rows are removed by Delete Selected.
    ...(view === 'scheduled' ? {} : { dated: { endField: 'endTime' } }),
    menuTypes: [],
  };
}

/** The listing view of a messages view (the scheduled list is not dated). */
export const listViewOf = (view: MessagesView): ListView | undefined => (view === 'scheduled' ? undefined : view);

// ─── Who may open it ───────────────────────────────────────────────────────────────────────────

type Deps = { db: RealtimeDb; paths: Paths };

/** The community's main menu has a Messages section (the item with uniqueId 'messages'). */
export async function hasMessagesSection(deps: Deps, community: string): Promise<boolean> {
  const items = await readMenuItems(deps, community, MAIN_MENU);
  return items.some((item) => item.value.uniqueId === 'messages' || item.value.type === 'messages');
}

/**
 * Spec 03 §6: Send Notification is for admins and people who may notify; messaging needs a
 * Messages section in the main menu, otherwise non-admins get 'Feature Unavailable'.
 */
export async function messagingUnavailable(deps: Deps, access: Access, community: string): Promise<boolean> {
  if (isLocationAdmin(access, community) || !canNotify(access, community)) return false;
  return !(await hasMessagesSection(deps, community));
}

// ─── How a row reads ───────────────────────────────────────────────────────────────────────────

export interface Topics {
  categories: Map<string, string>;
  userGroups: Map<string, string>;
}

/** The titles of the topics config (messages-config/topics): categories and user groups by key. */
export function topicTitles(value: unknown): Topics {
  const topics: Topics = { categories: new Map(), userGroups: new Map() };
  if (typeof value !== 'object' || value === null) return topics;
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const title = typeof record.title === 'string' && record.title.trim() ? record.title.trim() : key;
    if (record.type === 'category') topics.categories.set(key, title);
    if (record.type === 'user-group') topics.userGroups.set(key, title);
  }
  return topics;
}

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** "Tue, Nov 24, 2026, 6:00 PM EST": a time in the community's zone, the zone shown. */
export function zonedTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(ms);
}

const dayOf = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(ms);

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const EXCERPT = 140;

/** The first words of a description, as plain text. */
export function excerpt(description: unknown): string | null {
  const text = plainTextOf(textOf(description)).replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;
}

/** "Repeats Mon, Wed, Fri until Dec 31, 2026; visible 4 hours": a recurring notification's recurrence (spec 02 §3). */
export function recurrenceSummary(value: unknown, timeZone: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const info = value as Record<string, unknown>;
  const days = Array.isArray(info.validDays) ? info.validDays : [];
  const chosen = WEEKDAYS.filter((_, index) => days[index] === true);
  if (chosen.length === 0) return null;
  const every = chosen.length === 7 ? 'every day' : chosen.join(', ');
  const last = numberOf(info.recurrenceEndDate);
  const until = last > 0 ? ` until ${dayOf(last, timeZone)}` : ', no last day';
  const hours = numberOf(info.recurrenceDuration);
  const visible = hours > 0 ? `; visible ${hours} ${hours === 1 ? 'hour' : 'hours'}` : '; visible until the next is sent';
  return `Repeats ${every}${until}${visible}`;
}

export interface MessageNote {
  text: string;
  tone: 'plain' | 'alert' | 'good';
}

/** What the delivery part wrote on a scheduled notification (`delivery`), as the scheduled view shows it. */
export function deliveryNote(value: unknown, timeZone: string): MessageNote {
  const delivery = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const delivered = numberOf(delivery.lastDeliveredAt);
  const failedAt = numberOf(delivery.lastErrorAt);
  const error = textOf(delivery.lastError).slice(0, 300);
  const runs = numberOf(delivery.runs);
  if (error && failedAt >= delivered) {
    return { text: `Delivery failed ${failedAt > 0 ? zonedTime(failedAt, timeZone) : ''}: ${error}`.replace(' :', ':'), tone: 'alert' };
  }
  if (delivered > 0) {
    const count = runs > 1 ? ` (${runs} deliveries)` : '';
    return { text: `Last delivered ${zonedTime(delivered, timeZone)}${count}`, tone: 'good' };
  }
  return { text: 'Not delivered yet', tone: 'plain' };
}

export interface MessageRowDetails {
  subtitle: string | null;
  /** Its end time has passed (not 0): shown as passed outside the archive. */
  passed: boolean;
  when: string;
  notes: MessageNote[];
}

/** A message row's description excerpt, times (zone shown), audience, and on the scheduled view its run and delivery status. */
export function messageRowDetails(
  item: Record<string, unknown>,
  options: { view: MessagesView; timeZone: string; topics: Topics; now: number },
): MessageRowDetails {
  const { view, timeZone, topics, now } = options;
  const delivery = numberOf(item.deliveryTime);
  const end = numberOf(item.endTime);
  const endText = end > 0 ? `Ends ${zonedTime(end, timeZone)}` : 'No end time';
  const notes: MessageNote[] = [];
  const category = textOf(item.category);
  const group = textOf(item.userGroup);
  const audience = [
    category ? `Category: ${topics.categories.get(category) ?? category}` : null,
    group ? `User group: ${topics.userGroups.get(group) ?? group}` : null,
  ].filter((part) => part !== null);
  if (audience.length > 0) notes.push({ text: audience.join(' · '), tone: 'plain' });
  let when: string;
  if (view === 'scheduled') {
    const next = numberOf(item.nextScheduledRun) || delivery;
    when = `${next > 0 ? `Next run ${zonedTime(next, timeZone)}` : 'No run planned'} · ${endText}`;
    const recurrence = recurrenceSummary(item.recurrenceInfo, timeZone);
    notes.push({ text: recurrence ?? 'Single scheduled notification', tone: 'plain' });
    if (item.isFromEvent === true || textOf(item.eventId)) notes.push({ text: 'From an event', tone: 'plain' });
    notes.push(deliveryNote(item.delivery, timeZone));
  } else {
    when = `${delivery > 0 ? `Sent ${zonedTime(delivery, timeZone)}` : 'Not sent'} · ${endText}`;
  }
  return { subtitle: excerpt(item.description), passed: view !== 'archive' && end > 0 && end <= now, when, notes };
}

// ─── The right column's summary ───────────────────────────────────────────────────────────────

export interface ScheduledSummary {
  count: number;
  failed: number;
  /** The soonest next run, ms. */
  nextRun: number | null;
}

/** How many notifications are scheduled, how many failed their last delivery, and the soonest run. */
export function scheduledSummary(value: unknown, now: number): ScheduledSummary {
  const summary: ScheduledSummary = { count: 0, failed: 0, nextRun: null };
  if (typeof value !== 'object' || value === null) return summary;
  for (const entry of Object.values(value as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const item = entry as Record<string, unknown>;
    summary.count++;
    if (deliveryNote(item.delivery, 'UTC').tone === 'alert') summary.failed++;
    const next = numberOf(item.nextScheduledRun) || numberOf(item.deliveryTime);
    if (next >= now && (summary.nextRun === null || next < summary.nextRun)) summary.nextRun = next;
  }
  return summary;
}
