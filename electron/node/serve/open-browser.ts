// `engram serve --open` / `npm start` in a browser: opens the workbench URL in the desktop's
// browser, and says plainly when it could not (no desktop session, no opener, the opener
// failed), so that the person is never left waiting for a window that will not come. The URL
// is printed as a terminal hyperlink (OSC 8) where the terminal shows one, and as plain text
// always: it carries the per-run token, so a click or a copy is all it takes.
import type { ChildProcess } from 'node:child_process';

/** Whether a stream is a terminal that shows OSC 8 hyperlinks (they are harmless elsewhere, but not in pipes and logs). */
export function supportsHyperlinks(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  if (!isTTY || env.TERM === 'dumb' || env.CI) return false;
  if (env.FORCE_HYPERLINK !== undefined) return env.FORCE_HYPERLINK !== '0';
  return true;
}

/** The text as an OSC 8 hyperlink to `url` when supported, else the text itself (which should show the URL). */
export function terminalLink(url: string, text: string, supported: boolean): string {
  return supported ? `\u001b]8;;${url}\u001b\\${text}\u001b]8;;\u001b\\` : text;
}

export type OpenOutcome = { opened: true } | { opened: false; reason: string };

/** Starts the platform's opener (xdg-open, open, start) for a URL; by default the `open` package. */
export type Launcher = (url: string) => Promise<ChildProcess>;

const defaultLauncher: Launcher = async (url) => {
  const { default: open } = await import('open');
  return open(url, { wait: false });
};

/**
 * Opens `url` in a browser. On Linux without a display there is no desktop browser to open. An
 * opener that exits with an error within `settleMs` failed; one still running, or done without
 * error, opened it (xdg-open may stay until the browser closes).
 */
export async function openBrowser(
  url: string,
  opts: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv; launch?: Launcher; settleMs?: number } = {},
): Promise<OpenOutcome> {
  const platform = opts.platform ?? process.platform;
  const env = opts.env ?? process.env;
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { opened: false, reason: 'no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  if (env.BROWSER === 'none') return { opened: false, reason: 'BROWSER is set to "none"' };
  let child: ChildProcess;
  try {
    child = await (opts.launch ?? defaultLauncher)(url);
  } catch (err) {
    return { opened: false, reason: err instanceof Error ? err.message : String(err) };
  }
  return new Promise<OpenOutcome>((resolve) => {
    let done = false;
    const finish = (outcome: OpenOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ opened: true }), opts.settleMs ?? 2500);
    child.once('error', (err) => finish({ opened: false, reason: err.message }));
    child.once('exit', (code, signal) => {
      if (code === 0) finish({ opened: true });
      else finish({ opened: false, reason: signal ? `the opener was stopped (${signal})` : `the opener (${child.spawnfile}) exited with code ${code}` });
    });
  });
}
