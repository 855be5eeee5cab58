import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * Email Templates (spec 03 §6 Email Templates tray, super admin; §9; decision 046):
 * `/listnm/email` (the list, its next chunk, a kind's editor with Preview, Save, Delete and
 * Delete confirmed), for super admins only. The demo data has no template: every e-mail has its
 * built-in text. What saves write, their versions, and how sends use templates:
 * server/mail/templates.test.ts.
 */

const superOnly = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: 403,
  editorB: 403,
  system: 403,
  super: outcome,
  remote: REMOTE,
});

const LIST = '/listnm/email';
const SAVED: Outcome = `redirect:${LIST}`;
const OTHER = `${LIST}/edit/approval`;
const BUILT_IN = `${LIST}/edit/invitation`;
const FORM = { title: 'Join {{community}}', body: '<p>Hello {{name}}, <a href="{{link}}">sign in</a></p>' };

export const EMAIL_TEMPLATE_LINES: MatrixRow[] = [
  { request: { path: LIST }, expected: superOnly(200), note: 'the e-mails the console sends' },
  { request: { path: `${LIST}?q=invitation` }, expected: superOnly(200), note: 'filtered by kind or subject' },
  { request: { path: `${LIST}/rows?after=bad` }, expected: superOnly(400), note: 'a junk cursor' },
  { request: { path: `${LIST}/rows` }, expected: superOnly(200), note: 'the next chunk from the start' },
  { request: { path: BUILT_IN }, expected: superOnly(200), note: 'an e-mail with its built-in text: Save adds its template' },
  { request: { path: `${OTHER}?confirm=delete` }, expected: superOnly(200), note: 'no template: no Delete to ask about' },
  { request: { path: `${LIST}/edit/no-such-kind` }, expected: superOnly(404) },
  {
    request: { method: 'POST', path: BUILT_IN, form: { intent: 'save', ...FORM } },
    expected: superOnly(SAVED),
    note: 'Save adds the template (its HTML sanitized)',
  },
  {
    request: {
      method: 'POST',
      path: BUILT_IN,
      form: { intent: 'preview', ...FORM, body: '<p onclick="x()">{{name}}</p><script>1</script>' },
    },
    expected: superOnly(200),
    note: 'Preview: sanitized, with sample values, nothing written',
  },
  {
    request: { method: 'POST', path: BUILT_IN, form: { intent: 'save', title: '', body: '', url: 'not a url' } },
    expected: superOnly(400),
    note: "'Subject is required.', 'Message is required.', a web address that is none",
  },
  {
    request: { method: 'POST', path: OTHER, form: { intent: 'save', version: 'stale-version', ...FORM } },
    expected: superOnly(404),
    note: 'a save of a form that showed a template deleted meanwhile: refused, nothing written',
  },
  { request: { method: 'POST', path: OTHER, form: { intent: 'delete' } }, expected: superOnly(200), note: 'Delete asks first' },
  {
    request: { method: 'POST', path: OTHER, form: { intent: 'delete-confirmed' } },
    expected: superOnly(SAVED),
    note: 'Delete, confirmed, with no template stored: the list, with the message that it is gone',
  },
  {
    request: { method: 'POST', path: `${LIST}/edit/no-such-kind`, form: { intent: 'save', ...FORM } },
    expected: superOnly(404),
  },
];
