/** Sends the browser to another site (a payment provider's page); a function of its own so tests can watch it. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
