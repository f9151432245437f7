// The workbench's reading of extraction: problem lines and their commands, job progress and
// summaries, job titles, status lines, and the scope of a Messages query.
import { describe, expect, it } from 'vitest';
import {
  blockingProblems,
  commandsOf,
  countsLine,
  countsState,
  describeScope,
  extractResultOf,
  jobTitle,
  ollamaTone,
  parseJobMessage,
  scopeOfFilter,
  splitCommands,
  summarizeResult,
} from './extraction-model';
import type { JobInfo, OllamaStatus } from '../../../shared/types';
import { formatRoute, parseRoute } from '../state/route';

const NOT_RUNNING = 'Ollama is not running at http://127.0.0.1:11434 — start it with `ollama serve`';
const NOT_PULLED = 'Model qwen2.5:7b-instruct is not installed — run `ollama pull qwen2.5:7b-instruct`';
const EMBED_NOT_PULLED = 'Model nomic-embed-text is not installed — run `ollama pull nomic-embed-text`';

const status = (patch: Partial<OllamaStatus>): OllamaStatus => ({
  host: 'http://127.0.0.1:11434',
  reachable: true,
  version: '0.12.6',
  models: ['qwen2.5:7b-instruct', 'nomic-embed-text:latest'],
  model: 'qwen2.5:7b-instruct',
  embedModel: 'nomic-embed-text',
  modelReady: true,
  embedModelReady: true,
  problems: [],
  ...patch,
});

describe('problem lines', () => {
  it('splits a line into text and the commands to run', () => {
    expect(splitCommands(NOT_RUNNING)).toEqual([
      { kind: 'text', text: 'Ollama is not running at http://127.0.0.1:11434 — start it with ' },
      { kind: 'command', text: 'ollama serve' },
    ]);
    expect(commandsOf(NOT_PULLED)).toEqual(['ollama pull qwen2.5:7b-instruct']);
    expect(commandsOf('Prompt too long — run `engram settings set contextLength 16384` or `ollama serve`')).toEqual([
      'engram settings set contextLength 16384',
      'ollama serve',
    ]);
    expect(splitCommands('no command here')).toEqual([{ kind: 'text', text: 'no command here' }]);
    expect(splitCommands('an `unclosed command')).toEqual([{ kind: 'text', text: 'an `unclosed command' }]);
  });

  it('keeps only the problems that stop a job of that kind', () => {
    const down = status({ reachable: false, version: undefined, models: [], modelReady: false, embedModelReady: false, problems: [NOT_RUNNING] });
    expect(blockingProblems(down, 'extract')).toEqual([NOT_RUNNING]);
    expect(blockingProblems(down, 'embed')).toEqual([NOT_RUNNING]);
    expect(blockingProblems(status({ reachable: false, problems: [] }), 'extract')[0]).toContain('`ollama serve`');

    const noEmbed = status({ embedModelReady: false, problems: [EMBED_NOT_PULLED] });
    expect(blockingProblems(noEmbed, 'extract')).toEqual([]);
    expect(blockingProblems(noEmbed, 'embed')).toEqual([EMBED_NOT_PULLED]);

    const noModels = status({ models: [], modelReady: false, embedModelReady: false, problems: [NOT_PULLED, EMBED_NOT_PULLED] });
    expect(blockingProblems(noModels, 'extract')).toEqual([NOT_PULLED]);
    expect(blockingProblems(noModels, 'embed')).toEqual([EMBED_NOT_PULLED]);
    // a line the engine did not give is written the same way
    expect(blockingProblems(status({ modelReady: false, problems: [] }), 'extract')).toEqual([NOT_PULLED]);
  });

  it('says how Ollama stands in a word', () => {
    expect(ollamaTone(null)).toBe('unknown');
    expect(ollamaTone(status({ reachable: false }))).toBe('down');
    expect(ollamaTone(status({ modelReady: false }))).toBe('warning');
    expect(ollamaTone(status({ embedModelReady: false }))).toBe('ready');
  });
});

