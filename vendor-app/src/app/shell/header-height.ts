/** The shell's fixed header, in px: the toasts open under it. */
export const VENDOR_HEADER_HEIGHT = 60;
