// The extraction settings' defaults: a module of its own, so that the CLI lists the settings
// without loading the Ollama client.
import type { ExtractionSettings } from '../../../../shared/types';
import { DEFAULT_LLM_SETTINGS } from '../llm/settings';
import { DEFAULT_CHUNK_SIZE } from './chunks';

export const DEFAULT_EXTRACTION_SETTINGS: Readonly<ExtractionSettings> = Object.freeze({
  host: DEFAULT_LLM_SETTINGS.host,
  model: DEFAULT_LLM_SETTINGS.model,
  embedModel: DEFAULT_LLM_SETTINGS.embedModel,
  temperature: 0,
  // The prompt (rules, ontology catalog, example, known entities) is ~10k tokens before the
  // messages; 16k leaves room for the chunk and the answer.
  contextLength: 16_384,
  timeoutSeconds: 600,
  chunkSize: DEFAULT_CHUNK_SIZE,
  includeAssistant: false,
  concurrency: 1,
});
