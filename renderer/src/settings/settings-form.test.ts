// The settings dialog's form: typed text checked with the engine's schema, messages a person can
// act on, the patch of what changed, and advice for settings that would disappoint.
import { describe, expect, it } from 'vitest';
import { changedFields, checkDraft, draftHints, toDraft } from './settings-form';
import type { ExtractionSettings } from '../../../shared/types';

const SAVED: ExtractionSettings = {
  host: 'http://127.0.0.1:11434',
  model: 'qwen2.5:7b-instruct',
  embedModel: 'nomic-embed-text',
  temperature: 0,
  contextLength: 16384,
  timeoutSeconds: 600,
  chunkSize: 8,
  includeAssistant: false,
  concurrency: 1,
};

describe('settings form', () => {
  it('round-trips the saved settings without changes', () => {
    const { values, errors } = checkDraft(toDraft(SAVED));
    expect(errors).toEqual({});
    expect(values).toEqual(SAVED);
    expect(changedFields(SAVED, values!)).toEqual({});
  });

  it('sends only what changed, normalised', () => {
    const draft = { ...toDraft(SAVED), host: ' http://gpu-box:11434/ ', concurrency: '2', temperature: '0,5', includeAssistant: true };
    const { values } = checkDraft(draft);
    expect(changedFields(SAVED, values!)).toEqual({ host: 'http://gpu-box:11434', concurrency: 2, temperature: 0.5, includeAssistant: true });
  });

  it('explains each invalid field', () => {
    const { values, errors } = checkDraft({
      ...toDraft(SAVED),
      host: '127.0.0.1:11434',
      model: ' ',
      temperature: '3',
      contextLength: '100',
      chunkSize: '2.5',
      concurrency: 'two',
      timeoutSeconds: '',
    });
    expect(values).toBeNull();
    expect(errors.host).toMatch(/http:\/\//);
    expect(errors.model).toBe('Extraction model is required');
    expect(errors.temperature).toMatch(/between 0 and 2/);
    expect(errors.contextLength).toMatch(/512/);
    expect(errors.chunkSize).toMatch(/whole number/);
    expect(errors.concurrency).toBe('Concurrency must be a number');
    expect(errors.timeoutSeconds).toBe('Timeout is required');
    expect(errors.embedModel).toBeUndefined();
  });

  it('advises about settings that are allowed but will disappoint', () => {
    expect(draftHints(SAVED)).toEqual({});
    const hints = draftHints({ ...SAVED, contextLength: 8192, temperature: 0.7, concurrency: 3, chunkSize: 40 });
    expect(hints.contextLength).toMatch(/context too small/);
    expect(hints.temperature).toMatch(/different graph/);
    expect(hints.concurrency).toContain('`OLLAMA_NUM_PARALLEL=3 ollama serve`');
    expect(hints.chunkSize).toBeDefined();
    expect(draftHints(null)).toEqual({});
  });
});
