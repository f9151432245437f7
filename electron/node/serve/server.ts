// `engram serve`: the built workbench and the typed API over HTTP, for a browser on this machine.
//
// Security model (the API reads and edits a person's private memory):
// - binds 127.0.0.1 only;
// - every API call needs the per-run random token (`Authorization: Bearer`), compared in
//   constant time; the token reaches the page once, in the URL printed/opened by the CLI;
// - the Host header must be 127.0.0.1:PORT or localhost:PORT, which defeats DNS rebinding
//   (a rebinding page talks to us under its own host name);
// - a cross-origin Origin (or Sec-Fetch-Site: cross-site) is refused;
// - every call is validated against the typed API (`parseApiArgs`) before the engine sees it;
// - responses carry the same strict CSP as the desktop app.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiErrorCode, EngramClient } from '../../../shared/api';
import type { EngineEvent } from '../../../shared/types';
import { SECURITY_HEADERS } from './csp';
import { callToEnvelope } from '../../../shared/transport/dispatch';
import { ARGS_HEADER, BYTES_FIELD_HEADER, decodeWire, resultEnvelope, type WireResponse } from '../../../shared/transport/wire';
import { mimeTypeOf } from './mime';
import { keepFirstScreen } from './first-screen';

/** What the server needs from the engine: the API and its event stream. */
export type ServedApi = Pick<EngramClient, 'onEvent'> & Partial<Omit<EngramClient, 'onEvent'>>;

export interface ServeOptions {
  api: ServedApi;
  /** The built renderer (out/renderer). */
  rendererDir?: string;
  /** 0 or undefined: a free port chosen by the system. */
  port?: number;
  /** Fixed token (tests); a random one per run otherwise. */
  token?: string;
  /** Upper bound of a JSON request body. */
  maxJsonBytes?: number;
  /** Upper bound of a raw upload (importUpload). */
  maxUploadBytes?: number;
  /** Event streams open at once (each holds a connection and a listener); more are refused. */
  maxEventStreams?: number;
}

export interface RunningServer {
  /** The URL to open: carries the token. */
  url: string;
  /** The origin without the token. */
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}


const SSE_HEARTBEAT_MS = 15_000;
/** Longest a page waits for its first screen's data (kept ready, so rarely waited for at all). */
const FIRST_SCREEN_WAIT_MS = 150;
/** A workbench tab holds one event stream; a few tabs and reconnects fit well under this. */
const MAX_EVENT_STREAMS = 16;

/** The HTTP status of each API error code. */
const HTTP_STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  refused: 403,
  unavailable: 503,
  internal: 500,
};

