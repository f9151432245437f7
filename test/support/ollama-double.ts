/**
 * A test double of the Ollama HTTP API, used only by tests.
 *
 * It listens on 127.0.0.1 with an ephemeral port and speaks the real protocol (NDJSON streaming by
 * default, `stream:false` on request), so the real `ollama` npm client and everything above it are
 * exercised over real sockets. Replies to /api/chat and /api/generate come from a script of rules
 * (consumed in order, `repeat: true` keeps a rule) and otherwise from a default reply. Embeddings are
 * deterministic unit vectors derived from a hash of the text.
 *
 * Error texts follow the Ollama server (server/routes.go): a missing model is a 404 with
 * `model 'x' not found` from /api/generate and /api/show, and `model "x" not found, try pulling it
 * first` from /api/chat and /api/embed(dings) (the scheduler's error), always as `{"error": ...}` JSON.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Parsed JSON body (undefined for GET or an empty body). */
  body: any;
  /** True when the client went away before the response was finished (abort, timeout). */
  aborted: boolean;
}

export type ReplyText = string | ((req: RecordedRequest) => string);

/**
 * One scripted behaviour for /api/chat and /api/generate (or another POST path given in `path`).
 * Exactly one of `reply`, `error`, `hang`, `dropConnection` drives it; `afterChunks` first streams
 * that many chunks of `reply` and then errors (an in-stream `{"error"}` line), hangs or drops.
 */
export interface ScriptRule {
  /** Only requests for which this returns true use the rule. */
  match?: (req: RecordedRequest) => boolean;
  /** Paths the rule applies to; default ['/api/chat', '/api/generate']. Any path works, e.g. '/api/tags'. */
  path?: string | string[];
  /** Keep the rule after use (otherwise it is consumed). */
  repeat?: boolean;
  /** Wait this long before answering at all (no headers yet), like a model load. */
  delayMs?: number;
  /** Wait this long between streamed chunks. */
  chunkDelayMs?: number;
  reply?: ReplyText;
  /** Answer with `{"error": error}` and this HTTP status (default 500). */
  error?: string;
  status?: number;
  /** Never answer (the socket stays open). */
  hang?: boolean;
  /** Destroy the socket (no HTTP response, or a cut chunked stream with `afterChunks`). */
  dropConnection?: boolean;
  /** Stream this many chunks of `reply` before the error / hang / drop. */
  afterChunks?: number;
}

export interface OllamaDoubleOptions {
  /** Installed models as /api/tags lists them; a name without a tag gets `:latest`. */
  models?: string[];
  version?: string;
  /** Embedding dimension (nomic-embed-text: 768). */
  embedDimension?: number;
  defaultReply?: ReplyText;
  /** Delay between streamed chunks when a rule does not say (default 0). */
  chunkDelayMs?: number;
}

export const DOUBLE_DEFAULT_MODELS = ['qwen2.5:7b-instruct', 'nomic-embed-text:latest'];

const DEFAULT_PATHS = ['/api/chat', '/api/generate'];

export function withTag(name: string): string {
  const lower = name.toLowerCase();
  return lower.slice(lower.lastIndexOf('/') + 1).includes(':') ? lower : `${lower}:latest`;
}

/** Splits text into streamed pieces the way a tokenizer would, roughly: words with their leading space. */
export function chunkText(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? (text ? [text] : []);
}

