// The first screen (header, timeline, the tab's first rows) before everything else: what a person
// waits for at start-up is asked for first, and what only completes the picture (the topic lane,
// extraction status, Ollama's check, the integrity report, the graph's layout worker) waits until
// that screen is shown and the browser is idle. The engine answers one call after another, so a
// slow secondary call started at the same moment would delay the first screen by its own time.

let shown = false;
let resolveShown: () => void = () => {};
const shownPromise = new Promise<void>((resolve) => (resolveShown = resolve));

/** Longest wait for an idle moment once the first screen is shown. */
const IDLE_TIMEOUT_MS = 1000;
/** Should the first screen never be declared (an unexpected state): secondary work starts anyway. */
const FALLBACK_MS = 10_000;

/** Declares the first screen shown (once; later calls do nothing). */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  resolveShown();
}

export function isFirstScreenShown(): boolean {
  return shown;
}

/**
 * Runs `work` once the first screen is shown and the browser is idle (at once, apart from the
 * idle wait, when it was shown long ago). Returns a cancel function.
 */
export function afterFirstScreen(work: () => void): () => void {
  let cancelled = false;
  let idleId: number | null = null;
  const fallback = setTimeout(firstScreenShown, FALLBACK_MS);
  void shownPromise.then(() => {
    clearTimeout(fallback);
    if (cancelled) return;
    const run = () => {
      if (!cancelled) work();
    };
    idleId = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(run, 0);
  });
  return () => {
    cancelled = true;
    clearTimeout(fallback);
    if (idleId === null) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleId);
    else window.clearTimeout(idleId);
  };
}
