// The first screen's data for the workbench's page (shared/transport/first-screen.ts), kept
// ready: made when the server starts and again, on the next page asked for, after any change
// the engine reports. A page then has its first screen without a call, and the engine does
// that work while no browser waits, instead of while the page's scripts are being served.
import type { EngramClient } from '../../../shared/api';
import { callToEnvelope } from '../../../shared/transport/dispatch';
import { FIRST_SCREEN_CALLS, firstScreenBlock, type FirstScreenMethod } from '../../../shared/transport/first-screen';
import type { ServedApi } from './server';

export interface FirstScreen {
  /** The data block, if ready within `waitMs`; null when not (the page then asks itself) or a call failed. */
  block(waitMs: number): Promise<string | null>;
  stop(): void;
}

export function keepFirstScreen(api: ServedApi): FirstScreen {
  /** The block being made or made (null: a call failed). */
  let current: Promise<string | null> | null = null;
  const make = async () => {
    const methods = Object.keys(FIRST_SCREEN_CALLS) as FirstScreenMethod[];
    const answers = await Promise.all(methods.map((m) => callToEnvelope(api as unknown as EngramClient, m, FIRST_SCREEN_CALLS[m])));
    // a failed call: no block, and the next page tries again
    if (answers.some((a) => !a.ok)) return null;
    const results = Object.fromEntries(methods.map((m, i) => [m, (answers[i] as { result: unknown }).result])) as Record<FirstScreenMethod, unknown>;
    // Kept even while the graph is still loading: the engine reports the end of loading (a
    // 'graph' change), which drops it like any other change.
    return firstScreenBlock(results);
  };
  const start = () => {
    const made = make();
    current = made;
    // pages asking while it is made get it; once made, a failed one is dropped
    void made.then((html) => {
      if (html === null && current === made) current = null;
    });
    return made;
  };
  // Whatever the engine reports (a change, a job's progress) may change what the first screen shows.
  const unsubscribe = api.onEvent(() => {
    current = null;
  });
  start();
  return {
    async block(waitMs) {
      const mine = current ?? start();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      return Promise.race([mine, late]).finally(() => clearTimeout(timer));
    },
    stop: unsubscribe,
  };
}
