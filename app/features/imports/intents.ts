import { intent, intents } from '~/lib/intent';

/** Import and Update Data: Upload (the file and the list), then Import / Update Listings (the job). */
export const ListingImportIntent = intents(intent('upload'), intent('run'));
