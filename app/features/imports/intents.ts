import { intent, intents } from '~/lib/intent';

/** Import and Update Data: Upload (the file and the list) or Search places (Import only), then Import / Update Listings (the job). */
export const ListingImportIntent = intents(intent('upload'), intent('places'), intent('run'));
