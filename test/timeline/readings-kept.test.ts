// Readings that use nothing of now are kept across nows (grammar.ts, extractRefs): a kept reading
// must be the reading the new now would give, for every wording the phrasing corpora hold.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractRefs, readRefsAfresh, type Extraction, type GrammarContext } from '../../electron/node/engine/timeline/grammar';

const FIXTURES = path.resolve(__dirname, '../fixtures');
const texts = [
  ...['timeline-phrasings.jsonl', 'timeline-phrasings-heldout.jsonl'].flatMap((f) =>
    fs
      .readFileSync(path.join(FIXTURES, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { question: string }).question),
  ),
  'Yes, we did.',
  'Wow! You have a better memory than me!',
  'What did Ana say about the trip?',
  'what did you tell me a couple of hours ago?',
  'and on the weekend?',
];

/** What a reading says (its offset map is compared through the quotes of its references). */
const said = (ex: Extraction) => JSON.stringify({ ...ex, toOriginal: undefined });

describe('readings kept across nows', () => {
  it('a reading kept from one now is the reading of another now, for every corpus wording', () => {
    const speakers = ['Ana', 'Ben'];
    // different days, years, weekdays and times of day; one memory has data everywhere, the other nowhere
    const first: GrammarContext = { now: '2026-07-20T22:00:00', speakers, roles: true, hasData: () => true };
    const second: GrammarContext = { now: '2024-02-29T07:15:00', speakers, roles: true, hasData: () => false };
    let shared = 0;
    for (const text of texts) {
      const a = extractRefs(text, first);
      const b = extractRefs(text, second);
      if (a === b) shared++;
      expect(said(b), text).toBe(said(readRefsAfresh(text, second)));
    }
    // the sharing is exercised (wordings without a time: "Yes, we did.") and not universal
    expect(shared).toBeGreaterThan(5);
    expect(shared).toBeLessThan(texts.length / 2);
  });

  it('a reading kept for other speakers is the reading for these speakers, for every corpus wording', () => {
    const first: GrammarContext = { now: '2026-07-20T22:00:00', speakers: ['Ana', 'Ben'], roles: true, hasData: () => true };
    // names that are words of the corpora, a month among them
    const second: GrammarContext = { now: '2024-02-29T07:15:00', speakers: ['June', 'Trip', 'Ana'], roles: true, hasData: () => false };
    let shared = 0;
    for (const text of texts) {
      if (extractRefs(text, first) === extractRefs(text, second)) shared++;
      expect(said(extractRefs(text, second)), text).toBe(said(readRefsAfresh(text, second)));
    }
    expect(shared).toBeGreaterThan(5);
    const named = extractRefs('What did June say about the trip?', second);
    expect(named).not.toBe(extractRefs('What did June say about the trip?', first));
    expect(named.refs.some((r) => r.kind === 'speaker')).toBe(true);
  });

  it('a reading that uses now is not kept for another now', () => {
    const a = extractRefs('what did we discuss yesterday?', { now: '2026-07-20T22:00:00', roles: true });
    const b = extractRefs('what did we discuss yesterday?', { now: '2026-07-10T22:00:00', roles: true });
    expect(a).not.toBe(b);
    expect(JSON.stringify(b.refs)).toContain('2026-07-09');
    const c = extractRefs('Yes, we did.', { now: '2026-07-20T22:00:00', roles: true });
    expect(extractRefs('Yes, we did.', { now: '2026-07-10T08:00:00', roles: true })).toBe(c);
  });
});
