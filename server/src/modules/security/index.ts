// The security module's entry for other code; its handlers are wired in service.ts.
export { allowListPermits } from './ip-allow-list.ts';
export { assertPasswordPolicy } from './password-policy.ts';
export {
  loadSecuritySettings,
  recordSecurityEvent,
  SECURITY_ACTIONS,
  type SecuritySettingsRow,
  securityAlerts,
} from './security.repository.ts';
export {
  isNewDevice,
  openSession,
  revokeSession,
  type SessionActor,
  touchSession,
} from './sessions.repository.ts';
export { createSignInGuard, type SignInGuard, type SignInTry } from './sign-in-guard.ts';
export {
  challengeIsLive,
  consumeRecoveryCode,
  findStaffById,
  openChallenge,
  replaceStaffPassword,
  resealTwoFactorSecret,
  takeChallengeTry,
  takeTwoFactorStep,
  useChallenge,
} from './staff-credentials.repository.ts';
export { matchRecoveryCode, totpCodeStep } from './two-factor.ts';