/** Deterministic unit vector for a text: SHA-256 in counter mode, values in [-1, 1), L2-normalized. */
export function fakeEmbedding(text: string, dimension: number): number[] {
  const out: number[] = [];
  for (let block = 0; out.length < dimension; block++) {
    const digest = createHash('sha256').update(`${block}\u0000${text}`).digest();
    for (let i = 0; i + 1 < digest.length && out.length < dimension; i += 2) {
      out.push(digest.readUInt16BE(i) / 32768 - 1);
    }
  }
  const norm = Math.sqrt(out.reduce((s, v) => s + v * v, 0)) || 1;
  return out.map((v) => v / norm);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const isEmbedModel = (name: string) => /embed|minilm|bge|e5-/.test(name);
const approxTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export class OllamaDouble {
  readonly requests: RecordedRequest[] = [];
  models: string[];
  version: string;
  embedDimension: number;
  defaultReply: ReplyText;
  chunkDelayMs: number;

  private rules: ScriptRule[] = [];
  private server: http.Server | null = null;
  private sockets = new Set<Socket>();
  private port = 0;

  private constructor(opts: OllamaDoubleOptions) {
    this.models = (opts.models ?? DOUBLE_DEFAULT_MODELS).map(withTag);
    this.version = opts.version ?? '0.12.6';
    this.embedDimension = opts.embedDimension ?? 768;
    this.defaultReply = opts.defaultReply ?? 'OK';
    this.chunkDelayMs = opts.chunkDelayMs ?? 0;
  }

  static async start(opts: OllamaDoubleOptions = {}): Promise<OllamaDouble> {
    const double = new OllamaDouble(opts);
    await double.listen(0);
    return double;
  }

  /** Base URL, e.g. http://127.0.0.1:41234 (stays the same across restart()). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  /** Appends rules to the script. */
  script(rules: ScriptRule[]): this {
    this.rules.push(...rules);
    return this;
  }

  /** Rules not yet consumed (repeating rules stay). */
  get pending(): readonly ScriptRule[] {
    return this.rules;
  }

  setModels(models: string[]): this {
    this.models = models.map(withTag);
    return this;
  }

  /** Requests to one path, e.g. requestsTo('/api/chat'). */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Stops listening and cuts every open connection (as when the server process dies). */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Closes (if open) and listens again on the same port. */
  async restart(): Promise<void> {
    await this.close();
    await this.listen(this.port);
  }

  private async listen(port: number): Promise<void> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: String(err) });
        else res.destroy();
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private installed(name: unknown): boolean {
    return typeof name === 'string' && name !== '' && this.models.includes(withTag(name));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return sendJson(res, 400, { error: 'invalid character in request body' });
    }
    const rec: RecordedRequest = { method: req.method ?? 'GET', path, body, aborted: false };
    this.requests.push(rec);
    res.on('close', () => {
      if (!res.writableFinished) rec.aborted = true;
    });

    const route = `${rec.method} ${path}`;
    const modelRoutes = ['POST /api/chat', 'POST /api/generate', 'POST /api/embed', 'POST /api/embeddings'];
    // Model routes take their rule after the model check, as the server checks the model first.
    if (!modelRoutes.includes(route) && (await this.preamble(this.takeRule(rec), res))) return;
    switch (route) {
      case 'GET /':
      case 'HEAD /':
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        return void res.end('Ollama is running');
      case 'GET /api/version':
        return sendJson(res, 200, { version: this.version });
      case 'GET /api/tags':
        return sendJson(res, 200, { models: this.models.map((m) => this.modelEntry(m)) });
      case 'POST /api/show':
        return this.show(rec, res);
      case 'POST /api/chat':
      case 'POST /api/generate':
        return this.complete(rec, res);
      case 'POST /api/embed':
      case 'POST /api/embeddings':
        return this.embed(rec, res);
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return void res.end('404 page not found');
    }
  }

  private modelEntry(name: string) {
    const embed = isEmbedModel(name);
    return {
      name,
      model: name,
      modified_at: '2026-11-01T10:00:00.000000000Z',
      size: embed ? 274_302_450 : 4_683_087_332,
      digest: createHash('sha256').update(name).digest('hex'),
      details: {
        parent_model: '',
        format: 'gguf',
        family: embed ? 'nomic-bert' : 'qwen2',
        families: [embed ? 'nomic-bert' : 'qwen2'],
        parameter_size: embed ? '137M' : '7.6B',
        quantization_level: embed ? 'F16' : 'Q4_K_M',
      },
    };
  }

  private show(rec: RecordedRequest, res: http.ServerResponse): void {
    const name = rec.body?.model ?? rec.body?.name;
    if (!name) return sendJson(res, 400, { error: 'model is required' });
    if (!this.installed(name)) return sendJson(res, 404, { error: `model '${name}' not found` });
    const entry = this.modelEntry(withTag(name));
    const arch = entry.details.family;
    const embed = isEmbedModel(withTag(name));
    sendJson(res, 200, {
      license: '',
      modelfile: `# Modelfile generated by "ollama show"\nFROM ${withTag(name)}\n`,
      parameters: embed ? 'num_ctx                        8192' : 'temperature                    0.7',
      template: embed ? '{{ .Prompt }}' : '{{ if .System }}<|im_start|>system\n{{ .System }}<|im_end|>\n{{ end }}',
      details: entry.details,
      model_info: {
        'general.architecture': arch,
        [`${arch}.context_length`]: embed ? 2048 : 32768,
        [`${arch}.embedding_length`]: embed ? this.embedDimension : 3584,
      },
      capabilities: embed ? ['embedding'] : ['completion', 'tools'],
      modified_at: entry.modified_at,
    });
  }

  /** First rule that applies to this request; consumed unless it repeats. */
  private takeRule(rec: RecordedRequest): ScriptRule | undefined {
    const i = this.rules.findIndex((r) => {
      const paths = r.path === undefined ? DEFAULT_PATHS : [r.path].flat();
      return paths.includes(rec.path) && (!r.match || r.match(rec));
    });
    if (i < 0) return undefined;
    const rule = this.rules[i];
    if (!rule.repeat) this.rules.splice(i, 1);
    return rule;
  }

  /** Applies the non-reply parts of a rule; returns true when the response has been dealt with. */
  private async preamble(rule: ScriptRule | undefined, res: http.ServerResponse): Promise<boolean> {
    if (!rule) return false;
    if (rule.delayMs) await sleep(rule.delayMs);
    if (res.destroyed) return true;
    if (rule.afterChunks !== undefined) return false;
    if (rule.hang) return true;
    if (rule.dropConnection) {
      res.socket?.destroy();
      return true;
    }
    if (rule.error !== undefined) {
      sendJson(res, rule.status ?? 500, { error: rule.error });
      return true;
    }
    return false;
  }

  private async complete(rec: RecordedRequest, res: http.ServerResponse): Promise<void> {
    const chat = rec.path === '/api/chat';
    const model = rec.body?.model;
    if (!this.installed(model)) {
      // generate checks the name first ('...'); chat fails in the scheduler ("...", try pulling it first).
      const error = chat ? `model "${model}" not found, try pulling it first` : `model '${model}' not found`;
      return sendJson(res, 404, { error });
    }
    if (isEmbedModel(withTag(model))) {
      return sendJson(res, 400, { error: `"${model}" does not support ${chat ? 'chat' : 'generate'}` });
    }
    const rule = this.takeRule(rec);
    if (await this.preamble(rule, res)) return;

    const started = process.hrtime.bigint();
    const reply = rule?.reply ?? this.defaultReply;
    const text = typeof reply === 'function' ? reply(rec) : reply;
    const chunks = chunkText(text);
    const prompt = chat
      ? (rec.body?.messages ?? []).map((m: { content?: string }) => m.content ?? '').join('\n')
      : String(rec.body?.prompt ?? '');
    const createdAt = () => new Date().toISOString();
    const piece = (content: string) =>
      chat ? { message: { role: 'assistant', content } } : { response: content };
    const final = () => {
      const total = Number(process.hrtime.bigint() - started) + 1_000_000;
      const evalCount = chunks.length;
      const evalDuration = Math.max(1, Math.round(total * 0.8));
      return {
        model,
        created_at: createdAt(),
        ...piece(''),
        done: true,
        done_reason: 'stop',
        ...(chat ? {} : { context: [151644, 872, 198] }),
        total_duration: total,
        load_duration: 500_000,
        prompt_eval_count: approxTokens(prompt),
        prompt_eval_duration: Math.round(total * 0.1),
        eval_count: evalCount,
        eval_duration: evalDuration,
      };
    };

    if (rec.body?.stream === false) {
      // Without streaming, a failure after some chunks is a failure of the whole response.
      if (rule?.afterChunks !== undefined) {
        if (rule.hang) return;
        if (rule.dropConnection) return void res.socket?.destroy();
        if (rule.error !== undefined) return sendJson(res, rule.status ?? 500, { error: rule.error });
      }
      const whole = { ...final(), ...piece(text) };
      return sendJson(res, 200, whole);
    }

    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    const chunkDelay = rule?.chunkDelayMs ?? this.chunkDelayMs;
    const stopAt = rule?.afterChunks ?? Infinity;
    for (let i = 0; i < chunks.length && i < stopAt; i++) {
      if (res.destroyed) return;
      res.write(`${JSON.stringify({ model, created_at: createdAt(), ...piece(chunks[i]), done: false })}\n`);
      if (chunkDelay) await sleep(chunkDelay);
    }
    if (res.destroyed) return;
    if (rule?.afterChunks !== undefined) {
      // Let what was streamed so far reach the client before the failure.
      await new Promise<void>((resolve) => res.write('', () => resolve()));
      await sleep(5);
      if (rule.hang) return;
      if (rule.dropConnection) return void res.socket?.destroy();
      if (rule.error !== undefined) return void res.end(`${JSON.stringify({ error: rule.error })}\n`);
    }
    res.end(`${JSON.stringify(final())}\n`);
  }

  private async embed(rec: RecordedRequest, res: http.ServerResponse): Promise<void> {
    const legacy = rec.path === '/api/embeddings';
    const model = rec.body?.model;
    if (!model) return sendJson(res, 400, { error: 'model is required' });
    if (!this.installed(model)) {
      return sendJson(res, 404, { error: `model "${model}" not found, try pulling it first` });
    }
    const rule = this.takeRule(rec);
    if (await this.preamble(rule, res)) return;

    if (legacy) {
      const prompt = String(rec.body?.prompt ?? '');
      return sendJson(res, 200, { embedding: prompt ? fakeEmbedding(prompt, this.embedDimension) : [] });
    }
    const input = rec.body?.input;
    const texts: unknown[] = Array.isArray(input) ? input : typeof input === 'string' && input ? [input] : [];
    if (input !== undefined && !Array.isArray(input) && typeof input !== 'string') {
      return sendJson(res, 400, { error: 'invalid input type' });
    }
    if (texts.some((t) => typeof t !== 'string')) return sendJson(res, 400, { error: 'invalid input type' });
    const dims = Number(rec.body?.dimensions) > 0 ? Math.min(Number(rec.body.dimensions), this.embedDimension) : 0;
    const embeddings = (texts as string[]).map((t) => {
      const v = fakeEmbedding(t, this.embedDimension);
      if (!dims) return v;
      const cut = v.slice(0, dims);
      const n = Math.sqrt(cut.reduce((s, x) => s + x * x, 0)) || 1;
      return cut.map((x) => x / n);
    });
    sendJson(res, 200, {
      model,
      embeddings,
      total_duration: 14_143_917,
      load_duration: 1_019_500,
      prompt_eval_count: (texts as string[]).reduce((s, t) => s + approxTokens(t), 0),
    });
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(data),
  });
  res.end(data);
}
