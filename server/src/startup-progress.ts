/** How often a step still running is reported again. */
export const STEP_REPEAT_MS = 5000;

type Send = (message: { preparing: string }) => void;

/** Sends over Node's IPC channel when a parent opened one (scripts/start.mjs does); otherwise nothing. */
function sendToParent(message: { preparing: string }): void {
  if (!process.send || !process.connected) return;
  // A parent that has gone away is not the API's problem: the callback takes the error.
  process.send(message, undefined, undefined, () => {});
}

/**
 * Tells `npm start` which start-up step the API is on (applying migrations, seeding demo data), and repeats it while
 * the step runs, so a slow first start is waited for and told apart from a stuck one.
 */
export function startupProgress(send: Send = sendToParent) {
  let timer: NodeJS.Timeout | undefined;
  return {
    step(preparing: string): void {
      clearInterval(timer);
      send({ preparing });
      timer = setInterval(() => send({ preparing }), STEP_REPEAT_MS);
      timer.unref();
    },
    done(): void {
      clearInterval(timer);
    },
  };
}
