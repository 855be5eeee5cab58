import { intent, intents } from '~/lib/intent';

/** The order view's buttons (spec 02 "Guest entries", §4): Completed, Denied, Reopened (archive only). Cancel is a link. */
export const OrderIntent = intents(intent('complete'), intent('deny'), intent('reopen'));
