import type { DbValue } from '@server/db';

/**
 * The calendar both calendar suites work on (server/calendars use cases, the calendar screens'
 * loaders and actions): its stored config, one iCal import of the town's feed, and the config
 * editor's form for it as the page posts it.
 */

export const TOWN_FEED = 'https://town.example/feed.ics';

/** The stored config of the 'activities' calendar; `importExtra` goes into its one import. */
export function activitiesConfig(importExtra: Record<string, DbValue> = {}): DbValue {
  return {
    title: 'Activities',
    allowUserCreated: false,
    priorNotificationTime: 15,
    userCreatedRequiresApproval: false,
    audiences: ['Family', 'Adults'],
    import: [
      {
        title: 'Town feed',
        type: 'iCal',
        calendarId: TOWN_FEED,
        defaultLocation: '',
        audience: 'family',
        eventContext: 'local',
        ...importExtra,
      },
    ],
  };
}

/** The config editor's fields for `activitiesConfig()`, with `more` over them. */
export const activitiesConfigFields = (version: string, more: Record<string, string> = {}): Record<string, string> => ({
  version,
  title: 'Activities',
  priorNotificationTime: '15',
  'audiences[0].title': 'Family',
  'audiences[1].title': 'Adults',
  'imports[0].title': 'Town feed',
  'imports[0].type': 'iCal',
  'imports[0].calendarId': TOWN_FEED,
  'imports[0].defaultLocation': '',
  'imports[0].audience': 'family',
  'imports[0].eventContext': 'local',
  ...more,
});
