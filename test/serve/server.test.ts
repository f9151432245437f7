// The HTTP transport over real HTTP: token, Host and Origin checks, validation, static files,
// raw uploads and the event stream. The engine is a tiny in-test object with a few methods.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import type { EngineEvent } from '../../shared/types';
import { startServer, type RunningServer } from '../../electron/node/serve/server';
import { CONTENT_SECURITY_POLICY } from '../../electron/node/serve/csp';
import { bytesToBase64 } from '../../shared/transport/wire';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(
  server: RunningServer,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${server.port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

function apiCall(server: RunningServer, method: string, args: unknown, headers: Record<string, string> = {}) {
  return call(server, {
    method: 'POST',
    path: `/api/${method}`,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(args),
  });
}

describe('engram serve', () => {
  let dir: string;
  let server: RunningServer;
  const listeners = new Set<(e: EngineEvent) => void>();
  let ownListeners = 0;
  const uploads: { name: string; bytes: Uint8Array }[] = [];
  const emit = (e: EngineEvent) => listeners.forEach((l) => l(e));

  const api = {
    async stats() {
      return { sources: 0, messages: 0 } as never;
    },
    async getMessage({ id }: { id: number }) {
      if (id === 404) throw new ApiError('not_found', 'No message 404.');
      throw new Error('disk on fire\nstack trace here');
    },
    async importUpload(args: { name: string; bytes: Uint8Array }) {
      uploads.push(args);
      return { id: 'job-1', kind: 'import', state: 'running', title: args.name, done: 0, total: args.bytes.length, unit: 'bytes', startedAt: '', elapsedMs: 0 } as never;
    },
    onEvent(listener: (e: EngineEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-serve-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Engram</title>');
    writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'style-abc.css'), 'body{}');
    writeFileSync(join(dir, 'assets', 'codicon.ttf'), 'x');
    server = await startServer({ api, rendererDir: dir });
    // the server's own listener (it keeps the first screen's data current): not a stream's
    ownListeners = listeners.size;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only, with a random token in the URL', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${encodeURIComponent(server.token)}`);
    expect(server.token.length).toBeGreaterThanOrEqual(43);
    const other = await startServer({ api, rendererDir: dir });
    expect(other.token).not.toBe(server.token);
    await other.close();
  });

  it('serves the workbench with MIME types and the strict CSP', async () => {
    const index = await call(server, { path: '/' });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
    expect(index.headers['x-frame-options']).toBe('DENY');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    expect((await call(server, { path: '/assets/app-abc.js' })).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await call(server, { path: '/assets/style-abc.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await call(server, { path: '/assets/codicon.ttf' })).headers['content-type']).toBe('font/ttf');
    // App routes fall back to the workbench; missing assets do not.
    expect((await call(server, { path: '/messages' })).body).toContain('<title>Engram</title>');
    expect((await call(server, { path: '/assets/missing.js' })).status).toBe(404);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fsecret', '/%00']) {
      const res = await call(server, { path });
      // Either refused, or normalized inside the folder (an app route: the workbench itself).
      if (res.status === 200) expect(res.body).toBe('<!doctype html><title>Engram</title>');
      else expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('root:');
    }
  });

  it('refuses API calls without the right token', async () => {
    const none = await call(server, { method: 'POST', path: '/api/stats', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body).error.code).toBe('unauthorized');
    const wrong = await apiCall(server, 'stats', {}, { authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    const inQuery = await call(server, { method: 'POST', path: `/api/stats?token=${server.token}`, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(inQuery.status).toBe(401);
    const ok = await apiCall(server, 'stats', {});
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ ok: true, result: { sources: 0, messages: 0 } });
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    for (const host of ['evil.example:' + server.port, `127.0.0.1:${server.port + 1}`, 'engram.local', 'localhost']) {
      const res = await apiCall(server, 'stats', {}, { host });
      expect(res.status).toBe(403);
      const page = await call(server, { path: '/', headers: { host } });
      expect(page.status).toBe(403);
    }
    expect((await apiCall(server, 'stats', {}, { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('refuses cross-origin requests', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${server.port + 1}`, `https://127.0.0.1:${server.port}`]) {
      expect((await apiCall(server, 'stats', {}, { origin })).status).toBe(403);
    }
    expect((await apiCall(server, 'stats', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await apiCall(server, 'stats', {}, { origin: server.origin })).status).toBe(200);
    expect((await apiCall(server, 'stats', {}, { origin: `http://localhost:${server.port}` })).status).toBe(200);
  });

  it('validates every call against the typed API', async () => {
    const unknown = await apiCall(server, 'dropEverything', {});
    expect(unknown.status).toBe(404);
    const extra = await apiCall(server, 'stats', { evil: true });
    expect(extra.status).toBe(400);
    expect(JSON.parse(extra.body).error.code).toBe('bad_request');
    const wrongType = await apiCall(server, 'getMessage', { id: 'one' });
    expect(wrongType.status).toBe(400);
    expect(JSON.parse(wrongType.body).error.message).toContain('getMessage: id');
    const proto = await call(server, {
      method: 'POST',
      path: '/api/stats',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{"__proto__":{"x":1}}',
    });
    expect(proto.status).toBe(400);
    const notJson = await call(server, {
      method: 'POST',
      path: '/api/stats',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    const form = await call(server, {
      method: 'POST',
      path: '/api/stats',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    const get = await call(server, { path: '/api/stats', headers: { authorization: `Bearer ${server.token}` } });
    expect(get.status).toBe(405);
  });

  it('maps engine errors to HTTP statuses with a one-line message', async () => {
    const missing = await apiCall(server, 'getMessage', { id: 404 });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error).toEqual({ code: 'not_found', message: 'No message 404.' });
    const crash = await apiCall(server, 'getMessage', { id: 1 });
    expect(crash.status).toBe(500);
    expect(JSON.parse(crash.body).error).toEqual({ code: 'internal', message: 'disk on fire' });
    const absent = await apiCall(server, 'listSources', {});
    expect(absent.status).toBe(503);
  });

  it('accepts uploads as raw bytes and as base64 JSON', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    const raw = await call(server, {
      method: 'POST',
      path: '/api/importUpload',
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': 'application/octet-stream',
        'x-engram-bytes-field': 'bytes',
        'x-engram-args': encodeURIComponent(JSON.stringify({ name: 'conversations é.json' })),
      },
      body: bytes,
    });
    expect(raw.status).toBe(200);
    expect(uploads[0].name).toBe('conversations é.json');
    expect(uploads[0].bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(uploads[0].bytes)).toEqual(Array.from(bytes));

    const json = await apiCall(server, 'importUpload', { name: 'b.json', bytes: { $bytes: bytesToBase64(bytes) } });
    expect(json.status).toBe(200);
    expect(Array.from(uploads[1].bytes)).toEqual(Array.from(bytes));

    const plain = await apiCall(server, 'importUpload', { name: 'c.json', bytes: [1, 2] });
    expect(plain.status).toBe(400);
  });

  it('refuses bodies over the limit', async () => {
    const small = await startServer({ api, rendererDir: dir, maxJsonBytes: 100 });
    const res = await call(small, {
      method: 'POST',
      path: '/api/stats',
      headers: { authorization: `Bearer ${small.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(500) }),
    });
    expect(res.status).toBe(413);
    // An upload over the limit is refused naming its file.
    const tiny = await startServer({ api, rendererDir: dir, maxUploadBytes: 10 });
    const up = await call(tiny, {
      method: 'POST',
      path: '/api/importUpload',
      headers: {
        authorization: `Bearer ${tiny.token}`,
        'content-type': 'application/octet-stream',
        'x-engram-bytes-field': 'bytes',
        'x-engram-args': encodeURIComponent(JSON.stringify({ name: 'huge export.zip' })),
      },
      body: Buffer.alloc(100),
    });
    expect(up.status).toBe(413);
    expect(JSON.parse(up.body).error.message).toMatch(/^huge export\.zip: larger than an upload may be/);
    await small.close();
    await tiny.close();
  });

  it('caps event streams: past the cap a stream is refused, and a closed one frees its place', async () => {
    const capped = await startServer({ api, rendererDir: dir, maxEventStreams: 2 });
    const open = () => {
      const ctrl = new AbortController();
      return fetch(`${capped.origin}/api/events`, { headers: { authorization: `Bearer ${capped.token}` }, signal: ctrl.signal }).then((res) => ({ res, ctrl }));
    };
    const a = await open();
    const b = await open();
    const c = await open();
    expect([a.res.status, b.res.status, c.res.status]).toEqual([200, 200, 503]);
    expect((await c.res.json()).error.message).toMatch(/Too many event streams open \(2\)/);
    a.ctrl.abort();
    await new Promise((r) => setTimeout(r, 100));
    const d = await open();
    expect(d.res.status).toBe(200);
    b.ctrl.abort();
    d.ctrl.abort();
    await capped.close();
  });

  it('streams engine events over SSE to token holders only', async () => {
    const refused = await fetch(`${server.origin}/api/events`);
    expect(refused.status).toBe(401);

    const ctrl = new AbortController();
    const res = await fetch(`${server.origin}/api/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    await reader.read(); // the connect comment: the listener is registered by now
    emit({ type: 'changed', topics: ['sources'] });
    while (!text.includes('\n\n')) text += decoder.decode((await reader.read()).value);
    const data = text.split('\n').find((l) => l.startsWith('data: '));
    expect(JSON.parse(data!.slice(6))).toEqual({ type: 'changed', topics: ['sources'] });
    ctrl.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(listeners.size).toBe(ownListeners);
  });
});
