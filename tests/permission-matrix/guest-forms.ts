import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * Custom forms and scavenger hunts (spec 02 §3 form schema fields, hunt; §9 default forms):
 * staff of the session's community (spec 02 §6). Their list, add, edit, duplicate and delete
 * lines come from the list context registry (./listing.ts); these add the ready-made forms of
 * the Add form, and saves that pass and fail the fields' and steps' rules. The demo campground
 * (A) has the hunt nature-trail-hunt, the town (B) does not; both have visitor-registration.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

const staff = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});

const VALID_FORM: Record<string, string> = {
  intent: 'save',
  title: 'Visitor Registration',
  type: 'form',
  'fields[0].label': 'Your name',
  'fields[0].name': 'host-name',
  'fields[0].type': 'text',
  'fields[0].required': 'on',
  'fields[1].label': 'Visit date',
  'fields[1].name': 'visit-date',
  'fields[1].type': 'date',
};

const VALID_HUNT: Record<string, string> = {
  intent: 'save',
  title: 'Hollow Creek Nature Hunt',
  active: 'on',
  'steps[0].title': 'Big White Pine',
  'steps[0].key': 'white-pine',
  'steps[0].type': 'photo',
  'steps[1].title': 'Mini Golf Round',
  'steps[1].key': 'mini-golf',
  'steps[1].type': 'golf',
  'steps[1].par': '2, 3, 3, 2, 4, 3, 2, 3, 3',
};

export const GUEST_FORM_LINES: MatrixRow[] = [
  {
    request: { path: '/listnm/custom-forms/add?template=waitlist' },
    expected: staff(200),
    note: 'the Add form filled with the waitlist form',
  },
  {
    request: { path: '/listnm/custom-forms/add?template=no-such-template' },
    expected: staff(200),
    note: 'an unknown template: the empty Add form',
  },
  {
    request: { method: 'POST', path: '/listnm/custom-forms/edit/visitor-registration', form: VALID_FORM },
    expected: staff('redirect:/listnm/custom-forms'),
    note: "saved in the session community's forms, then the list",
  },
  {
    request: {
      method: 'POST',
      path: '/listnm/custom-forms/edit/visitor-registration',
      form: { ...VALID_FORM, 'fields[1].name': 'host-name' },
    },
    expected: staff(400),
    note: 'two fields of one name: \'Another field is named "host-name"; each name must be unique.\'',
  },
  {
    request: {
      method: 'POST',
      path: '/listnm/custom-forms/edit/visitor-registration',
      form: { ...VALID_FORM, 'fields[0].name': 'host.name', 'fields[1].type': 'not-a-type' },
    },
    expected: staff(400),
    note: 'a name that is no database key, a type that is none',
  },
  {
    request: { method: 'POST', path: '/listnm/custom-forms/add', form: { ...VALID_FORM, title: '' } },
    expected: staff(400),
    note: "'Title is required.'",
  },
  {
    request: { method: 'POST', path: '/listnm/forms/add', form: { ...VALID_FORM, itemKey: 'matrix-form' } },
    expected: staff('redirect:/listnm/forms'),
    note: 'the same forms under the second context word',
  },
  {
    request: { method: 'POST', path: '/listnm/hunts/edit/nature-trail-hunt', form: VALID_HUNT },
    expected: staff('redirect:/listnm/hunts', { editorB: 409 }),
    note: "saved, then the list; B has no such hunt: 'That item no longer exists: someone may have deleted it.'",
  },
  {
    request: { method: 'POST', path: '/listnm/hunts/edit/nature-trail-hunt', form: { ...VALID_HUNT, 'steps[1].par': 'nine' } },
    expected: staff(400),
    note: 'a golf step without its par',
  },
];
