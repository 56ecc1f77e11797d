/**
 * Mantine names the show/hide button "Toggle password visibility", so a search for the field labelled
 * "Password" (a screen reader's or a test's) finds two elements; this name leaves the field the only match.
 */
export const passwordToggleProps = { 'aria-label': 'Show or hide the typed characters' };
