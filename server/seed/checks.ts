import { wallClock } from './relative-time';
import { isPlainObject, type Json } from './resolve';

/** Reading the demo tree leniently, and the checks of single records the consistency checks share. */

export type Tree = { [key: string]: Json };

export const obj = (value: Json | undefined): Tree => (isPlainObject(value) ? value : {});
export const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
export const text = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

export const HOURS_TIME = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;
export const ALL_DAY_DURATION = 86_399_999;

/** A small inline SVG the apps can tint: one root element with xmlns and viewBox, no images, balanced tags. */
export function svgProblem(svg: unknown): string | null {
  if (typeof svg !== 'string') return 'the svg is not text';
  if (!/^<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/.test(svg) || !svg.endsWith('</svg>'))
    return 'not one <svg> element with xmlns';
  if (!/viewBox="[\d.\s-]+"/.test(svg.slice(0, svg.indexOf('>')))) return 'the svg has no viewBox';
  if (/<image\b/i.test(svg)) return 'the svg holds an <image> tag';
  if (/<script\b|\son\w+=/i.test(svg)) return 'the svg holds a script';
  const stack: string[] = [];
  for (const [, closing, name = '', selfClosing] of svg.matchAll(/<(\/?)([A-Za-z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (closing) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else if (!selfClosing) stack.push(name);
  }
  const unclosed = stack.at(-1);
  return unclosed === undefined ? null : `unclosed <${unclosed}>`;
}

/** Monday-first weekday index (0 Monday … 6 Sunday) of an instant in a time zone. */
export function weekdayIndex(epoch: number, timeZone: string): number {
  const wall = wallClock(epoch, timeZone);
  return (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
}

export function eventTimeProblems(where: string, event: Tree): string[] {
  const problems: string[] = [];
  const { startDate, endDate, endDateDuration } = event;
  if (typeof startDate !== 'number' || typeof endDate !== 'number' || typeof endDateDuration !== 'number') {
    return [`${where}: startDate, endDate and endDateDuration are numbers (epoch ms)`];
  }
  if (endDate - startDate !== endDateDuration) problems.push(`${where}: endDate - startDate must equal endDateDuration`);
  if (endDate <= startDate) problems.push(`${where}: the end must come after the start`);
  if (event.allDay === true && endDateDuration !== ALL_DAY_DURATION)
    problems.push(`${where}: an all-day event lasts ${ALL_DAY_DURATION} ms`);
  if (typeof event.title !== 'string' || event.title === '') problems.push(`${where}: title is required`);
  return problems;
}

export function completionProblems(where: string, entry: Tree): string[] {
  const { completed, completedBy } = entry;
  if (completed === undefined) return completedBy === undefined ? [] : [`${where}: completedBy without completed`];
  if (completed !== 0 && completed !== 1 && completed !== 2) return [`${where}: completed is 0, 1 or 2`];
  if (completed > 0 && typeof completedBy !== 'string') return [`${where}: completedBy is required once completed`];
  return [];
}

export function messageProblems(
  where: string,
  message: Tree,
  topics: Tree,
  systemTopics: Tree,
  now: number,
  kind: 'sent' | 'scheduled',
  events: Tree = {},
): string[] {
  const problems: string[] = [];
  if (typeof message.title !== 'string' || typeof message.description !== 'string')
    problems.push(`${where}: title and description are required`);
  const topic = (id: Json | undefined, type: string) => {
    const record = obj(topics[String(id)] ?? systemTopics[String(id)]);
    return record.type === type;
  };
  if (!topic(message.userGroup, 'user-group')) problems.push(`${where}: userGroup "${String(message.userGroup)}" is not a user group`);
  if (!topic(message.category, 'category')) problems.push(`${where}: category "${String(message.category)}" is not a category`);
  if (typeof message.deliveryTime !== 'number' || typeof message.endTime !== 'number')
    problems.push(`${where}: deliveryTime and endTime are numbers`);
  else if (message.endTime !== 0 && message.endTime <= message.deliveryTime) problems.push(`${where}: endTime must follow deliveryTime`);
  if (kind === 'scheduled' && typeof message.deliveryTime === 'number' && message.deliveryTime <= now)
    problems.push(`${where}: a scheduled message is delivered in the future`);
  if (kind === 'sent' && typeof message.deliveryTime === 'number' && message.deliveryTime > now)
    problems.push(`${where}: a sent message was delivered in the past`);
  if (message.recurrenceInfo !== undefined) {
    const recurrence = obj(message.recurrenceInfo);
    if (list(recurrence.validDays).length !== 7) problems.push(`${where}: recurrenceInfo.validDays is 7 booleans`);
    if (message.nextScheduledRun !== message.deliveryTime) problems.push(`${where}: nextScheduledRun starts at the delivery time`);
  }
  if (message.eventId !== undefined) {
    const event = obj(events[String(message.eventId)]);
    if (!events[String(message.eventId)]) problems.push(`${where}: no event "${String(message.eventId)}"`);
    else if (message.startDate !== event.startDate || message.endDate !== event.endDate)
      problems.push(`${where}: startDate and endDate must match the event`);
  }
  return problems;
}
