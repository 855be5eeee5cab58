import { intent, intents } from '~/lib/intent';

/** A splash screen's or banner ad's editor: Upload (the image, without JavaScript), Save, Delete (asks first), Delete confirmed. */
export const PromoIntent = intents(intent('upload'), intent('save'), intent('delete'), intent('delete-confirmed'));

/** The Add form: Upload and Save. */
export const PromoAddIntent = intents(intent('upload'), intent('save'));
