/**
 * The engine's LLM client: a thin layer over the `ollama` npm package that adds settings, timeouts,
 * cancellation, a readiness check with instructions for the person, and typed errors
 * (see errors.ts). No global state: every OllamaClient carries its own settings, and every call
 * gets its own `Ollama` instance bound to a per-call AbortSignal, so one call's timeout or abort
 * never touches another call.
 */
import { Ollama } from 'ollama';
import type { ChatResponse, Message } from 'ollama';
import {
  LlmAbortedError,
  LlmError,
  LlmResponseError,
  LlmTimeoutError,
  LlmUnavailableError,
  classifyLlmError,
  modelMissingLine,
  unreachableLine,
} from './errors';
import { resolveLlmSettings, type LlmSettings } from './settings';

export * from './errors';
export * from './settings';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

export interface ChatOptions {
  /** 'json', or a JSON schema for structured output. */
  format?: 'json' | Record<string, unknown>;
  signal?: AbortSignal;
  /** Called with each streamed piece of text, in order. */
  onToken?: (token: string) => void;
  /** Overrides settings.model for this call. */
  model?: string;
  /** Stop after this many generated tokens (Ollama's num_predict). */
  maxTokens?: number;
  /** Default true. With false the answer comes in one response (only the total timeout applies). */
  stream?: boolean;
}

export interface ChatResult {
  text: string;
  model: string;
  /** Tokens in the prompt as Ollama counted them (prompt_eval_count; 0 when it served from cache). */
  promptTokens: number;
  /** Generated tokens (eval_count). */
  evalTokens: number;
  /** Wall-clock time of the call as the engine saw it, ms. */
  durationMs: number;
  /** Generation speed from eval_count / eval_duration (falls back to wall clock). */
  tokensPerSecond: number;
  /** 'stop', 'length' (hit maxTokens / context), ... */
  doneReason?: string;
}

export interface EmbedOptions {
  signal?: AbortSignal;
  /** Overrides settings.embedModel for this call. */
  model?: string;
  /** Called after each batch with the number of texts embedded so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface LlmCheck {
  host: string;
  reachable: boolean;
  version?: string;
  /** Installed models as /api/tags names them (e.g. `nomic-embed-text:latest`). */
  models: string[];
  modelReady: boolean;
  embedModelReady: boolean;
  /** One line per problem, each an instruction for the person. Empty when everything is ready. */
  problems: string[];
}

