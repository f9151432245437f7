// `engram serve`: the workbench in a browser, over the same engine as the desktop app.
import { Engine } from '../engine/engine';
import { openBrowser, supportsHyperlinks, terminalLink } from '../serve/open-browser';
import { startServer } from '../serve/server';

export async function runServe(dataDir: string, opts: { port?: number; open: boolean }): Promise<void> {
  const engine = await Engine.open({ dataDir });
  const server = await startServer({ api: engine, port: opts.port });
  // One line with the URL (it carries the per-run token); scripts and the e2e tests read it. On
  // a terminal that shows hyperlinks the URL is also a link (the text stays the plain URL).
  const link = supportsHyperlinks(process.stdout.isTTY, process.env);
  process.stdout.write(`Engram workbench: ${terminalLink(server.url, server.url, link)}\n`);
  if (opts.open) {
    const outcome = await openBrowser(server.url);
    if (outcome.opened) process.stdout.write('Opened in your browser. Ctrl+C stops Engram.\n');
    else process.stdout.write(`No browser could be opened: ${outcome.reason}.\nOpen the link above in a browser on this machine${link ? ' (Ctrl+click it)' : ''}. Ctrl+C stops Engram.\n`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await engine.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
