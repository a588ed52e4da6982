/**
 * The one condition wait of the tests (the module's API tests and e2e): checks again every 100 ms
 * (`everyMs`; 0 checks between turns of the event loop, to see each state a worker thread passes
 * through) until `check` holds, and fails naming `what` once `ms` have passed. For a state the
 * test cannot subscribe to (a file the module writes, a status another process reaches); where an
 * event or a Playwright wait exists (waitForResponse, locator.waitFor, waitForFunction), that
 * comes first.
 * A check that throws ends the wait with its error: catch inside it what only means "not yet".
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await (everyMs > 0 ? sleep(everyMs) : nextTurn());
  }
}
