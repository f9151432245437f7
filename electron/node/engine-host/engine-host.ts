// Entry of the engine host process: in the desktop app, Electron main starts it with
// `utilityProcess.fork` (built to out/main/engine-host.js, next to the graph worker), so that
// SQLite, LanceDB and the Ask code never block the window's main process. Under plain Node it
// also runs as a worker thread or a `child_process.fork` child (tests).
import { parentPort as workerPort } from 'node:worker_threads';
import { Engine } from '../engine/engine';
import { serveEngine } from './host';
import type { FromHost, HostPort, ToHost } from './protocol';

/** Electron's `process.parentPort` in a utility process (typed here: this folder never imports electron). */
interface ElectronParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
  off(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

interface MessageSource<T> {
  on(event: 'message', listener: (emitted: T) => void): unknown;
  off(event: 'message', listener: (emitted: T) => void): unknown;
}

/** A port over an emitter of 'message' events; `unwrap` finds the message in what it emits. */
function emitterPort<T>(source: MessageSource<T>, send: (message: FromHost) => void, unwrap: (emitted: T) => unknown): HostPort {
  return {
    post: send,
    onMessage(listener) {
      const handler = (emitted: T) => listener(unwrap(emitted) as ToHost);
      source.on('message', handler);
      return () => source.off('message', handler);
    },
  };
}

/** The channel to whoever started this process, and how to learn that it went away. */
function connect(): { port: HostPort; onParentGone(fn: () => void): void } | null {
  const electronPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;
  if (electronPort) {
    return {
      port: emitterPort(electronPort, (message) => electronPort.postMessage(message), (e: { data: unknown }) => e.data),
      // Chromium ends a utility process with the browser process that owns it.
      onParentGone: () => {},
    };
  }
  if (workerPort) {
    const port = workerPort;
    return { port: emitterPort(port, (message) => port.postMessage(message), (data: unknown) => data), onParentGone: (fn) => port.once('close', fn) };
  }
  if (process.send) {
    // Started by child_process.fork: the parent must use `serialization: 'advanced'` for bytes.
    return {
      port: emitterPort(process, (message) => void process.send?.(message), (data: unknown) => data),
      onParentGone: (fn) => process.once('disconnect', fn),
    };
  }
  return null;
}

const channel = connect();
if (!channel) {
  process.stderr.write('engram: the engine host is started by Engram (utility process, worker or fork), not on its own\n');
  process.exit(2);
} else {
  const host = serveEngine(channel.port, (options) => Engine.open({ dataDir: options.dataDir, sqliteNativeBinding: options.sqliteNativeBinding, startGraph: true }));
  // Once closed, leave a moment for the last message to go out, then end.
  void host.closed.then(() => setTimeout(() => process.exit(0), 50));
  // Orphaned (the parent died without saying close): still close the engine cleanly.
  channel.onParentGone(() => void host.shutdown());
}
