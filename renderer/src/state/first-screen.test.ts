// @vitest-environment happy-dom
// Secondary start-up work waits for the first screen: nothing runs before it is declared shown,
// everything runs after (once idle), and a cancelled wait never runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type FirstScreen = typeof import('./first-screen');
let fs: FirstScreen;

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  fs = await import('./first-screen');
});
afterEach(() => vi.useRealTimers());

describe('afterFirstScreen', () => {
  it('holds work until the first screen is shown, then runs it once', async () => {
    const work = vi.fn();
    fs.afterFirstScreen(work);
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).not.toHaveBeenCalled();
    fs.firstScreenShown();
    fs.firstScreenShown();
    await vi.advanceTimersByTimeAsync(1100);
    expect(work).toHaveBeenCalledTimes(1);
    expect(fs.isFirstScreenShown()).toBe(true);
    // asked for later: runs without waiting for anything but an idle moment
    const late = vi.fn();
    fs.afterFirstScreen(late);
    await vi.advanceTimersByTimeAsync(1100);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('never runs cancelled work', async () => {
    const work = vi.fn();
    const cancel = fs.afterFirstScreen(work);
    cancel();
    fs.firstScreenShown();
    await vi.advanceTimersByTimeAsync(2000);
    expect(work).not.toHaveBeenCalled();
  });

  it('starts the work anyway when no first screen is ever declared', async () => {
    const work = vi.fn();
    fs.afterFirstScreen(work);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
