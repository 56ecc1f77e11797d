// The mail module's entry: other code queues mail only through queueMail, the one way into the outbox.

export { type OutboxMessage, queueMail } from './mail.outbox.ts';
export { smtpTransport, startOutboxDelivery } from './mail.sender.ts';
