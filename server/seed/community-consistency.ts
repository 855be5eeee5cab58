import { type Paths, parseEventContext } from '@server/paths';
import { HOURS_DAYS } from '~/lib/hours';
import { HOURS_TIME, eventTimeProblems, list, messageProblems, obj, svgProblem, text, weekdayIndex, type Tree } from './checks';
import { entryProblems } from './entry-consistency';
import { listSections } from './validate';

/**
 * Checks of one community's data against the spec's rules: its default menu, menu targets,
 * list items, calendars, events and recurrences, topics and messages; hunts and entries in
 * entry-consistency.ts.
 */

/** The default main menu of spec 03 §9, for each kind of community. */
export const DEFAULT_MENU_SECTIONS = [
  { name: 'Activities', type: 'amc-events' },
  { name: 'Reservations', type: 'reservations', tabs: ['Lodging', 'Miscellaneous'] },
  { name: 'Explore', type: 'hunts' },
  { name: 'Messages', type: 'messages' },
  { name: 'Recreation', type: 'recreation', tabs: ['Resort', 'Local'], kinds: ['resort'] },
  { name: 'Services', type: 'services', tabs: ['Resort', 'Local'], kinds: ['municipality', 'school'] },
  { name: 'Dining', type: 'dining', tabs: ['Resort', 'Delivery', 'Local'] },
  { name: 'Maps', type: 'maps' },
  { name: 'Regulations', type: 'regulations' },
  { name: 'Contacts', type: 'contacts', tabs: ['Offices', 'Emergency'] },
  { name: 'FAQs', type: 'faqs' },
  { name: 'Visitor Registration', type: 'form' },
  { name: 'Report an Issue', type: 'form' },
  { name: 'Feedback', type: 'form' },
] as const;

