import { defineQueue } from '../define';
import { EmailJobSchema } from '../payloads';

/** The e-mail queue: one item of the e-mail queue per job (./email.ts). */
export const emailQueue = defineQueue({
  name: 'email',
  schema: EmailJobSchema,
  concurrency: 5,
  description: 'Delivers one item of the e-mail queue through the mailer.',
  load: async () => (await import('./email')).processEmail,
});
