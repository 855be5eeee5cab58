import { intent, intents } from '~/lib/intent';

/** A rewards user: Save Points (points added or removed, or a new total, with a note). */
export const RewardsUserIntent = intents(intent('change-points'));

/** The rewards config: Save. */
export const RewardsConfigIntent = intents(intent('save'));