/** out/renderer next to this module once built (out/main/…), or from the source tree. */
export function defaultRendererDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [
    resolve(here, '../renderer'), // bundled: out/main → out/renderer
    resolve(here, '../../../out/renderer'), // source: electron/node/serve → out/renderer
    resolve(process.cwd(), 'out/renderer'),
  ];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1];
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const token = opts.token ?? newToken();
  const tokenDigest = digest(token);
  const rendererDir = resolve(opts.rendererDir ?? defaultRendererDir());
  const maxJsonBytes = opts.maxJsonBytes ?? 256 * 1024 * 1024;
  const maxUploadBytes = opts.maxUploadBytes ?? 2 * 1024 * 1024 * 1024 - 1;
  const maxEventStreams = opts.maxEventStreams ?? MAX_EVENT_STREAMS;
  const api = opts.api as unknown as EngramClient;

  let port = 0;
  const sockets = new Set<Socket>();
  const streams = new Set<ServerResponse>();

  const isAllowedHost = (host: string | undefined) =>
    host === `127.0.0.1:${port}` || host === `localhost:${port}`;
  const isAllowedOrigin = (origin: string) =>
    origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
  const isToken = (value: string) => timingSafeEqual(digest(value), tokenDigest);
  const hasToken = (req: IncomingMessage) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return !!m && isToken(m[1]);
  };
  const firstScreen = keepFirstScreen(opts.api);

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(err?.message ?? err) } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedHost(req.headers.host)) {
      return sendText(res, 403, 'Forbidden: unexpected Host header.');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin)) {
      return sendText(res, 403, 'Forbidden: cross-origin request.');
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendText(res, 405, 'Method not allowed.');
    }
    return serveStatic(req, res, url);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      return sendJson(res, 403, { ok: false, error: { code: 'forbidden', message: 'Cross-site request refused.' } });
    }
    if (!hasToken(req)) {
      return sendJson(res, 401, { ok: false, error: { code: 'unauthorized', message: 'Missing or wrong token: open the URL printed by `engram serve`.' } });
    }
    const method = url.pathname.slice('/api/'.length);
    if (method === 'events') {
      if (req.method !== 'GET') return sendJson(res, 405, { ok: false, error: { code: 'bad_request', message: 'GET only.' } });
      return openEventStream(req, res);
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return sendJson(res, 405, { ok: false, error: { code: 'bad_request', message: 'API calls are POST.' } });
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    let args: unknown;
    try {
      if (type === 'application/json') {
        const body = await readBody(req, maxJsonBytes);
        args = body.length ? decodeWire(JSON.parse(body.toString('utf8'))) : {};
      } else if (type === 'application/octet-stream') {
        const field = String(req.headers[BYTES_FIELD_HEADER] ?? '');
        if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(field)) throw new BadRequest('Missing bytes field header.');
        const rest = JSON.parse(decodeURIComponent(String(req.headers[ARGS_HEADER] ?? '%7B%7D')));
        if (!rest || typeof rest !== 'object' || Array.isArray(rest)) throw new BadRequest('Bad arguments header.');
        // A refused upload names its file (the import dialog shows the message as it is).
        const name = typeof rest.name === 'string' ? rest.name.slice(0, 200) : 'The upload';
        const body = await readBody(req, maxUploadBytes, (limit) => `${name}: larger than an upload may be (${Math.round(limit / 1048576)} MB); import it with \`engram import\` instead`);
        args = { ...(decodeWire(rest) as object), [field]: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
      } else {
        // JSON only: a form or text/plain post from elsewhere never reaches the engine.
        return sendJson(res, 415, { ok: false, error: { code: 'bad_request', message: 'Content-Type must be application/json.' } });
      }
    } catch (err) {
      if (err instanceof TooLarge) return sendJson(res, 413, { ok: false, error: { code: 'bad_request', message: err.message } }, true);
      const message = err instanceof BadRequest ? err.message : 'The request body is not valid JSON.';
      return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message } });
    }
    const envelope = await callToEnvelope(api, method, args);
    const status = envelope.ok ? 200 : HTTP_STATUS[envelope.error.code as keyof typeof HTTP_STATUS] ?? 500;
    sendJson(res, status, envelope.ok ? resultEnvelope(envelope.result) : envelope);
  }

  function openEventStream(req: IncomingMessage, res: ServerResponse) {
    if (streams.size >= maxEventStreams) {
      return sendJson(res, 503, { ok: false, error: { code: 'unavailable', message: `Too many event streams open (${maxEventStreams}); close other Engram tabs.` } }, true);
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n: connected\n\n');
    streams.add(res);
    const unsubscribe = api.onEvent((event: EngineEvent) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    };
    req.on('close', stop);
    res.on('close', stop);
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return sendText(res, 400, 'Bad path.');
    }
    if (rel.includes('\0')) return sendText(res, 400, 'Bad path.');
    let file = normalize(join(rendererDir, rel));
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) return sendText(res, 404, 'Not found.');
    let stat = statSafe(file);
    if (stat?.isDirectory()) {
      file = join(file, 'index.html');
      stat = statSafe(file);
    }
    if (!stat?.isFile()) {
      // Unknown paths without an extension are app routes: the workbench handles them.
      if (extname(rel) === '') {
        file = join(rendererDir, 'index.html');
        stat = statSafe(file);
      }
      if (!stat?.isFile()) {
        if (!existsSync(join(rendererDir, 'index.html'))) {
          return sendText(res, 503, 'The Engram workbench is not built yet: run `npm run build`, then start `engram serve` again.');
        }
        return sendText(res, 404, 'Not found.');
      }
    }
    const type = mimeTypeOf(file);
    // The page opened with its token (the URL the CLI prints): it gets its first screen's data
    // with it, as an API call with the token would. Never without the token; never cached.
    const token = url.searchParams.get('token');
    if (file === join(rendererDir, 'index.html') && req.method === 'GET' && token && isToken(token)) {
      const block = await firstScreen.block(FIRST_SCREEN_WAIT_MS);
      if (block) {
        const html = readFileSync(file, 'utf8');
        const at = html.lastIndexOf('</body>');
        const body = Buffer.from(at < 0 ? html + block : `${html.slice(0, at)}${block}${html.slice(at)}`);
        res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': String(body.byteLength), 'Cache-Control': 'no-store' });
        res.end(body);
        return;
      }
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': type,
      'Content-Length': String(stat.size),
      // Built asset names carry a content hash; index.html must always be revalidated.
      'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.headersTimeout = 30_000;
  // an idle connection is kept longer than a client keeps it (undici: 4 s, Chromium: longer), so a
  // client never sends a request on a socket the server is just closing (ECONNRESET under load)
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 0; // uploads of large exports can take a while

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    token,
    port,
    close: () =>
      new Promise<void>((done) => {
        firstScreen.stop();
        for (const stream of streams) stream.end();
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

class TooLarge extends Error {}
class BadRequest extends Error {}

function readBody(req: IncomingMessage, limit: number, tooLarge: (limit: number) => string = (l) => `Request too large (limit ${Math.round(l / 1048576)} MB).`): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new TooLarge(tooLarge(limit)));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop keeping the body, drain the rest: the 413 is sent with Connection: close.
        chunks.length = 0;
        req.removeAllListeners('data');
        req.resume();
        reject(new TooLarge(tooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: WireResponse | { ok: false; error: { code: string; message: string } }, closeAfter = false) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...(closeAfter ? { Connection: 'close' } : {}),
  });
  res.end(text);
}
