/** Sends the browser to another site (a payment provider's page); a method of its own so tests can watch it. */
export const browserNavigation = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};
