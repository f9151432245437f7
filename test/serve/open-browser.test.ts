// `engram serve --open`: the URL as a terminal hyperlink where one is shown, and a plain
// answer to "did a browser open?" (no display, the opener failed, or it opened).
import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openBrowser, supportsHyperlinks, terminalLink } from '../../electron/node/serve/open-browser';

/** An opener that exits with `code` after `afterMs` (never, with null). */
function opener(code: number | null, afterMs = 5) {
  const asked: string[] = [];
  const launch = async (url: string) => {
    asked.push(url);
    const child = Object.assign(new EventEmitter(), { spawnfile: 'xdg-open' }) as unknown as ChildProcess;
    if (code !== null) setTimeout(() => child.emit('exit', code, null), afterMs);
    return child;
  };
  return { launch, asked };
}

const URL = 'http://127.0.0.1:4321/?token=abc';

describe('terminal hyperlinks', () => {
  it('wraps the URL in OSC 8 on a terminal, never in a pipe, a dumb terminal or CI', () => {
    expect(terminalLink(URL, URL, true)).toBe(`\u001b]8;;${URL}\u001b\\${URL}\u001b]8;;\u001b\\`);
    expect(terminalLink(URL, URL, false)).toBe(URL);
    expect(supportsHyperlinks(true, { TERM: 'xterm-256color' })).toBe(true);
    expect(supportsHyperlinks(false, { TERM: 'xterm-256color' })).toBe(false);
    expect(supportsHyperlinks(true, { TERM: 'dumb' })).toBe(false);
    expect(supportsHyperlinks(true, { CI: 'true' })).toBe(false);
    expect(supportsHyperlinks(true, { FORCE_HYPERLINK: '0' })).toBe(false);
  });
});

describe('openBrowser', () => {
  it('says there is no desktop session on Linux without a display, and opens nothing', async () => {
    const o = opener(0);
    expect(await openBrowser(URL, { platform: 'linux', env: {}, launch: o.launch })).toEqual({ opened: false, reason: expect.stringMatching(/no desktop session/) });
    expect(o.asked).toEqual([]);
  });
  it('reports an opener that fails, and one that works', async () => {
    const failing = opener(3);
    expect(await openBrowser(URL, { platform: 'linux', env: { DISPLAY: ':0' }, launch: failing.launch })).toEqual({ opened: false, reason: 'the opener (xdg-open) exited with code 3' });
    expect(failing.asked).toEqual([URL]);
    expect(await openBrowser(URL, { platform: 'linux', env: { DISPLAY: ':0' }, launch: opener(0).launch })).toEqual({ opened: true });
    // Still running (xdg-open waiting on the browser): opened.
    expect(await openBrowser(URL, { platform: 'darwin', env: {}, launch: opener(null).launch, settleMs: 20 })).toEqual({ opened: true });
  });
  it('reports an opener that cannot start', async () => {
    const launch = async () => {
      throw new Error('spawn xdg-open ENOENT');
    };
    expect(await openBrowser(URL, { platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' }, launch })).toEqual({ opened: false, reason: 'spawn xdg-open ENOENT' });
  });
});
