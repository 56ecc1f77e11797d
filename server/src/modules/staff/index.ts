// The staff module's entry for other code; its handlers are wired in service.ts.
export { createStaffAccount } from './staff.create.ts';
export type { StaffRole } from './staff.repository.ts';
export { isEmail, PASSWORD_MIN_LENGTH } from './staff.validation.ts';
