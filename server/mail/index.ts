/** The mailer port, its adapters and the spec's e-mail queue. */
export { MailDeliveryError, type Mailer, type MailMessage, type MailTransport, type SentMail } from './types';
export { createSmtpMailer, messageIdFor, type SmtpMailerOptions } from './smtp';
export { createOutboxMailer, listOutbox, outboxId, type OutboxDeps, type OutboxMessage, type OutboxRecord } from './outbox';
export {
  EMAIL_TYPE,
  MAX_REQUEUES,
  QueueEmailSchema,
  queueEmail,
  requeuePendingEmails,
  type EmailQueueDeps,
  type EmailQueueItem,
  type EmailQueueStatus,
  type QueuedEmail,
  type QueueEmailInput,
  type RequeueReport,
} from './email-queue';
export { htmlToText } from './text';
