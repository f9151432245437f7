/**
 * Typed errors of the LLM boundary, and the classification of what the `ollama` client throws.
 *
 * What ollama 0.6.4 throws (verified against the test double, see test/llm):
 * - HTTP status >= 400 before any body: `ResponseError` (not exported; `name === 'ResponseError'`,
 *   `status_code`, `error` = the server's `{"error"}` text).
 * - an `{"error": ...}` line inside a 200 stream: a plain `Error(message)`.
 * - a stream that ends without `done: true`: `Error('Did not receive done or success response in stream.')`.
 * - network failures come from Node's fetch (undici) as `TypeError('fetch failed')` with `cause.code`
 *   ECONNREFUSED / ENOTFOUND / ... , or `UND_ERR_SOCKET` ("other side closed") when a kept-alive
 *   socket died; a body cut mid-stream is `TypeError('terminated')` with cause `UND_ERR_SOCKET`.
 * - an aborted fetch rejects with the signal's reason (or a DOMException `AbortError`).
 */

export class LlmError extends Error {
  /** One line telling the person what to do, when there is something to do. */
  readonly hint?: string;
  constructor(message: string, options?: { hint?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options?.hint;
  }
}

export const unreachableLine = (host: string) => `Ollama is not running at ${host} — start it with \`ollama serve\``;
export const modelMissingLine = (model: string) => `Model ${model} is not installed — run \`ollama pull ${model}\``;

/** The server cannot be talked to: refused, unknown host, connection dropped (also mid-stream). */
export class LlmUnavailableError extends LlmError {
  readonly host: string;
  /** Low-level code when known (ECONNREFUSED, UND_ERR_SOCKET, ...). */
  readonly code?: string;
  constructor(host: string, detail: string, options?: { code?: string; cause?: unknown }) {
    super(`Cannot reach Ollama at ${host}: ${detail}`, { hint: unreachableLine(host), cause: options?.cause });
    this.host = host;
    this.code = options?.code;
  }
}

export class LlmModelMissingError extends LlmError {
  readonly model: string;
  constructor(model: string, serverMessage?: string, options?: { cause?: unknown }) {
    super(serverMessage ? `Model ${model} is not installed (${serverMessage})` : `Model ${model} is not installed`, {
      hint: modelMissingLine(model),
      cause: options?.cause,
    });
    this.model = model;
  }
}

export class LlmTimeoutError extends LlmError {
  /** 'total': the whole call took longer than timeoutMs; 'idle': nothing arrived for idleTimeoutMs. */
  readonly kind: 'total' | 'idle';
  readonly timeoutMs: number;
  constructor(kind: 'total' | 'idle', timeoutMs: number, options?: { cause?: unknown }) {
    super(
      kind === 'idle'
        ? `Ollama sent nothing for ${timeoutMs} ms`
        : `Ollama did not finish within ${timeoutMs} ms`,
      { cause: options?.cause },
    );
    this.kind = kind;
    this.timeoutMs = timeoutMs;
  }
}

/** Any other failure reported by the server (HTTP error, error inside the stream, bad response). */
export class LlmResponseError extends LlmError {
  /** HTTP status when there was one (undefined for an error inside a 200 stream). */
  readonly status?: number;
  constructor(message: string, options?: { status?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.status = options?.status;
  }
}

/** The caller's signal aborted the call. */
export class LlmAbortedError extends LlmError {
  constructor(options?: { cause?: unknown }) {
    super('LLM call aborted', { cause: options?.cause });
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** undici's own timeouts (300 s by default for headers and between body chunks). */
const UNDICI_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const PREMATURE_END = 'Did not receive done or success response in stream';

/** The innermost `code` in an error's cause chain (AggregateErrors included). */
export function networkCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  const walk = (e: unknown): string | undefined => {
    if (!e || typeof e !== 'object' || seen.has(e)) return undefined;
    seen.add(e);
    const rec = e as { code?: unknown; cause?: unknown; errors?: unknown };
    const inner = walk(rec.cause) ?? (Array.isArray(rec.errors) ? rec.errors.map(walk).find(Boolean) : undefined);
    return inner ?? (typeof rec.code === 'string' ? rec.code : undefined);
  };
  return walk(err);
}

export interface ClassifyContext {
  host: string;
  /** The model the failed request asked for. */
  model: string;
}

/**
 * Maps whatever the `ollama` client or fetch threw to one of the typed errors. Timeouts and caller
 * aborts are decided by the caller (it knows which of its signals fired) before calling this.
 */
export function classifyLlmError(err: unknown, ctx: ClassifyContext): LlmError {
  if (err instanceof LlmError) return err;
  const e = err as { name?: unknown; message?: unknown; status_code?: unknown; error?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);

  if (e?.name === 'ResponseError' && typeof e.status_code === 'number') {
    const status = e.status_code;
    const serverText = typeof e.error === 'string' ? e.error : message;
    // Ollama: `model 'x' not found` / `model "x" not found, try pulling it first`. A bare
    // "404 page not found" is an unknown route (an old Ollama, or not Ollama at all).
    if (status === 404 && /\bmodel\b.*\bnot found\b/i.test(serverText)) return new LlmModelMissingError(ctx.model, serverText, { cause: err });
    return new LlmResponseError(`Ollama answered HTTP ${status}: ${serverText}`, { status, cause: err });
  }

  const code = networkCode(err);
  if (code && UNDICI_TIMEOUT_CODES.has(code)) return new LlmTimeoutError('idle', 300_000, { cause: err });
  if (code && NETWORK_CODES.has(code)) {
    return new LlmUnavailableError(ctx.host, describeNetwork(code, message), { code, cause: err });
  }
  if (e?.name === 'TypeError' && (message === 'fetch failed' || message === 'terminated')) {
    return new LlmUnavailableError(ctx.host, message, { code, cause: err });
  }
  if (message.includes(PREMATURE_END)) {
    return new LlmUnavailableError(ctx.host, 'the response stream ended before it was done', { cause: err });
  }
  if (e instanceof SyntaxError) return new LlmResponseError(`Ollama sent an unreadable response: ${message}`, { cause: err });
  return new LlmResponseError(`Ollama failed: ${message}`, { cause: err });
}

function describeNetwork(code: string, message: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return message === 'terminated' ? 'the connection was closed during the response' : 'the connection was closed';
    default:
      return `${message} (${code})`;
  }
}
