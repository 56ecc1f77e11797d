/** What index.html's start-up script asked the API for on the home page, before the app's code arrived. */
type EarlyContent = { body: Promise<unknown> };

declare global {
  interface Window {
    __shopEarlyContent?: EarlyContent;
  }
}

/** The content answer already on its way, if index.html asked for it. Taken once: later reads ask the API. */
export function takeEarlyContent(): Promise<unknown> | undefined {
  const early = window.__shopEarlyContent;
  window.__shopEarlyContent = undefined;
  return early?.body;
}
