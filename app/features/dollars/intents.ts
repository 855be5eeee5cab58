import { intent, intents } from '~/lib/intent';

/** An account of Dollars Accounts Status: Record (a transfer or a purchase to another account), Add Bought Dollars. */
export const AccountIntent = intents(intent('transfer'), intent('bought'));

/** The dollars config: Save. */
export const DollarsConfigIntent = intents(intent('save'));
