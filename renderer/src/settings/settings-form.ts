// The settings dialog's form: the text the person typed, checked with the same schema the engine
// applies (shared/api.ts), turned into a patch of what changed, plus the hints that keep a
// setting from failing later (a context window too small for the prompt). Pure; tested in
// test/serve/workbench/extraction-settings.test.ts.
import { extractionSettingsPatchSchema } from '../../../shared/api';
import type { ExtractionSettings } from '../../../shared/types';

export type SettingsField = Exclude<keyof ExtractionSettings, never>;

/** Every field as the inputs hold it (numbers as typed text). */
export interface SettingsDraft {
  host: string;
  model: string;
  embedModel: string;
  temperature: string;
  contextLength: string;
  timeoutSeconds: string;
  chunkSize: string;
  includeAssistant: boolean;
  concurrency: string;
}

export const NUMBER_FIELDS = ['temperature', 'contextLength', 'timeoutSeconds', 'chunkSize', 'concurrency'] as const;

/** The extraction prompt alone (rules, ontology, example) is about this many tokens. */
export const PROMPT_TOKENS = 10_000;

export function toDraft(s: ExtractionSettings): SettingsDraft {
  return {
    host: s.host,
    model: s.model,
    embedModel: s.embedModel,
    temperature: String(s.temperature),
    contextLength: String(s.contextLength),
    timeoutSeconds: String(s.timeoutSeconds),
    chunkSize: String(s.chunkSize),
    includeAssistant: s.includeAssistant,
    concurrency: String(s.concurrency),
  };
}

export interface DraftCheck {
  /** The settings the draft describes, when every field is valid. */
  values: ExtractionSettings | null;
  /** One message per invalid field. */
  errors: Partial<Record<SettingsField, string>>;
}

const LABELS: Record<SettingsField, string> = {
  host: 'Ollama host',
  model: 'Extraction model',
  embedModel: 'Embedding model',
  temperature: 'Temperature',
  contextLength: 'Context length',
  timeoutSeconds: 'Timeout',
  chunkSize: 'Chunk size',
  includeAssistant: 'Include assistant messages',
  concurrency: 'Concurrency',
};

export function checkDraft(draft: SettingsDraft): DraftCheck {
  const errors: Partial<Record<SettingsField, string>> = {};
  const values: Record<string, unknown> = {
    host: draft.host.trim().replace(/\/+$/, ''),
    model: draft.model.trim(),
    embedModel: draft.embedModel.trim(),
    includeAssistant: draft.includeAssistant,
  };
  for (const f of NUMBER_FIELDS) {
    const text = draft[f].trim().replace(',', '.');
    if (text === '') errors[f] = `${LABELS[f]} is required`;
    else if (!/^-?\d+(\.\d+)?$/.test(text)) errors[f] = `${LABELS[f]} must be a number`;
    else values[f] = Number(text);
  }
  if (!values.host) errors.host = 'Ollama host is required, e.g. http://127.0.0.1:11434';
  if (!values.model) errors.model = 'Extraction model is required';
  if (!values.embedModel) errors.embedModel = 'Embedding model is required';
  const parsed = extractionSettingsPatchSchema.safeParse(Object.fromEntries(Object.entries(values).filter(([k]) => !errors[k as SettingsField])));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SettingsField;
      if (!errors[field]) errors[field] = fieldMessage(field, issue.message);
    }
  }
  return { values: Object.keys(errors).length ? null : (values as unknown as ExtractionSettings), errors };
}

/** A message a person can act on, from the schema's terse one. */
function fieldMessage(field: SettingsField, raw: string): string {
  switch (field) {
    case 'host':
      return 'Write the address with http:// or https://, e.g. http://127.0.0.1:11434';
    case 'temperature':
      return 'Temperature is between 0 and 2 (0 gives the same answer every time)';
    case 'contextLength':
      return 'Context length is a whole number of tokens from 512 to 1,048,576';
    case 'timeoutSeconds':
      return 'Timeout is from 0.1 to 86,400 seconds';
    case 'chunkSize':
      return 'Chunk size is a whole number of messages from 1 to 200';
    case 'concurrency':
      return 'Concurrency is a whole number from 1 to 16';
    default:
      return `${LABELS[field]}: ${raw}`;
  }
}

/** The fields that differ from the saved settings (what Save sends). */
export function changedFields(saved: ExtractionSettings, next: ExtractionSettings): Partial<ExtractionSettings> {
  const patch: Partial<ExtractionSettings> = {};
  for (const k of Object.keys(next) as SettingsField[]) {
    if (next[k] !== saved[k]) (patch as Record<string, unknown>)[k] = next[k];
  }
  return patch;
}

/** Advice that is not an error: the setting is allowed but will likely disappoint. */
export function draftHints(values: ExtractionSettings | null): Partial<Record<SettingsField, string>> {
  const hints: Partial<Record<SettingsField, string>> = {};
  if (!values) return hints;
  if (values.contextLength < PROMPT_TOKENS + 2_000) {
    hints.contextLength = `The extraction prompt alone is about ${PROMPT_TOKENS.toLocaleString('en-US')} tokens: chunks will stop with "context too small". 16384 is the default.`;
  }
  if (values.temperature > 0) hints.temperature = 'Above 0 the same messages can give a different graph each time.';
  if (values.concurrency > 1) hints.concurrency = `Ollama answers one request at a time unless started with \`OLLAMA_NUM_PARALLEL=${values.concurrency} ollama serve\``;
  if (values.chunkSize > 24) hints.chunkSize = 'Large chunks make long prompts and answers; a 7B model does best with 4–12 messages.';
  return hints;
}
