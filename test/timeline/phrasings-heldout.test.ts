// The held-out phrasing corpus (test/fixtures/timeline-phrasings-heldout.jsonl): only its shape.
// It was written without looking at the planner or the tuning corpus and is scored with
// `npm run bench:phrasings -- --corpus test/fixtures/timeline-phrasings-heldout.jsonl`; the planner
// is deliberately not held to its figures here (no baseline), so it stays a measure of how the
// planner does on wordings nobody tuned it on.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMemory, CORPUS_FILE, expectedRows, loadCorpus, readBaseline, type Phrasing } from '../../scripts/bench/phrasings-score';

const HELDOUT_FILE = path.join(path.dirname(CORPUS_FILE), 'timeline-phrasings-heldout.jsonl');
const heldout = loadCorpus(HELDOUT_FILE);
const memory = buildMemory();

describe('the held-out phrasing corpus', () => {
  const kinds = new Map<string, Phrasing[]>();
  for (const c of heldout) kinds.set(c.kind, [...(kinds.get(c.kind) ?? []), c]);

  it('covers every kind the scorer reports, at least 15 questions each, 450 in all', () => {
    expect(heldout.length).toBeGreaterThanOrEqual(450);
    expect([...kinds.keys()].sort()).toEqual(Object.keys(readBaseline().kinds).sort());
    for (const [kind, items] of kinds) expect(items.length, kind).toBeGreaterThanOrEqual(15);
  });

  it('has 40 questions that are not about time (all content searches) and 40 follow-ups with their turns', () => {
    const notTime = kinds.get('not-time')!;
    expect(notTime.length).toBeGreaterThanOrEqual(40);
    expect(notTime.every((c) => c.expect.none && c.content)).toBe(true);
    expect(heldout.filter((c) => c.context?.length).length).toBeGreaterThanOrEqual(40);
    expect(kinds.get('follow-up')!.every((c) => c.context?.length)).toBe(true);
  });

  it('means something in the memory for every time question', () => {
    for (const c of heldout) if (!c.expect.none) expect(expectedRows(c.expect, memory).length, c.id).toBeGreaterThan(0);
  });

  it('shares no wording with the tuning corpus', () => {
    const key = (q: string) => q.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    const tuning = new Set(loadCorpus().map((c) => key(c.question)));
    expect(heldout.filter((c) => tuning.has(key(c.question))).map((c) => c.id)).toEqual([]);
  });
});
