// The mail module's entry: other code queues mail only through queueMail, the one way into the outbox.

export { DELIVER_MAIL, deliverMailJob } from './mail.jobs.ts';
export { type OutboxMessage, queueMail } from './mail.outbox.ts';
export { smtpTransport } from './mail.sender.ts';
