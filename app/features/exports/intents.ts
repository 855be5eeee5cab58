import { intent, intents } from '~/lib/intent';

/** Resort System Management → Export: the one button. */
export const ExportIntent = intents(intent('export'));