export function communityProblems(
  community: string,
  kind: string,
  zone: string,
  data: Tree,
  written: Tree,
  systemTopics: Tree,
  paths: Paths,
  now: number,
): string[] {
  const problems: string[] = [];
  const menuPath = paths.menu(community, 'main-menu');
  const menu = list(data['main-menu']).map(obj);
  const calendars = obj(obj(data['amc-events']).config);
  const calendarData = obj(obj(data['amc-events']).calendars);
  const hunts = obj(data.hunts);
  const forms = obj(data['custom-forms']);
  const locations = obj(data.locations);
  const topics = obj(obj(data['messages-config']).topics);

  // The default menu for the community's kind, with the spec's tabs.
  for (const expected of DEFAULT_MENU_SECTIONS) {
    if ('kinds' in expected && !(expected.kinds as readonly string[]).includes(kind)) continue;
    const item = menu.find((entry) => entry.name === expected.name && entry.type === expected.type);
    if (!item) {
      problems.push(`${menuPath}: the default menu item "${expected.name}" (${expected.type}) is missing`);
      continue;
    }
    const tabs = list(item.tabs).map((tab) => text(obj(tab).title));
    if ('tabs' in expected && JSON.stringify(tabs) !== JSON.stringify(expected.tabs)) {
      problems.push(`${menuPath}: "${expected.name}" must have the tabs ${expected.tabs.join(', ')}`);
    }
  }
  const uniqueIds = new Set<string>();
  menu.forEach((item, index) => {
    const where = paths.menuItem(community, 'main-menu', index);
    for (const field of ['name', 'type', 'icon', 'uniqueId'])
      if (typeof item[field] !== 'string' || item[field] === '') problems.push(`${where}: ${field} is required`);
    const uniqueId = String(item.uniqueId);
    if (uniqueIds.has(uniqueId)) problems.push(`${where}: uniqueId "${uniqueId}" is used twice`);
    uniqueIds.add(uniqueId);
    const svg = svgProblem(obj(item.iconData).svg);
    if (svg) problems.push(`${where}/iconData: ${svg}`);
    if (item.type === 'amc-events' && !calendars[uniqueId]) problems.push(`${where}: no calendar "${uniqueId}"`);
    if (item.type === 'hunts' && !hunts[uniqueId]) problems.push(`${where}: no hunt "${uniqueId}"`);
    if (item.type === 'form' && !forms[uniqueId]) problems.push(`${where}: no custom form "${uniqueId}"`);
    if ((item.type === 'website' || item.type === 'file') && typeof item.url !== 'string') problems.push(`${where}: url is required`);
  });

  // Businesses and other list items: hours format, phone digits, coordinates as strings.
  const sections = listSections(data['main-menu']);
  for (const [section, items] of Object.entries(data)) {
    if (!sections.has(section)) continue;
    for (const [itemId, raw] of Object.entries(obj(items))) {
      const item = obj(raw);
      const where = paths.listItem(community, section, itemId);
      if (item.id !== undefined && item.id !== itemId) problems.push(`${where}: id must equal the key`);
      if (item.contexts !== undefined && !list(item.contexts).includes(`${community}/${section}`))
        problems.push(`${where}: contexts must include ${community}/${section}`);
      if (typeof item.phone === 'string' && item.phone.replace(/\D/g, '').length < 7)
        problems.push(`${where}: phone needs at least 7 digits`);
      for (const field of ['latitude', 'longitude']) {
        if (item[field] !== undefined && (typeof item[field] !== 'string' || Number.isNaN(Number(item[field]))))
          problems.push(`${where}: ${field} is a decimal saved as a string`);
      }
      if (item.hours !== undefined) {
        for (const [dayName, slots] of Object.entries(obj(item.hours))) {
          if (!(HOURS_DAYS as readonly string[]).includes(dayName)) problems.push(`${where}/hours: unknown day "${dayName}"`);
          for (const slot of list(slots)) {
            const { open, close } = obj(slot);
            if (!HOURS_TIME.test(String(open)) || !HOURS_TIME.test(String(close)))
              problems.push(`${where}/hours/${dayName}: times are 'h:mm AM/PM'`);
          }
        }
      }
      for (const iconKey of list(item.listIcons)) {
        if (!obj(obj(obj(data.config).business).listIcons)[String(iconKey)]) problems.push(`${where}: no list icon "${String(iconKey)}"`);
      }
      for (const [index, detailButton] of list(item.detailButtons).entries()) {
        const b = obj(detailButton);
        if (!b.title || !b.action || !b.actionKey)
          problems.push(`${where}/detailButtons/${index}: title, action and actionKey are required`);
      }
    }
  }

  // Calendars, events and recurrences.
  for (const [calendarId, rawConfig] of Object.entries(calendars)) {
    const config = obj(rawConfig);
    const where = paths.calendarConfig(community, calendarId);
    if (typeof config.title !== 'string') problems.push(`${where}: title is required`);
    if (config.userCreatedRequiresApproval === true && list(config.userCreatedEmails).length === 0) {
      problems.push(`${where}: approval needs at least one e-mail address`);
    }
    if (!calendarData[calendarId]) problems.push(`${where}: the calendar has no events`);
  }
  for (const [calendarId, rawCalendar] of Object.entries(calendarData)) {
    const config = obj(calendars[calendarId]);
    if (!calendars[calendarId]) problems.push(`${paths.calendar(community, calendarId)}: no calendar config`);
    const audiences = list(config.audiences).map((audience) => String(audience).toLowerCase());
    const events = obj(obj(rawCalendar).events);
    const recurrences = obj(obj(rawCalendar).recurrenceInfo);
    const context = `${community}/amc-events/calendars/${calendarId}`;
    for (const [eventId, rawEvent] of Object.entries(events)) {
      const event = obj(rawEvent);
      const where = paths.calendarEvent(community, calendarId, eventId);
      problems.push(...eventTimeProblems(where, event));
      if (!audiences.includes(String(event.audience)))
        problems.push(`${where}: audience "${String(event.audience)}" is not one of the calendar's`);
      if (event.resortLocationId !== undefined && event.resortLocationId !== '' && !locations[String(event.resortLocationId)]) {
        problems.push(`${where}: no location "${String(event.resortLocationId)}"`);
      }
      if (event.resortLocationId === '' && typeof event.location !== 'string')
        problems.push(`${where}: an off-site event needs a location title`);
      if (!['resort', 'local'].includes(String(event.type))) problems.push(`${where}: type must be resort or local`);
      if (event.rsvpFormKey !== undefined && !forms[String(event.rsvpFormKey)])
        problems.push(`${where}: no RSVP form "${String(event.rsvpFormKey)}"`);
      if (event.huntKey !== undefined && !hunts[String(event.huntKey)]) problems.push(`${where}: no hunt "${String(event.huntKey)}"`);
      const contexts = list(event.contexts).map(String);
      if (!contexts.includes(context)) problems.push(`${where}: contexts must include ${context}`);
      for (const other of contexts) {
        try {
          const parsed = parseEventContext(other);
          const copy = obj(
            obj(obj(obj(obj(obj(parsed.community === community ? data : {})['amc-events']).calendars)[parsed.calendarId]).events)[eventId],
          );
          if (JSON.stringify(copy) !== JSON.stringify(event)) problems.push(`${where}: the copy in ${other} differs or is missing`);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      }
      if (event.recurrenceId !== undefined) {
        const recurrence = obj(recurrences[String(event.recurrenceId)]);
        if (obj(recurrence.eventKeys)[eventId] !== event.startDate)
          problems.push(`${where}: not listed with its startDate in recurrence ${String(event.recurrenceId)}`);
      }
    }
    for (const [recurrenceId, rawRecurrence] of Object.entries(recurrences)) {
      const recurrence = obj(rawRecurrence);
      const where = paths.calendarRecurrence(community, calendarId, recurrenceId);
      const validDays = list(recurrence.validDays);
      if (validDays.length !== 7 || !validDays.every((value) => typeof value === 'boolean'))
        problems.push(`${where}: validDays is 7 booleans, Monday first`);
      if (!['none', 'daily', 'weekly'].includes(String(recurrence.recurrence)))
        problems.push(`${where}: recurrence must be none, daily or weekly`);
      const keys = Object.entries(obj(recurrence.eventKeys));
      if (keys.length === 0) problems.push(`${where}: no eventKeys`);
      let lastEnd = 0;
      for (const [eventId, startDate] of keys) {
        const event = obj(events[eventId]);
        if (!events[eventId]) {
          problems.push(`${where}: eventKeys names a missing event "${eventId}"`);
          continue;
        }
        if (event.startDate !== startDate) problems.push(`${where}: eventKeys/${eventId} differs from the event's startDate`);
        if (event.recurrenceId !== recurrenceId) problems.push(`${where}: event ${eventId} has another recurrenceId`);
        if (typeof startDate === 'number' && validDays[weekdayIndex(startDate, zone)] !== true)
          problems.push(`${where}: ${eventId} falls on a day validDays excludes`);
        lastEnd = Math.max(lastEnd, Number(event.endDate));
        if (Number(event.endDateDuration) > 86_400_000) problems.push(`${where}: Recurring events cannot be longer than 24 hours.`);
      }
      if (typeof recurrence.recurrenceEndDate !== 'number' || recurrence.recurrenceEndDate < lastEnd)
        problems.push(`${where}: recurrenceEndDate must not precede the last event's end`);
      for (const eventId of Object.keys(obj(recurrence.editedEvents))) {
        if (!obj(recurrence.eventKeys)[eventId]) problems.push(`${where}: editedEvents names "${eventId}", which is not in eventKeys`);
      }
      for (const section of list(recurrence.sections)) {
        try {
          parseEventContext(String(section));
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
  }
  for (const section of ['events-resort', 'events-local']) {
    for (const [eventKey, rawEvent] of Object.entries(obj(data[section]))) {
      const event = obj(rawEvent);
      const where = paths.legacyEvent(community, section, eventKey);
      if (String(event.startDate) !== eventKey) problems.push(`${where}: a legacy event is keyed by its start time in ms`);
      problems.push(...eventTimeProblems(where, event));
    }
  }

  // Topics and messages.
  for (const [topicId, topic] of Object.entries(topics)) {
    if (!['user-group', 'category'].includes(String(obj(topic).type)))
      problems.push(`${paths.topic(community, topicId)}: type must be user-group or category`);
  }
  const allEvents = Object.fromEntries(Object.values(calendarData).flatMap((calendar) => Object.entries(obj(obj(calendar).events))));
  for (const [messageId, message] of Object.entries(obj(data.messages))) {
    problems.push(...messageProblems(paths.message(community, messageId), obj(message), topics, systemTopics, now, 'sent', allEvents));
  }
  for (const [messageId, message] of Object.entries(obj(data['messages-scheduled']))) {
    problems.push(
      ...messageProblems(paths.scheduledMessage(community, messageId), obj(message), topics, systemTopics, now, 'scheduled', allEvents),
    );
  }

  problems.push(...entryProblems(community, data, written, allEvents, paths));
  return problems;
}
