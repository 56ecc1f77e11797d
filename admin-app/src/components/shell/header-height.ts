/** The shell's fixed header, in px: the toasts open under it. */
export const ADMIN_HEADER_HEIGHT = 64;
