import { intent, intents } from '~/lib/intent';

/** The MAX_OCCURRENCES of server/events/recurrence.ts (the client bundle does not load the server's modules). */
const MAX_OCCURRENCES = 1000;

/** The event editor's own texts and field names, shared by its screen and its server half. */
export const EVENT_EDITOR_TEXTS = {
  saved: 'Event saved.',
  /** An imported event's locked fields (spec 02 §4 imported events; the spec gives no texts). */
  imported:
    'This event comes from a calendar feed: its title, description, dates and off-site location are the feed’s. Everything else can be changed here.',
  lockedReason: (source: string) =>
    source === '' ? 'Set by the calendar feed; change it there.' : `Set by the calendar feed ${source}; change it there.`,
  /** A post that changed a locked field (not from this page): the rest is saved, the feed's values kept. */
  savedImported: 'Event saved. The fields set by the calendar feed were left as the feed gives them.',
  formIncomplete: 'One or more required fields have not been completed. Please check all tabs for your missing field.',
  readOnly: 'This event has ended and is read-only. Duplicate it to use it again.',
  gone: 'This event no longer exists (it was deleted in the meantime). Nothing was saved.',
  noOccurrences: 'The recurrence gives no event between the start and the last day. Nothing was saved.',
  tooMany: `The recurrence gives more than ${MAX_OCCURRENCES} events. Choose an earlier last day. Nothing was saved.`,
  outOfDate: 'The form is out of date. Reload it and try again.',
  /** An add or duplicate whose key another event already has (not the same form posted twice): nothing was written. */
  keyTaken:
    'Another event already has this event’s key, so nothing was saved. What you typed is still in the form: save again to add it as a new event.',
  /** Spec 02 §8 names the 'Edit Recurrence' dialog; it gives no text (ours). */
  editRecurrence: 'Do you want to edit all future events in this recurrence, or only this event?',
  editRecurrenceAll: 'Edit Recurrence',
  editRecurrenceOne: 'Edit Event',
  headerAfterSave: 'Header images and video can be added once the event is saved.',
  notificationsUpdated: (count: number) => `${count} event notification${count === 1 ? '' : 's'} updated.`,
  /** The import context (a pending event waiting for approval). */
  pendingHeading: 'Event Waiting for Approval',
  pendingCreated: 'Event created.',
  pendingDenied: 'Event denied.',
  pendingGone: 'This event was already created or denied.',
  /** Deny Event asks first (no text in the spec; ours). */
  denyTitle: 'Deny Event',
  denyQuestion: 'Are you sure you want to deny this event? It will not be added to the calendar.',
  pendingSubmittedBy: (who: string) => `Submitted by ${who}.`,
  noExistingEvents: 'No other events on this calendar that day.',
  /** Remote managers on a calendar without user-created events, or one that requires approval. */
  userCreatedOff: 'This calendar does not accept new events.',
  approvalNote: 'New events wait for staff approval before they appear on the calendar.',
  submittedTitle: 'Event submitted',
  submitted: 'Your event was sent to the staff for approval. It appears on the calendar once approved.',
  /** The calendar of events' notice. */
  waiting: (count: number) => `${count} event${count === 1 ? '' : 's'} waiting for approval`,
} as const;

/** The editor's posts: Submit, Update Preview (no JavaScript), and 'Update Notifications' → Yes. */
export const EventEditorIntent = intents(intent('save'), intent('preview'), intent('update-notifications'));

/** The import context's posts (spec 02 "Event editor": Create Event, Deny Event), and Update Preview (no JavaScript). */
export const PendingEventIntent = intents(intent('create-event'), intent('deny-event'), intent('preview'));

/** The form fields of an imported event's locked fields (server/events/item.ts IMPORT_LOCKED_FIELDS as the form names them). */
export const LOCKED_FORM_FIELDS = [
  'title',
  'description',
  'startDate',
  'startDate-date',
  'startDate-time',
  'endDate',
  'endDate-date',
  'endDate-time',
  'allDay',
  'location',
  'address',
  'city',
  'latitude',
  'longitude',
] as const;

/** Fields of the editor beside the event's. */
export const EVENT_ITEM_KEY_FIELD = 'itemKey';
export const EVENT_RETURN_TO_FIELD = 'returnTo';
