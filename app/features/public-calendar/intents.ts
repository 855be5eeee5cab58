import { intent, intents } from '~/lib/intent';

/** The public calendar's management forms (app/features/public-calendar/manage.server.ts). */
export const PublicDeleteIntent = intents(intent('delete-event'), intent('delete-recurrence'), intent('delete-forever'));
export const AudiencesIntent = intents(intent('save'));