describe('job progress', () => {
  it('reads the progress line of an extraction job', () => {
    expect(parseJobMessage('12/40 chunks · 1 failed · 356 triples · 23.4 tok/s · ETA 4 min')).toEqual({
      kind: 'progress',
      done: 12,
      total: 40,
      failed: 1,
      triples: 356,
      tokensPerSecond: 23.4,
      eta: '4 min',
      note: null,
    });
    expect(parseJobMessage('0/6 chunks · 0 failed · 0 triples · 0.0 tok/s')).toMatchObject({ kind: 'progress', done: 0, total: 6, eta: null });
    expect(parseJobMessage('3/3 chunks · all done already')).toMatchObject({ kind: 'progress', done: 3, total: 3, failed: 0, note: 'all done already' });
    expect(parseJobMessage('6/6 chunks · 0 failed · 78 triples · 23.4 tok/s · ETA 1 h 5 min')).toMatchObject({ eta: '1 h 5 min' });
  });

  it('tells the pause line apart, with its command', () => {
    const line = 'Paused: Ollama is not running at http://127.0.0.1:11434 — start it with `ollama serve`';
    const p = parseJobMessage(line);
    expect(p).toEqual({ kind: 'paused', line: NOT_RUNNING });
    expect(commandsOf((p as { line: string }).line)).toEqual(['ollama serve']);
  });

  it('passes other lines through', () => {
    expect(parseJobMessage('Checking Ollama at http://127.0.0.1:11434')).toEqual({ kind: 'text', text: 'Checking Ollama at http://127.0.0.1:11434' });
    expect(parseJobMessage(undefined)).toBeNull();
    expect(parseJobMessage('')).toBeNull();
  });

  it('sums up a finished extraction as the CLI does', () => {
    const job = {
      result: { chunks: 6, extracted: 5, failed: 1, skipped: 0, triples: 78, dropped: 2, evalTokens: 900, tokensPerSecond: 23.4, model: 'qwen2.5:7b-instruct', pauses: 1, failures: [{ key: 'ab12cd34', error: 'x' }] },
    } as unknown as JobInfo;
    const r = extractResultOf(job)!;
    expect(r.failures).toHaveLength(1);
    expect(summarizeResult(r)).toBe(
      '6 chunks: 5 extracted, 1 failed, 0 already done · 78 triples kept, 2 dropped · 23.4 tok/s (qwen2.5:7b-instruct) · paused once while Ollama was away',
    );
    expect(summarizeResult({ ...r, chunks: 1, extracted: 0, failed: 0, skipped: 1, triples: 0, dropped: 0, tokensPerSecond: 0, pauses: 0 })).toBe(
      '1 chunk: 0 extracted, 0 failed, 1 already done · 0 triples kept, 0 dropped',
    );
    expect(extractResultOf({ result: { sources: [] } } as unknown as JobInfo)).toBeNull();
    expect(extractResultOf({} as JobInfo)).toBeNull();
  });
});

describe('names', () => {
  const sources = [
    { id: 1, name: 'demo-memory.json' },
    { id: 2, name: 'chatgpt.zip' },
  ];
  const sessions = [{ id: 7, index: 3 }];

  it('puts names into the engine job titles', () => {
    expect(jobTitle({ kind: 'extract', title: 'Extract source 1 (6 chunks)' }, sources)).toBe('Extract demo-memory.json (6 chunks)');
    expect(jobTitle({ kind: 'extract', title: 'Extract source 1, 2 (9 chunks)' }, sources)).toBe('Extract demo-memory.json, chatgpt.zip (9 chunks)');
    expect(jobTitle({ kind: 'extract', title: 'Extract source 9 (1 chunk)' }, sources)).toBe('Extract source 9 (1 chunk)');
    expect(jobTitle({ kind: 'extract', title: 'Extract 2026-09-14T00:00:00 – 2026-09-20T23:59:59 (3 chunks)' }, sources)).toBe('Extract Sep 14 – Sep 20, 2026 (3 chunks)');
    expect(jobTitle({ kind: 'extract', title: 'Extract 2 sessions (4 chunks)' }, sources)).toBe('Extract 2 sessions (4 chunks)');
    expect(jobTitle({ kind: 'extract', title: 'Re-extract chunk ab12cd34' }, sources)).toBe('Re-extract chunk ab12cd34');
    expect(jobTitle({ kind: 'embed', title: 'Embed messages and entities' }, sources)).toBe('Build search vectors');
    expect(jobTitle({ kind: 'embed', title: 'Embed source 2' }, sources)).toBe('Build search vectors for chatgpt.zip');
    expect(jobTitle({ kind: 'import', title: 'Import source 1' }, sources)).toBe('Import source 1');
  });

  it('describes a scope', () => {
    const ctx = { sources, sessions };
    expect(describeScope({ kind: 'source', sourceIds: [1] }, ctx)).toBe('demo-memory.json');
    expect(describeScope({ kind: 'source', sourceIds: [1, 2] }, ctx)).toBe('all sources');
    expect(describeScope({ kind: 'sessions', sessionIds: [7] }, ctx)).toBe('session 3');
    expect(describeScope({ kind: 'sessions', sessionIds: [7, 8] }, ctx)).toBe('2 sessions');
    expect(describeScope({ kind: 'range', from: '2026-10-01T00:00:00', to: '2026-10-03T23:59:59' }, ctx)).toBe('Oct 1 – Oct 3, 2026');
    expect(describeScope({ kind: 'messages', messageIds: [1] }, ctx)).toBe('1 message');
    expect(describeScope({ kind: 'messages', messageIds: [1, 2, 3] }, ctx)).toBe('3 messages');
  });
});

