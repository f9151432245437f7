// `engram serve`: the workbench in a browser, over the same engine as the desktop app.
import { Engine } from '../engine/engine';
import { startServer } from '../serve/server';

export async function runServe(dataDir: string, opts: { port?: number; open: boolean }): Promise<void> {
  // The workbench shows the graph soon: start loading it now, beside the rest.
  const engine = await Engine.open({ dataDir, startGraph: true });
  const server = await startServer({ api: engine, port: opts.port });
  // One line with the URL (it carries the per-run token); scripts and the e2e tests read it.
  process.stdout.write(`Engram workbench: ${server.url}\n`);
  if (opts.open) {
    const { default: open } = await import('open');
    await open(server.url).catch(() => process.stderr.write('engram: could not open a browser; open the URL above\n'));
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
