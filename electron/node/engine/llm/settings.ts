/**
 * Settings of the LLM boundary. Passed in by whoever builds an OllamaClient; nothing here is global.
 */
export interface LlmSettings {
  /** Ollama base URL. */
  host: string;
  /** Model for extraction, Ask and chat. */
  model: string;
  /** Model for /api/embed. */
  embedModel: string;
  /** Sampling temperature; 0 keeps extraction reproducible. */
  temperature: number;
  /** Context window requested per call (Ollama's own default is small and silently truncates). */
  numCtx: number;
  /** Upper bound for one whole call (one chat, one embed batch), in ms. */
  timeoutMs: number;
  /**
   * Longest silence allowed while a chat streams, in ms, including the wait for the first token
   * (model load + prompt evaluation). A stalled runner is caught here long before timeoutMs.
   */
  idleTimeoutMs: number;
  /** Upper bound for check() (version + tags), in ms. */
  checkTimeoutMs: number;
  /** Texts per /api/embed request. */
  embedBatchSize: number;
}

/**
 * Defaults.
 *
 * `qwen2.5:7b-instruct`: the extraction model has to return schema-constrained JSON reliably at
 * temperature 0 on an ordinary laptop. Qwen2.5-7B-Instruct is strong at structured output and
 * multilingual text, is Apache-2.0, needs ~4.7 GB (Q4_K_M) so it runs on 8 GB VRAM or a 16 GB
 * Apple-silicon machine, supports 32k context, and has no "thinking" mode, which Ollama turns on
 * by default for thinking models (qwen3, deepseek-r1) and which costs minutes per chunk and
 * interferes with `format`. Larger or newer models can be chosen in settings.
 *
 * `nomic-embed-text`: the de-facto Ollama embedding model, 768 dimensions, 274 MB, 8k context.
 */
export const DEFAULT_LLM_SETTINGS: Readonly<LlmSettings> = Object.freeze({
  host: 'http://127.0.0.1:11434',
  model: 'qwen2.5:7b-instruct',
  embedModel: 'nomic-embed-text',
  temperature: 0,
  numCtx: 8192,
  timeoutMs: 10 * 60_000,
  idleTimeoutMs: 3 * 60_000,
  checkTimeoutMs: 5_000,
  embedBatchSize: 32,
});

/** Fills in defaults and normalises the host (no trailing slash). */
export function resolveLlmSettings(partial: Partial<LlmSettings> = {}): LlmSettings {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
  const s: LlmSettings = { ...DEFAULT_LLM_SETTINGS, ...defined };
  s.host = s.host.trim().replace(/\/+$/, '') || DEFAULT_LLM_SETTINGS.host;
  for (const key of ['timeoutMs', 'idleTimeoutMs', 'checkTimeoutMs', 'embedBatchSize', 'numCtx'] as const) {
    if (!(Number.isFinite(s[key]) && s[key] > 0)) throw new RangeError(`LLM setting ${key} must be a positive number`);
  }
  return s;
}
