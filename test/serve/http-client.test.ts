// The workbench's HTTP transport against the real server: results, errors as ApiErrors with
// their code, raw uploads, and the event stream (with the token in a header only).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import type { EngineEvent } from '../../shared/types';
import { startServer, type RunningServer, type ServedApi } from '../../electron/node/serve/server';
import { createHttpClient } from '../../renderer/src/api/http-client';

describe('HTTP client ↔ server', () => {
  let dir: string;
  let server: RunningServer;
  const listeners = new Set<(e: EngineEvent) => void>();
  let ownListeners = 0;
  const received: { name: string; bytes: Uint8Array }[] = [];
  const api = {
    async stats() {
      return { messages: 42 };
    },
    async getMessage({ id }: { id: number }) {
      throw new ApiError('not_found', `No message ${id}.`);
    },
    async importUpload(args: { name: string; bytes: Uint8Array }) {
      received.push(args);
      return { id: 'j1' };
    },
    onEvent(fn: (e: EngineEvent) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-client-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    server = await startServer({ api: api as unknown as ServedApi, rendererDir: dir });
    // the server's own listener (it keeps the first screen's data current): not a client's
    ownListeners = listeners.size;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('calls methods and turns errors into ApiErrors', async () => {
    const client = createHttpClient({ baseUrl: server.origin, token: server.token });
    expect(await client.stats({})).toEqual({ messages: 42 });
    const err = await client.getMessage({ id: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'not_found', message: 'No message 3.' });
    const bad = await client.getMessage({ id: -1 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'bad_request' });
  });

  it('says what to do when the token is wrong', async () => {
    const client = createHttpClient({ baseUrl: server.origin, token: 'wrong' });
    await expect(client.stats({})).rejects.toMatchObject({ code: 'refused', message: expect.stringContaining('no valid token') });
  });

  it('sends file bytes raw', async () => {
    const client = createHttpClient({ baseUrl: server.origin, token: server.token });
    const bytes = new Uint8Array(300_000).map((_, i) => i % 256);
    await client.importUpload({ name: 'big.json', bytes });
    expect(received[0].name).toBe('big.json');
    expect(Buffer.from(received[0].bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('streams events to listeners, and stops when the last one leaves', async () => {
    const client = createHttpClient({ baseUrl: server.origin, token: server.token });
    const seen: EngineEvent[] = [];
    const off = client.onEvent((e) => seen.push(e));
    for (let i = 0; i < 100 && listeners.size === ownListeners; i++) await new Promise((r) => setTimeout(r, 20));
    for (const l of listeners) l({ type: 'changed', topics: ['graph'] });
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([{ type: 'changed', topics: ['graph'] }]);
    off();
    for (let i = 0; i < 100 && listeners.size > ownListeners; i++) await new Promise((r) => setTimeout(r, 20));
    expect(listeners.size).toBe(ownListeners);
  });
});
