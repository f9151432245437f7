// The extraction settings the person chooses (Ollama host, models, temperature, context length,
// chunking, concurrency), kept in the settings table under one key.
import type { ExtractionSettings } from '../../../../shared/types';
import { DEFAULT_LLM_SETTINGS, OllamaClient, type LlmSettings } from '../llm/ollama';
import type { SettingsStore } from '../stores/settings-store';
import { DEFAULT_EXTRACTION_SETTINGS } from './default-settings';


export const SETTINGS_KEY = 'extraction.settings';

export function readSettings(store: SettingsStore): ExtractionSettings {
  const saved = store.get<Partial<ExtractionSettings>>(SETTINGS_KEY) ?? {};
  return { ...DEFAULT_EXTRACTION_SETTINGS, ...saved };
}

export function writeSettings(store: SettingsStore, patch: Partial<ExtractionSettings>): ExtractionSettings {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<ExtractionSettings>;
  if (defined.host !== undefined) defined.host = defined.host.trim().replace(/\/+$/, '') || DEFAULT_EXTRACTION_SETTINGS.host;
  const next = { ...readSettings(store), ...defined };
  store.set(SETTINGS_KEY, next);
  return next;
}

/** Settings of the LLM client for extraction / embedding calls. */
export function llmSettingsOf(s: ExtractionSettings, extra: Partial<LlmSettings> = {}): Partial<LlmSettings> {
  const timeoutMs = Math.max(100, Math.round(s.timeoutSeconds * 1000));
  return {
    host: s.host,
    model: s.model,
    embedModel: s.embedModel,
    temperature: s.temperature,
    numCtx: s.contextLength,
    timeoutMs,
    idleTimeoutMs: Math.min(timeoutMs, DEFAULT_LLM_SETTINGS.idleTimeoutMs),
    ...extra,
  };
}

export function clientOf(s: ExtractionSettings, extra: Partial<LlmSettings> = {}): OllamaClient {
  return new OllamaClient(llmSettingsOf(s, extra));
}
