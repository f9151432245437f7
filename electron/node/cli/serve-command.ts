// `engram serve`: the workbench in a browser, over the same engine as the desktop app.
import { Engine } from '../engine/engine';
import { startServer } from '../serve/server';
import { stopOnSignals, warnOfDamage } from './command';

export async function runServe(dataDir: string, opts: { port?: number; open: boolean }): Promise<void> {
  const engine = await Engine.open({ dataDir });
  let server;
  try {
    server = await startServer({ api: engine, port: opts.port });
  } catch (e) {
    await engine.close({ deadlineMs: 3000 });
    throw e;
  }
  // One line with the URL (it carries the per-run token); scripts and the e2e tests read it.
  process.stdout.write(`Engram workbench: ${server.url}\n`);
  void engine.whenReady().then(() => warnOfDamage(engine), () => undefined);
  if (opts.open) {
    const { default: open } = await import('open');
    await open(server.url).catch(() => process.stderr.write('engram: could not open a browser; open the URL above\n'));
  }
  // SIGINT/SIGTERM end the server within 5 s: connections closed, then the engine (stopping a
  // runaway graph call if need be; everything acknowledged is already committed).
  stopOnSignals(async (deadlineMs) => {
    const t0 = Date.now();
    await Promise.race([server.close(), new Promise((r) => setTimeout(r, 500))]);
    await engine.close({ deadlineMs: Math.max(500, deadlineMs - (Date.now() - t0)) });
  });
}
