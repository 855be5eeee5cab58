/**
 * What route modules use of ./form.ts: reading a posted form with its limits and shape check,
 * in a server-only module so none of it reaches the browser bundle.
 */
export { readForm, formRefusal, FORM_MESSAGES, MAX_FORM_BYTES, type ReadFormOptions } from './form';
