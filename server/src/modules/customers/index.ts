// The customers module's entry for other code; its handlers are wired in service.ts.
export { EMAIL_TAKEN, PHONE_TAKEN } from './customers.messages.ts';
export {
  deriveUsername,
  emailTaken,
  normalizeEmail,
  normalizePhone,
  phoneTaken,
} from './customers.repository.ts';
export { toUserProfile } from './customers.view.ts';
