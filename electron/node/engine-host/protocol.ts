// The messages between Electron main and the engine host (the utility process that runs the
// engine). Main validates every call from the window first; the host validates again, since it
// is the engine's door. Messages are structured clones, so a Uint8Array (importUpload) crosses
// as bytes.
import type { EngineEvent } from '../../../shared/types';
import type { WireResponse } from '../../../shared/transport/wire';

/** What the host needs to open the memory. */
export interface HostOptions {
  dataDir: string;
  /** better-sqlite3's native module built for Electron's ABI (see scripts/start.mjs). */
  sqliteNativeBinding?: string;
}

/** Main → host. */
export type ToHost =
  | { type: 'open'; options: HostOptions }
  | { type: 'call'; id: number; method: string; args: unknown }
  | { type: 'close' };

/** Host → main. */
export type FromHost =
  | { type: 'ready' }
  | { type: 'open-failed'; message: string }
  | { type: 'result'; id: number; response: WireResponse }
  | { type: 'event'; event: EngineEvent }
  | { type: 'closed' };

/**
 * One end of a message channel: Electron's `process.parentPort` or a MessagePort in the utility
 * process, worker_threads' parentPort or child_process IPC in plain Node, a pair of fakes in tests.
 */
export interface Port<Out, In> {
  post(message: Out): void;
  /** Listens for messages; returns the function that stops listening. */
  onMessage(listener: (message: In) => void): () => void;
}

/** The host's end: sends FromHost, hears ToHost. */
export type HostPort = Port<FromHost, ToHost>;
