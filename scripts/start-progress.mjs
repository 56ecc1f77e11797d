// What `npm start` (scripts/start.mjs) is waiting for, and when it stops waiting.

/** With no sign of progress for this long, `npm start` gives up. */
export const STALL_MS = 5 * 60_000;

/**
 * Waiting has no deadline: it goes on while the API reports the start-up step it is on (it repeats the report
 * while a step runs, so a slow first start on a slow machine is not mistaken for a stuck one) or while another
 * address starts answering. It ends when every address answers, or when nothing at all has happened for `stallMs`.
 *
 * @param {{ targets: string[], api: string, stallMs?: number, now?: () => number }} options
 *   `targets` names every address awaited; `api` is the one the API's reports are about.
 */
export function createStartProgress({ targets, api, stallMs = STALL_MS, now = Date.now }) {
  /** @type {string | null} */
  let apiStep = null;
  /** @type {Map<string, string | null>} what each address answered: null when it answers as it should */
  let answers = new Map(targets.map((target) => [target, 'not answering yet']));
  let lastProgress = now();

  const pending = () => targets.filter((target) => answers.get(target) !== null);

  return {
    /** The API said which step it is on (or that it is still on it). */
    apiReported(step) {
      apiStep = step;
      lastProgress = now();
    },

    /** @param {Map<string, string | null>} next each target's answer: null when fine, else what is wrong. */
    observed(next) {
      if (targets.some((target) => (next.get(target) === null) !== (answers.get(target) === null))) {
        lastProgress = now();
      }
      answers = new Map(next);
    },

    get ready() {
      return pending().length === 0;
    },

    get stalled() {
      return pending().length > 0 && now() - lastProgress >= stallMs;
    },

    /** What is still awaited, e.g. "the API (applying migrations), Storefront (not answering yet)". */
    waitingFor() {
      return pending()
        .map((target) => {
          const detail = target === api && apiStep && answers.get(target) === 'not answering yet';
          return `${target} (${detail ? apiStep : answers.get(target)})`;
        })
        .join(', ');
    },
  };
}
