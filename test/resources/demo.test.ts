import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';

interface DemoMessage {
  id: string;
  speaker: string;
  role: 'user' | 'assistant' | 'other';
  text: string;
  timestamp: string;
}
interface DemoConversation {
  id: string;
  title: string;
  messages: DemoMessage[];
}
interface DemoMemory {
  title: string;
  conversations: DemoConversation[];
}
interface DemoQuestion {
  question: string;
  answer: string;
  kind: string;
  evidence: string[];
}

const read = (name: string) => readFileSync(new URL(`../../resources/demo/${name}`, import.meta.url), 'utf8');
const demo = JSON.parse(read('demo-memory.json')) as DemoMemory;
const questions = read('demo-questions.jsonl')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as DemoQuestion);

const messages = demo.conversations.flatMap((c) => c.messages);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const SESSION_GAP_MS = 20 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions of one conversation: runs of messages with gaps under 20 minutes. */
function sessions(c: DemoConversation): DemoMessage[][] {
  const out: DemoMessage[][] = [];
  let prev: number | null = null;
  for (const m of c.messages) {
    const t = Date.parse(m.timestamp);
    if (prev === null || t - prev >= SESSION_GAP_MS) out.push([]);
    out[out.length - 1].push(m);
    prev = t;
  }
  return out;
}

describe('demo memory (resources/demo/demo-memory.json)', () => {
  it('has the generic JSON importer shape', () => {
    expect(typeof demo.title).toBe('string');
    expect(demo.title.length).toBeGreaterThan(0);
    expect(demo.conversations.length).toBeGreaterThanOrEqual(8);
    expect(demo.conversations.length).toBeLessThanOrEqual(12);
    for (const c of demo.conversations) {
      expect(typeof c.id).toBe('string');
      expect(c.title.length).toBeGreaterThan(0);
      expect(c.messages.length).toBeGreaterThan(0);
      for (const m of c.messages) {
        expect(Object.keys(m).sort()).toEqual(['id', 'role', 'speaker', 'text', 'timestamp']);
        expect(['user', 'assistant', 'other']).toContain(m.role);
        expect(m.speaker.trim().length).toBeGreaterThan(0);
        expect(m.text.trim().length).toBeGreaterThan(0);
      }
    }
  });

  it('has 250–400 messages', () => {
    expect(messages.length).toBeGreaterThanOrEqual(250);
    expect(messages.length).toBeLessThanOrEqual(400);
  });

  it('uses unique conversation and message ids', () => {
    const convIds = demo.conversations.map((c) => c.id);
    expect(new Set(convIds).size).toBe(convIds.length);
    const msgIds = messages.map((m) => m.id);
    expect(new Set(msgIds).size).toBe(msgIds.length);
  });

  it('has ISO timestamps with UTC offsets that parse', () => {
    for (const m of messages) {
      expect(m.timestamp, m.id).toMatch(TIMESTAMP);
      expect(Number.isNaN(Date.parse(m.timestamp)), m.id).toBe(false);
    }
    // Berlin summer and winter time, and a session sent from Porto.
    const offsets = new Set(messages.map((m) => m.timestamp.slice(19)));
    expect(offsets.size).toBeGreaterThanOrEqual(2);
  });

  it('is chronological within each conversation', () => {
    for (const c of demo.conversations) {
      for (let i = 1; i < c.messages.length; i++) {
        const a = Date.parse(c.messages[i - 1].timestamp);
        const b = Date.parse(c.messages[i].timestamp);
        expect(b, `${c.messages[i].id} comes before ${c.messages[i - 1].id}`).toBeGreaterThanOrEqual(a);
      }
    }
  });

  it('has at least three speakers, one speaker per role name', () => {
    const speakers = new Set(messages.map((m) => m.speaker));
    expect(speakers.size).toBeGreaterThanOrEqual(3);
    const roles = new Set(messages.map((m) => m.role));
    expect([...roles].sort()).toEqual(['assistant', 'other', 'user']);
    const roleOf = new Map<string, string>();
    for (const m of messages) {
      expect(roleOf.get(m.speaker) ?? m.role, m.speaker).toBe(m.role);
      roleOf.set(m.speaker, m.role);
    }
    // at least one conversation between humans only
    expect(demo.conversations.some((c) => c.messages.every((m) => m.role !== 'assistant'))).toBe(true);
  });

  it('spans at least five weeks', () => {
    const times = messages.map((m) => Date.parse(m.timestamp));
    const span = Math.max(...times) - Math.min(...times);
    expect(span).toBeGreaterThanOrEqual(35 * DAY_MS);
    expect(span).toBeLessThanOrEqual(10 * 7 * DAY_MS);
  });

  it('splits into 15–25 sessions at 20-minute gaps', () => {
    const all = demo.conversations.flatMap(sessions);
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(all.length).toBeLessThanOrEqual(25);
    // sessions of one conversation are hours or days apart, never minutes
    for (const c of demo.conversations) {
      const s = sessions(c);
      for (let i = 1; i < s.length; i++) {
        const gap = Date.parse(s[i][0].timestamp) - Date.parse(s[i - 1][s[i - 1].length - 1].timestamp);
        expect(gap, `${s[i][0].id}`).toBeGreaterThanOrEqual(3 * 60 * 60 * 1000);
      }
    }
  });
});

describe('demo questions (resources/demo/demo-questions.jsonl)', () => {
  const ids = new Set(messages.map((m) => m.id));

  it('has 25–40 well-formed questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(25);
    expect(questions.length).toBeLessThanOrEqual(40);
    for (const q of questions) {
      expect(Object.keys(q).sort()).toEqual(['answer', 'evidence', 'kind', 'question']);
      expect(q.question.trim().endsWith('?'), q.question).toBe(true);
      expect(q.answer.trim().length).toBeGreaterThan(0);
      expect(['time', 'content', 'entity', 'count', 'preference', 'update']).toContain(q.kind);
      expect(q.evidence.length).toBeGreaterThan(0);
    }
    expect(new Set(questions.map((q) => q.question)).size).toBe(questions.length);
  });

  it('covers every kind', () => {
    const kinds = new Set(questions.map((q) => q.kind));
    expect([...kinds].sort()).toEqual(['content', 'count', 'entity', 'preference', 'time', 'update']);
  });

  it('cites evidence messages that exist', () => {
    for (const q of questions) {
      for (const e of q.evidence) expect(ids.has(e), `${q.question} → ${e}`).toBe(true);
    }
  });

  it('cites evidence that contains the amounts given in the answer', () => {
    const byId = new Map(messages.map((m) => [m.id, m.text]));
    for (const q of questions) {
      const evidence = q.evidence.map((e) => byId.get(e)).join('\n');
      for (const amount of q.answer.match(/€\d[\d,.]*/g) ?? []) {
        const bare = amount.replace(/[.,]$/, '');
        // derived amounts (a difference, a half) are allowed when the answer says how
        if (!evidence.includes(bare)) expect(q.answer, `${q.question}: ${bare}`).toMatch(/more|half|split|above|plus/i);
      }
    }
  });
});
