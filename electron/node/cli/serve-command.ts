// `engram serve`: the workbench in a browser, over the same engine as the desktop app. The
// engine runs in a worker thread, behind the same relay as the desktop app's engine process, so
// that a long call (an import, a SPARQL query, the automatic job) never holds up the page, its
// files or the event stream, and an engine that crashes is started again.
import type { EngramClient } from '../../../shared/api';
import { API_METHOD_NAMES } from '../../../shared/api-names';
import type { EngineEvent } from '../../../shared/types';
import { unwrapEnvelope } from '../../../shared/transport/wire';
import { EngineRelay } from '../engine-host/relay';
import { startWorkerHost } from '../engine-host/worker-host';
import { openBrowser, supportsHyperlinks, terminalLink } from '../serve/open-browser';
import { startServer } from '../serve/server';
import { SHUTDOWN_MS, stopOnSignals, warnOfProblems } from './command';

export async function runServe(dataDir: string, opts: { port?: number; open: boolean }): Promise<void> {
  const listeners = new Set<(event: EngineEvent) => void>();
  const relay = new EngineRelay({
    spawn: startWorkerHost,
    host: { dataDir },
    // within the signal's shutdown time, with a second left for the server
    closeTimeoutMs: SHUTDOWN_MS - 1000,
    send: (event) => {
      // A browser has no menu: the relay's notices (the engine restarted) go to the terminal.
      if (event.type === 'menu') {
        if (event.command === 'notice') process.stderr.write(`engram: ${event.message}\n`);
        return;
      }
      for (const listener of [...listeners]) listener(event);
    },
  });
  // Opening failures (the folder in use, a newer schema) are one line, as the other commands'.
  await relay.start();
  const api = relayClient(relay, listeners);
  let server;
  try {
    server = await startServer({ api, port: opts.port });
  } catch (e) {
    await relay.close();
    throw e;
  }
  // One line with the URL (it carries the per-run token); scripts and the e2e tests read it. On
  // a terminal that shows hyperlinks the URL is also a link (the text stays the plain URL).
  const link = supportsHyperlinks(process.stdout.isTTY, process.env);
  process.stdout.write(`Engram workbench: ${terminalLink(server.url, server.url, link)}\n`);
  void api.integrityReport({}).then((report) => warnOfProblems(report.problems), () => undefined);
  if (opts.open) {
    const outcome = await openBrowser(server.url);
    if (outcome.opened) process.stdout.write('Opened in your browser. Ctrl+C stops Engram.\n');
    else process.stdout.write(`No browser could be opened: ${outcome.reason}.\nOpen the link above in a browser on this machine${link ? ' (Ctrl+click it)' : ''}. Ctrl+C stops Engram.\n`);
  }
  // SIGINT/SIGTERM end the server within 5 s: connections closed, then the engine (its worker
  // stopped if it does not close in time; everything acknowledged is already committed).
  stopOnSignals(async () => {
    await Promise.race([server.close(), new Promise((r) => setTimeout(r, 500))]);
    await relay.close();
  });
}

/** The engine behind the relay as an EngramClient: each method one relayed call, its errors thrown as ApiErrors. */
function relayClient(relay: EngineRelay, listeners: Set<(event: EngineEvent) => void>): EngramClient {
  const client = {
    onEvent(listener: (event: EngineEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as Record<string, unknown>;
  for (const method of API_METHOD_NAMES) client[method] = async (args: unknown) => unwrapEnvelope(await relay.call(method, args));
  return client as unknown as EngramClient;
}
