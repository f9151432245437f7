// The engine host: opens the engine facade when told to, answers calls through the same
// dispatch as every other transport, forwards the engine's events, and closes the engine
// cleanly on request. It knows nothing of Electron: it talks over a `HostPort`, so it runs the
// same in Electron's utility process, under child_process.fork or over a pair of fakes.
import type { EngramApi } from '../../../shared/api';
import { ApiError } from '../../../shared/api';
import type { EngineEvent } from '../../../shared/types';
import { callToEnvelope, errorEnvelope } from '../../../shared/transport/dispatch';
import type { HostOptions, HostPort, ToHost } from './protocol';

/** What the host needs of the engine: the API, its events, and a clean close. */
export type HostedEngine = EngramApi & {
  onEvent(listener: (event: EngineEvent) => void): () => void;
  close(): Promise<void>;
};

export interface EngineHost {
  /** Settles once the engine is closed after a `close` message (or after `shutdown()`). */
  readonly closed: Promise<void>;
  /** Closes the engine without a message (the parent went away). */
  shutdown(): Promise<void>;
}

export function serveEngine(port: HostPort, open: (options: HostOptions) => Promise<HostedEngine>): EngineHost {
  let opening: Promise<HostedEngine | null> | null = null;
  let stopEvents: (() => void) | null = null;
  let closing: Promise<void> | null = null;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));

  const post = (message: Parameters<HostPort['post']>[0]) => {
    try {
      port.post(message);
    } catch (err) {
      // A result that cannot be cloned still gets an answer, never silence.
      if (message.type === 'result') port.post({ type: 'result', id: message.id, response: errorEnvelope(err) });
      else throw err;
    }
  };

  const startOpening = (options: HostOptions) => {
    opening = open(options).then(
      (opened) => {
        stopEvents = opened.onEvent((event) => post({ type: 'event', event }));
        post({ type: 'ready' });
        return opened;
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        post({ type: 'open-failed', message: message.split('\n')[0] || 'the engine could not open the memory' });
        return null;
      },
    );
  };

  const answer = async (id: number, method: string, args: unknown) => {
    const ready = closing ? null : await (opening ?? Promise.resolve(null));
    if (!ready || closing) {
      const why = closing ? 'Engram is closing.' : 'The memory is not open.';
      post({ type: 'result', id, response: errorEnvelope(new ApiError('unavailable', why)) });
      return;
    }
    post({ type: 'result', id, response: await callToEnvelope(ready, method, args) });
  };

  const shutdown = (): Promise<void> => {
    closing ??= (async () => {
      const opened = await (opening ?? Promise.resolve(null));
      stopEvents?.();
      await opened?.close();
    })().finally(markClosed);
    return closing;
  };

  port.onMessage((message: ToHost) => {
    if (!message || typeof message !== 'object') return;
    switch (message.type) {
      case 'open':
        if (!opening && !closing) startOpening(message.options);
        return;
      case 'call':
        void answer(message.id, message.method, message.args);
        return;
      case 'close':
        void shutdown().then(
          () => post({ type: 'closed' }),
          (err: unknown) => {
            console.error(`engram: closing the engine failed: ${err instanceof Error ? err.message : String(err)}`);
            post({ type: 'closed' });
          },
        );
        return;
    }
  });

  return { closed, shutdown };
}
