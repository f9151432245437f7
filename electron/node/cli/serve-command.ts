// `engram serve`: the workbench in a browser, over the same engine as the desktop app.
import { Engine } from '../engine/engine';
import { openBrowser, supportsHyperlinks, terminalLink } from '../serve/open-browser';
import { startServer } from '../serve/server';
import { stopOnSignals, warnOfDamage } from './command';

export async function runServe(dataDir: string, opts: { port?: number; open: boolean }): Promise<void> {
  // The workbench shows the graph soon: start loading it now, beside the rest.
  const engine = await Engine.open({ dataDir, startGraph: true });
  let server;
  try {
    server = await startServer({ api: engine, port: opts.port });
  } catch (e) {
    await engine.close({ deadlineMs: 3000 });
    throw e;
  }
  // One line with the URL (it carries the per-run token); scripts and the e2e tests read it. On
  // a terminal that shows hyperlinks the URL is also a link (the text stays the plain URL).
  const link = supportsHyperlinks(process.stdout.isTTY, process.env);
  process.stdout.write(`Engram workbench: ${terminalLink(server.url, server.url, link)}\n`);
  void engine.integrityReport().then(() => warnOfDamage(engine), () => undefined);
  if (opts.open) {
    const outcome = await openBrowser(server.url);
    if (outcome.opened) process.stdout.write('Opened in your browser. Ctrl+C stops Engram.\n');
    else process.stdout.write(`No browser could be opened: ${outcome.reason}.\nOpen the link above in a browser on this machine${link ? ' (Ctrl+click it)' : ''}. Ctrl+C stops Engram.\n`);
  }
  // SIGINT/SIGTERM end the server within 5 s: connections closed, then the engine (stopping a
  // runaway graph call if need be; everything acknowledged is already committed).
  stopOnSignals(async (deadlineMs) => {
    const t0 = Date.now();
    await Promise.race([server.close(), new Promise((r) => setTimeout(r, 500))]);
    await engine.close({ deadlineMs: Math.max(500, deadlineMs - (Date.now() - t0)) });
  });
}
