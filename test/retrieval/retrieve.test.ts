import { describe, expect, it } from 'vitest';
import { retrieve } from '../../electron/node/engine/retrieval/retrieve';
import { PLAIN_BM25 } from '../../electron/node/engine/retrieval/params';
import { SessionIndex, scoreMessages } from '../../electron/node/engine/retrieval/rerank';
import { DEFAULT_PARAMS } from '../../electron/node/engine/retrieval/params';
import { FakeBackend } from './fake-backend';
import { fixtureDocs, idOf } from './fixture';

const docs = fixtureDocs();
const backend = new FakeBackend(docs);
const rank = async (q: string, params = {}) => (await retrieve(q, backend, { k: 10, sourceIds: [1], params })).map((r) => r.id);

describe('retrieve (in-memory backend)', () => {
  it('finds the message that states the fact', async () => {
    const ids = await rank('When did Ben start a pottery class?');
    expect(ids[0]).toBe(idOf(docs, 'started a pottery class'));
  });

  it('finds an answer given in the reply to the question that names the topic', async () => {
    const answer = idOf(docs, 'Team lead of the design group');
    const plain = await rank("What is Ben's new role after the promotion?", PLAIN_BM25);
    const full = await rank("What is Ben's new role after the promotion?");
    expect(full.indexOf(answer)).toBeGreaterThanOrEqual(0);
    expect(full.indexOf(answer)).toBeLessThan(plain.indexOf(answer) < 0 ? Infinity : plain.indexOf(answer) + 1);
    expect(full.slice(0, 3)).toContain(answer);
  });

  it('prefers the named speaker and does not rank greetings by name', async () => {
    const ids = await rank('Which cat does Ava have?');
    expect(ids[0]).toBe(idOf(docs, 'adopted a cat'));
    // "Talk soon, Ava!" matches only the name, which is not searched as text.
    expect(ids).not.toContain(idOf(docs, 'Talk soon, Ava'));
  });

  it('lifts the session of a date the question names, even without word overlap', async () => {
    const ids = await rank('What did Ava and Ben talk about on 3 July, 2023?');
    const july = docs.filter((d) => d.sessionId === 3).map((d) => d.id);
    // All six messages of that day make the top 10, though none shares a word with the question
    // (only "talk" is left to search, and it matches "Talk soon" in May).
    expect(ids.slice(0, 10).filter((id) => july.includes(id))).toHaveLength(6);
  });

  it('explains its scores when asked', async () => {
    const [top] = await retrieve('When did Ava run a half marathon?', backend, { k: 1, explain: true });
    expect(top.id).toBe(idOf(docs, 'half marathon'));
    expect(top.why).toMatch(/match 1\.00/);
    expect(top.why).toMatch(/dates something/);
  });

  it('returns nothing for a question without searchable words and no date', async () => {
    expect(await retrieve('What?', backend, { k: 5 })).toEqual([]);
  });

  it('passes the source filter to every full-text call', async () => {
    const b = new FakeBackend(docs);
    await retrieve('What did Ben read?', b, { k: 5, sourceIds: [1] });
    expect(b.calls.length).toBeGreaterThan(0);
    expect(b.calls.every((c) => c.opts.sourceIds?.[0] === 1)).toBe(true);
  });
});

describe('scoreMessages', () => {
  it('adds shares of neighbour and session scores and applies the speaker prior', () => {
    const index = new SessionIndex(docs);
    const own = new Map([[idOf(docs, 'Congrats on the promotion'), 1]]);
    const analysis = { text: 'promotion', speakers: ['Ben'], asksTime: false, window: null };
    const p = { ...DEFAULT_PARAMS, prevWeight: 0.4, nextWeight: 0.2, farWeight: 0, sessionWeight: 0.1, otherSpeakerFactor: 0.5, temporalBonus: 0, dateWeight: 0 };
    const out = scoreMessages(own, index, analysis, p, true);
    const byId = new Map(out.map((r) => [r.id, r]));
    const reply = byId.get(idOf(docs, 'Team lead'))!; // Ben, after the match
    const question = byId.get(idOf(docs, 'Congrats on the promotion'))!; // Ava, the match
    expect(reply.score).toBeCloseTo(0.4 + 0.1);
    expect(question.score).toBeCloseTo((1 + 0.1) * 0.5);
    expect(reply.why).toContain('previous 0.40');
    expect(question.why).toContain('other speaker');
    // Messages of other sessions get nothing.
    expect(byId.has(idOf(docs, 'half marathon'))).toBe(false);
  });
});
