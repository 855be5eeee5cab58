import { defineQueue } from '../define';
import { NotificationJobSchema } from '../payloads';

/** The notification queue: one run of a message per job (./notification.ts). */
export const notificationQueue = defineQueue({
  name: 'notification',
  schema: NotificationJobSchema,
  concurrency: 50,
  description: 'Delivers one run of a message: moves or copies it into the live list and pushes it.',
  // Short jobs: a killed worker's runs are taken over within seconds, not half a minute.
  lockDurationMs: 10_000,
  load: async () => (await import('./notification')).processNotification,
});