describe('status lines', () => {
  const c = (patch: Partial<{ chunks: number; done: number; failed: number; pending: number; running: number; triples: number }>) => ({
    chunks: 0,
    done: 0,
    failed: 0,
    pending: 0,
    running: 0,
    triples: 0,
    ...patch,
  });

  it('says where a source or session stands', () => {
    expect(countsLine(undefined)).toBe('Not extracted yet');
    expect(countsLine(c({}))).toBe('Not extracted yet');
    expect(countsLine(c({ chunks: 30, done: 28, failed: 1, pending: 1, triples: 356 }))).toBe('28/30 chunks · 1 failed · 356 triples');
    expect(countsLine(c({ chunks: 3, done: 1, running: 1, pending: 1, triples: 1 }))).toBe('1/3 chunks · 1 running · 1 triple');
    expect(countsLine(c({ chunks: 2, done: 2, triples: 12 }), 5)).toBe('2/2 chunks · 12 triples · 5 messages not yet chunked');
  });

  it('classifies the state for its dot', () => {
    expect(countsState(undefined)).toBe('none');
    expect(countsState(c({ chunks: 2, done: 2 }))).toBe('done');
    expect(countsState(c({ chunks: 2, done: 2 }), 3)).toBe('partial');
    expect(countsState(c({ chunks: 2, done: 1, pending: 1 }))).toBe('partial');
    expect(countsState(c({ chunks: 2, done: 1, failed: 1 }))).toBe('failed');
    expect(countsState(c({ chunks: 2, done: 1, failed: 1, running: 1 }))).toBe('running');
  });
});

describe('the scope of a Messages query', () => {
  const all = [1, 2];
  it('uses a whole scope when the filter is one', () => {
    expect(scopeOfFilter({}, all)).toEqual({ kind: 'source', sourceIds: [1, 2] });
    expect(scopeOfFilter({ sourceIds: [2] }, all)).toEqual({ kind: 'source', sourceIds: [2] });
    expect(scopeOfFilter({ sessionIds: [5] }, all)).toEqual({ kind: 'sessions', sessionIds: [5] });
    expect(scopeOfFilter({ from: '2026-10-01T00:00:00', to: '2026-10-02T23:59:59' }, all)).toEqual({ kind: 'range', from: '2026-10-01T00:00:00', to: '2026-10-02T23:59:59' });
    expect(scopeOfFilter({ from: '2026-10-01T00:00:00', to: '2026-10-02T23:59:59', sourceIds: [1] }, all)).toEqual({
      kind: 'range',
      from: '2026-10-01T00:00:00',
      to: '2026-10-02T23:59:59',
      sourceIds: [1],
    });
    expect(scopeOfFilter({ text: undefined, sourceIds: [] }, all)).toEqual({ kind: 'source', sourceIds: [1, 2] });
  });

  it('lists the messages for anything else', () => {
    expect(scopeOfFilter({ text: 'knee' }, all)).toBe('ids');
    expect(scopeOfFilter({ speakers: ['Maya'] }, all)).toBe('ids');
    expect(scopeOfFilter({ from: '2026-10-01T00:00:00' }, all)).toBe('ids');
    expect(scopeOfFilter({ sessionIds: [5], text: 'knee' }, all)).toBe('ids');
  });
});

describe('the Entities route', () => {
  it('carries the selected entity on the Entities tab only', () => {
    const iri = 'https://engram.local/memory/entity/spree-charity-10k';
    const route = { tab: 'entities', selection: { kind: 'session', sessionId: 4 }, ttlTarget: null, entity: iri } as const;
    expect(formatRoute(route)).toBe(`#/entities?session=4&entity=${encodeURIComponent(iri)}`);
    expect(parseRoute(formatRoute(route))).toEqual(route);
    // the TTL tab's entity target is unchanged
    expect(parseRoute(`#/ttl?entity=${encodeURIComponent(iri)}`)).toEqual({ tab: 'ttl', selection: null, ttlTarget: { kind: 'entity', iri } });
    expect(formatRoute({ tab: 'messages', selection: null, ttlTarget: null, entity: iri })).toBe('#/messages');
    expect(parseRoute('#/entities')).toEqual({ tab: 'entities', selection: null, ttlTarget: null });
  });
});
