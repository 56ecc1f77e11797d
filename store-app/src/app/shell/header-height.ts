/** The sticky site header's rows, in px: the toasts open under it. */
export const SITE_HEADER_ROW = 64;
/** The categories row, shown from the `sm` breakpoint up. */
export const SITE_HEADER_NAV = 40;
/** The header's whole height (its rows and bottom border) on small screens and from `sm` up. */
export const SITE_HEADER_HEIGHT = { base: SITE_HEADER_ROW + 1, sm: SITE_HEADER_ROW + SITE_HEADER_NAV + 1 };
