/**
 * Calendars and events (spec 02 "Legacy events list", "Calendars", "Event editor", "Calendar
 * config editor", §3–§9): the rules and writes the routes call. See each module's comment.
 */
export * from './access';
export * from './approvals';
export * from './calendars';
export * from './delete';
export * from './duplicate';
export * from './item';
export * from './legacy';
export * from './locked';
export * from './notifications';
export * from './records';
export * from './recurrence';
export * from './rules';
export * from './recurrence-form';
export * from './save';
export { newEventId, overrideOf, type EventChange, type SaveEventInput, type SaveEventPlan, type SaveEventResult } from './save-plan';
