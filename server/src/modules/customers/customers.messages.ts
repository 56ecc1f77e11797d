export const EMAIL_TAKEN = 'An account with this email already exists.';
export const PHONE_TAKEN = 'An account with this phone number already exists.';
