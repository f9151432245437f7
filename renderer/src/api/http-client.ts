// The API over HTTP (`engram serve`): POST /api/<method> with the token in a header, events
// over a streamed GET /api/events (fetch, not EventSource, so the token never sits in a URL).
import type { EngramClient } from '../../../shared/api';
import { API_METHOD_NAMES, ApiError, type ApiErrorCode } from '../../../shared/api-names';
import type { EngineEvent } from '../../../shared/types';
import {
  ARGS_HEADER,
  BYTES_FIELD_HEADER,
  encodeWire,
  resultOf,
  splitBytesArg,
  type WireResponse,
} from '../../../shared/transport/wire';

const RECONNECT_MS = [500, 1000, 2000, 5000];

export function createHttpClient(opts: { baseUrl: string; token: string }): EngramClient {
  const auth = `Bearer ${opts.token}`;

  async function call(method: string, args: unknown): Promise<unknown> {
    const bytes = splitBytesArg(args);
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}/api/${method}`, {
        method: 'POST',
        credentials: 'omit',
        headers: bytes
          ? {
              authorization: auth,
              'content-type': 'application/octet-stream',
              [BYTES_FIELD_HEADER]: bytes.field,
              [ARGS_HEADER]: encodeURIComponent(JSON.stringify(encodeWire(bytes.rest))),
            }
          : { authorization: auth, 'content-type': 'application/json' },
        body: bytes ? (bytes.bytes as BodyInit) : JSON.stringify(encodeWire(args ?? {})),
      });
    } catch {
      throw new ApiError('unavailable', 'Engram is not reachable: is `engram serve` still running?');
    }
    let body: WireResponse;
    try {
      body = (await res.json()) as WireResponse;
    } catch {
      throw new ApiError('unavailable', `The Engram server answered ${res.status} without a result.`);
    }
    if (body.ok) return resultOf(body);
    if (res.status === 401) {
      throw new ApiError('refused', 'This page has no valid token: open the URL printed by `engram serve` again.');
    }
    const code = body.error.code === 'unauthorized' || body.error.code === 'forbidden' ? 'refused' : body.error.code;
    throw new ApiError(code as ApiErrorCode, body.error.message);
  }

  const listeners = new Set<(event: EngineEvent) => void>();
  let stream: AbortController | null = null;

  async function runStream(ctrl: AbortController) {
    let attempt = 0;
    let connectedBefore = false;
    while (!ctrl.signal.aborted) {
      try {
        const res = await fetch(`${opts.baseUrl}/api/events`, {
          headers: { authorization: auth, accept: 'text/event-stream' },
          credentials: 'omit',
          signal: ctrl.signal,
        });
        if (res.status === 401) return; // a wrong token does not get better by retrying
        if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
        if (connectedBefore) {
          // Events may have been missed while disconnected: everything may have changed.
          emit({ type: 'changed', topics: ['sources', 'messages', 'graph', 'jobs', 'settings'] });
        }
        connectedBefore = true;
        attempt = 0;
        await readEvents(res.body, emit);
      } catch {
        if (ctrl.signal.aborted) return;
      }
      await new Promise((r) => setTimeout(r, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]));
    }
  }

  function emit(event: EngineEvent) {
    for (const listener of [...listeners]) listener(event);
  }

  const client: Record<string, unknown> = {};
  for (const method of API_METHOD_NAMES) client[method] = (args: unknown) => call(method, args);
  client.onEvent = (listener: (event: EngineEvent) => void) => {
    listeners.add(listener);
    if (!stream) {
      stream = new AbortController();
      void runStream(stream);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && stream) {
        stream.abort();
        stream = null;
      }
    };
  };
  return client as unknown as EngramClient;
}

/** Parses a text/event-stream body, calling `onEvent` for every `data:` message. */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: EngineEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      try {
        onEvent(JSON.parse(data) as EngineEvent);
      } catch {
        // A malformed event is dropped; the next 'changed' event refreshes the view anyway.
      }
    }
  }
}