/** Canonical form of a model name: lower case, no default registry prefix, explicit tag. */
export function canonicalModelName(name: string): string {
  let n = name.trim().toLowerCase().replace(/^(https?:\/\/)?registry\.ollama\.ai\/library\//, '');
  const lastSegment = n.slice(n.lastIndexOf('/') + 1);
  if (!lastSegment.includes(':')) n += ':latest';
  return n;
}

/** True when an installed model (as /api/tags names it) is the wanted one; `x` and `x:latest` match. */
export function modelMatches(wanted: string, installed: string): boolean {
  return canonicalModelName(wanted) === canonicalModelName(installed);
}

type Why = 'total' | 'idle' | 'caller' | 'shutdown';

/** Timers and abort plumbing of one call. */
class CallGuard {
  readonly controller = new AbortController();
  why: Why | null = null;
  private totalTimer?: ReturnType<typeof setTimeout>;
  private idleTimer?: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort = () => this.stop('caller');

  constructor(
    private readonly totalMs: number,
    private readonly idleMs: number | undefined,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.totalTimer = setTimeout(() => this.stop('total'), totalMs);
    this.touch();
    callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Something arrived: restart the idle timer. */
  touch(): void {
    if (this.idleMs === undefined) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop('idle'), this.idleMs);
  }

  stop(why: Why): void {
    if (this.why) return;
    this.why = why;
    this.controller.abort(new Error(`LLM call stopped: ${why}`));
  }

  /** The typed error for a failure, given what (if anything) this guard stopped. */
  error(err: unknown, ctx: { host: string; model: string }): LlmError {
    switch (this.why) {
      case 'total':
        return new LlmTimeoutError('total', this.totalMs, { cause: err });
      case 'idle':
        return new LlmTimeoutError('idle', this.idleMs ?? this.totalMs, { cause: err });
      case 'caller':
      case 'shutdown':
        return new LlmAbortedError({ cause: this.callerSignal?.reason ?? err });
      default:
        return classifyLlmError(err, ctx);
    }
  }

  /** Clears the timers and cancels whatever of the response is still open. */
  dispose(): void {
    clearTimeout(this.totalTimer);
    clearTimeout(this.idleTimer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
    if (!this.controller.signal.aborted) this.controller.abort(new Error('LLM call finished'));
  }
}

/** Thrown by our own callbacks (onToken) so that it passes through classification untouched. */
class CallbackFailure {
  constructor(readonly error: unknown) {}
}

export class OllamaClient {
  readonly settings: LlmSettings;
  private readonly active = new Set<CallGuard>();

  constructor(settings: Partial<LlmSettings> = {}) {
    this.settings = resolveLlmSettings(settings);
  }

  /** Is Ollama running, and are both models installed? Never throws for server trouble. */
  async check(options: { signal?: AbortSignal } = {}): Promise<LlmCheck> {
    const { host, model, embedModel, checkTimeoutMs } = this.settings;
    const result: LlmCheck = { host, reachable: false, models: [], modelReady: false, embedModelReady: false, problems: [] };
    try {
      const [version, tags] = await this.run(model, checkTimeoutMs, undefined, options.signal, (ollama) =>
        Promise.all([
          // /api/version is optional for our purposes; /api/tags is not.
          ollama.version().then(
            (v) => v.version,
            (err: unknown) => {
              if ((err as { name?: string })?.name === 'ResponseError') return undefined;
              throw err;
            },
          ),
          ollama.list(),
        ]),
      );
      result.reachable = true;
      result.version = version;
      result.models = (tags.models ?? []).map((m) => m.name ?? m.model).filter((n): n is string => !!n);
    } catch (err) {
      if (err instanceof LlmAbortedError) throw err;
      if (err instanceof LlmUnavailableError) result.problems.push(unreachableLine(host));
      else if (err instanceof LlmTimeoutError) {
        result.problems.push(`Ollama at ${host} did not answer within ${checkTimeoutMs} ms — restart it with \`ollama serve\``);
      } else {
        const message = err instanceof Error ? err.message : String(err);
        result.problems.push(`Ollama at ${host} answered unexpectedly (${message}) — check that ${host} is an Ollama server`);
      }
      return result;
    }
    result.modelReady = result.models.some((m) => modelMatches(model, m));
    result.embedModelReady = result.models.some((m) => modelMatches(embedModel, m));
    if (!result.modelReady) result.problems.push(modelMissingLine(model));
    if (!result.embedModelReady && canonicalModelName(embedModel) !== canonicalModelName(model)) {
      result.problems.push(modelMissingLine(embedModel));
    }
    return result;
  }

  /** One chat completion. Streams under the hood so that a stalled model is caught by the idle timeout. */
  async chat(messages: LlmMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    const model = options.model ?? this.settings.model;
    const stream = options.stream ?? true;
    const started = performance.now();
    const request = {
      model,
      messages: messages.map((m): Message => ({ role: m.role, content: m.content })),
      format: options.format,
      options: {
        temperature: this.settings.temperature,
        num_ctx: this.settings.numCtx,
        ...(options.maxTokens !== undefined ? { num_predict: options.maxTokens } : {}),
      },
    };
    const emit = (token: string) => {
      if (!token || !options.onToken) return;
      try {
        options.onToken(token);
      } catch (err) {
        throw new CallbackFailure(err);
      }
    };

    const idleMs = stream ? this.settings.idleTimeoutMs : undefined;
    const { text, final } = await this.run(model, this.settings.timeoutMs, idleMs, options.signal, async (ollama, guard) => {
      if (!stream) {
        const res = await ollama.chat({ ...request, stream: false });
        emit(res.message?.content ?? '');
        return { text: res.message?.content ?? '', final: res };
      }
      const parts = await ollama.chat({ ...request, stream: true });
      // The bound fetch already cuts the body; the package's own abort() also ends its iterator.
      if (guard.signal.aborted) parts.abort();
      else guard.signal.addEventListener('abort', () => parts.abort(), { once: true });
      guard.touch();
      let acc = '';
      let last: ChatResponse | undefined;
      for await (const part of parts) {
        guard.touch();
        const piece = part.message?.content ?? '';
        acc += piece;
        emit(piece);
        if (part.done) last = part;
      }
      if (!last) throw new Error('Did not receive done or success response in stream.');
      return { text: acc, final: last };
    });

    const durationMs = performance.now() - started;
    const evalTokens = final.eval_count ?? 0;
    const tokensPerSecond =
      final.eval_duration > 0
        ? evalTokens / (final.eval_duration / 1e9)
        : durationMs > 0
          ? evalTokens / (durationMs / 1000)
          : 0;
    return {
      text,
      model: final.model || model,
      promptTokens: final.prompt_eval_count ?? 0,
      evalTokens,
      durationMs,
      tokensPerSecond,
      doneReason: final.done_reason || undefined,
    };
  }

  /** Embeds texts in batches of settings.embedBatchSize; one vector per text, in order. */
  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    const model = options.model ?? this.settings.embedModel;
    const out: number[][] = [];
    if (options.signal?.aborted) throw new LlmAbortedError({ cause: options.signal.reason });
    for (let i = 0; i < texts.length; i += this.settings.embedBatchSize) {
      const batch = texts.slice(i, i + this.settings.embedBatchSize);
      const res = await this.run(model, this.settings.timeoutMs, undefined, options.signal, (ollama) =>
        ollama.embed({ model, input: batch, truncate: true }),
      );
      const vectors = res.embeddings;
      if (!Array.isArray(vectors) || vectors.length !== batch.length) {
        throw new LlmResponseError(
          `Ollama returned ${Array.isArray(vectors) ? vectors.length : 'no'} embeddings for ${batch.length} texts`,
        );
      }
      const dim = out[0]?.length ?? vectors[0]?.length;
      if (!dim || vectors.some((v) => !Array.isArray(v) || v.length !== dim)) {
        throw new LlmResponseError(`Ollama returned embeddings of inconsistent dimension (expected ${dim ?? '> 0'})`);
      }
      out.push(...vectors);
      options.onProgress?.(out.length, texts.length);
    }
    return out;
  }

  /** Aborts every call in flight (they reject with LlmAbortedError), e.g. on shutdown. */
  abortAll(): void {
    for (const guard of this.active) guard.stop('shutdown');
  }

  /**
   * Runs fn with an `Ollama` whose every fetch is bound to this call's guard (timeouts, caller
   * signal), and maps failures to typed errors. The per-call fetch also covers the time before the
   * response headers, which the package's own `abort()` (streams only, after headers) cannot reach.
   */
  private async run<T>(
    model: string,
    totalMs: number,
    idleMs: number | undefined,
    signal: AbortSignal | undefined,
    fn: (ollama: Ollama, guard: CallGuard) => Promise<T>,
  ): Promise<T> {
    if (signal?.aborted) throw new LlmAbortedError({ cause: signal.reason });
    const guard = new CallGuard(totalMs, idleMs, signal);
    this.active.add(guard);
    const boundFetch: typeof fetch = (input, init) =>
      fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, guard.signal]) : guard.signal });
    const ollama = new Ollama({ host: this.settings.host, fetch: boundFetch });
    try {
      return await fn(ollama, guard);
    } catch (err) {
      if (err instanceof CallbackFailure) throw err.error;
      throw guard.error(err, { host: this.settings.host, model });
    } finally {
      this.active.delete(guard);
      guard.dispose();
    }
  }
}
