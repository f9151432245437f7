// The engine host in a worker thread of this process, as the relay sees a host process: what
// `engram serve` runs its engine in, so that the HTTP server's event loop (the page, its files,
// the event stream) never waits behind SQLite, LanceDB or an Ask call. The entry is
// engine-host.ts beside this module (engine-host.js beside the CLI's chunks once built).
import { startModuleWorker } from '../engine/common/module-worker';
import type { FromHost, ToHost } from './protocol';
import type { HostProcess } from './relay';

export function startWorkerHost(): HostProcess {
  const worker = startModuleWorker(import.meta.url, 'engine-host');
  let exited = false;
  worker.once('exit', () => (exited = true));
  return {
    // Structured clones, as over Electron's port: an upload's bytes are copied, never moved
    // (they may share a pooled buffer with other requests).
    post: (message: ToHost) => worker.postMessage(message),
    onMessage: (listener: (message: FromHost) => void) => void worker.on('message', listener),
    onExit: (listener: (code: number) => void) => void worker.once('exit', listener),
    kill: () => {
      if (!exited) void worker.terminate();
    },
  };
}
