import type { ListDeps } from '@server/listing/source';
import { LEGACY_EVENT_SECTIONS } from '@server/paths';
import { isValidKey } from '~/lib/db-key';
import { asRecord } from './rules';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The RSVP form of a legacy event (the legacy rows' RSVP action, spec 02 "Event rows navigate to
 * … detailAction (with detailAction rsvp)"): the event's rsvpFormKey when the form exists, else
 * the community's standard RSVP form (spec 03 "A standard RSVP form"). Null when the event, or
 * any RSVP form, is missing.
 */
export async function legacyEventRsvpForm(
  { db, paths }: ListDeps,
  community: string,
  section: string,
  eventKey: string,
): Promise<string | null> {
  if (!(LEGACY_EVENT_SECTIONS as readonly string[]).includes(section) || !isValidKey(eventKey)) return null;
  const event = (await db.ref(paths.legacyEvent(community, section, eventKey)).get()).val();
  if (typeof event !== 'object' || event === null) return null;
  const forms = asRecord((await db.ref(paths.customForms(community)).get()).val());
  const own = text(asRecord(event).rsvpFormKey);
  if (own && isValidKey(own) && Object.hasOwn(forms, own)) return own;
  const rsvp = Object.entries(forms).filter(([, form]) => asRecord(form).type === 'rsvp');
  const standard = rsvp.find(([, form]) => asRecord(form).standard === true) ?? rsvp[0];
  return standard ? standard[0] : null;
}
