import { intent, intents } from '~/lib/intent';

/** An e-mail template's editor: Preview (with sample values), Save, Delete (asks first), Delete confirmed. */
export const EmailTemplateIntent = intents(intent('preview'), intent('save'), intent('delete'), intent('delete-confirmed'));
