// Ask as a conversation: turns are stored with their full record, follow-ups use earlier
// turns, generated SPARQL can be edited and run again, conversations survive a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import type { Engine } from '../../electron/node/engine/engine';
import { openEngine } from '../support/temp-engine';
import { demoEngine, ENT, tempDir, writeMayaGraph } from './support';

let engine: Engine;
let dir: string;
const NOW = '2026-11-22T10:00:00';

beforeAll(async () => {
  dir = tempDir('engram-ask-conv-');
  engine = await demoEngine(dir);
  await writeMayaGraph(engine);
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

describe('Ask conversations (API)', () => {
  it('stores each turn with its record; lists, gets and deletes conversations', async () => {
    const first = await engine.ask({ question: 'When is the charity run I signed up for?', now: NOW, llm: false });
    expect(first).toMatchObject({ seq: 1, question: 'When is the charity run I signed up for?', rewritten: false, now: NOW });
    expect(first.id).toBeGreaterThan(0);
    expect(first.classification).toMatchObject({ intent: 'date', routes: ['graph', 'search'] });
    expect(first.plan.sparql?.origin).toBe('template');
    expect(first.plan.search).toMatchObject({ k: 25, hybrid: false });
    expect(first.answer).toMatchObject({ route: 'graph', source: 'computed' });
    expect(first.evidence.messages[0].ref).toBe('m1');
    expect(first.evidence.triples[0].ref).toBe('t1');
    expect(Object.keys(first.timings)).toEqual(expect.arrayContaining(['plan', 'search', 'sparql', 'evidence', 'answer', 'total']));

    const second = await engine.ask({ conversationId: first.conversationId, question: 'And what did I do after that?', now: NOW, llm: false });
    expect(second.seq).toBe(2);
    const list = await engine.listAskConversations();
    expect(list.find((c) => c.id === first.conversationId)).toMatchObject({ title: 'When is the charity run I signed up for?', turnCount: 2 });
    const conv = await engine.getAskConversation({ id: first.conversationId });
    expect(conv!.turns.map((t) => t.seq)).toEqual([1, 2]);
    expect(conv!.turns[0].answer.text).toBe(first.answer.text);

    await expect(engine.ask({ conversationId: 99_999, question: 'anything?' })).rejects.toThrow(ApiError);
    expect(await engine.deleteAskConversation({ id: first.conversationId })).toEqual({ deleted: true });
    expect(await engine.getAskConversation({ id: first.conversationId })).toBeNull();
    expect(await engine.deleteAskConversation({ id: first.conversationId })).toEqual({ deleted: false });
  });

  it('survives a restart of the engine', async () => {
    const t = await engine.ask({ question: 'What is my favourite band?', now: NOW, llm: false });
    await engine.close();
    engine = await openEngine(dir, { withoutOntology: false });
    const conv = await engine.getAskConversation({ id: t.conversationId });
    expect(conv!.turns[0]).toMatchObject({ id: t.id, answer: t.answer });
    // (start-up drops extraction graphs that no chunk record owns: write the hand-made one again)
    await writeMayaGraph(engine);
  });
});

describe('follow-ups', () => {
  async function dialogue(...questions: string[]) {
    let conversationId: number | undefined;
    const turns = [];
    for (const question of questions) {
      const t = await engine.ask({ question, now: NOW, llm: false, ...(conversationId ? { conversationId } : {}) });
      conversationId = t.conversationId;
      turns.push(t);
    }
    return turns;
  }

  it("'who else was there?' → the event of the previous answer, without the people it named", async () => {
    const [, t] = await dialogue('Who went with me to the Nightjar Parade concert?', 'Who else was there?');
    expect(t.rewritten).toBe(true);
    expect(t.rewrite).toBe('Who else was at "Nightjar Parade concert"?');
    expect(t.classification.intent).toBe('who-with');
    expect(t.plan.sparql!.query).toContain(`FILTER(?person NOT IN (<${ENT}ines>, <${ENT}jonas>))`);
  });

  it("'when did I buy them?' → the pronoun becomes the previous topic", async () => {
    const [, t] = await dialogue('How much did I pay for my new running shoes?', 'When did I buy them?');
    expect(t.rewrite).toBe('When did I buy my new running shoes?');
    expect(t.answer.computation).toMatchObject({ kind: 'date', value: 'Wednesday, September 23, 2026' });
  });

  it("'and what about food?' → the previous question about a new subject", async () => {
    const [, t] = await dialogue('What is my favourite band?', 'and what about food?');
    expect(t.rewrite).toBe('What is my favourite food?');
    expect(t.classification.intent).toBe('preference');
  });

  it("'and what did I do after that?' → after the previous answer's event", async () => {
    const [, t] = await dialogue('When is the charity run I signed up for?', 'And what did I do after that?');
    expect(t.rewrite).toBe('What did I do after Spree Charity 10K run?');
    expect(t.classification.intent).toBe('before-after');
    expect(t.answer.text).toMatch(/^Nightjar Parade concert \(2026-10-23\)/);
  });

  it("time follow-ups go through the timeline planner: 'and the one before that?'", async () => {
    const [a, b] = await dialogue('What did we talk about in our 3rd session?', 'and the one before that?');
    expect(a.plan.timeline!.plan.chain).toEqual([expect.objectContaining({ column: 'Session_Index', values: [3] })]);
    expect(b.classification.intent).toBe('time');
    expect(b.rewritten).toBe(true);
    expect(b.plan.timeline!.plan.chain).toEqual([expect.objectContaining({ column: 'Session_Index', values: [2] })]);
    expect(b.answer.route).toBe('timeline');
    expect(b.answer.text).toMatch(/^12 messages in 1 session: Monstera with yellow leaves/);
  });
});

describe('generated SPARQL: edit and re-run', () => {
  it('runs the edited query in place of the generated one; results, evidence and answer follow', async () => {
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW, llm: false });
    const edited = t.plan.sparql!.query.replace('schema:MusicEvent', 'schema:SocialEvent');
    const r = await engine.rerunAskSparql({ turnId: t.id, sparql: edited });
    expect(r).toMatchObject({ id: t.id, seq: t.seq, conversationId: t.conversationId, question: t.question });
    expect(r.plan.sparql).toMatchObject({ origin: 'person', query: edited, generated: t.plan.sparql!.query, template: 'list-class' });
    expect(r.results.sparql!.rows.map((row) => row.label.value)).toEqual(['Lichtblick charity gala']);
    expect(r.answer.route).toBe('graph');
    expect(r.answer.text).toContain('Lichtblick charity gala');
    expect(r.evidence.triples.some((x) => x.s.label === 'Lichtblick charity gala')).toBe(true);
    // stored: the conversation shows the re-run turn
    const conv = await engine.getAskConversation({ id: t.conversationId });
    expect(conv!.turns[0].plan.sparql!.origin).toBe('person');
    // running the generated text again goes back to the template's reading
    const back = await engine.rerunAskSparql({ turnId: t.id, sparql: t.plan.sparql!.query });
    expect(back.plan.sparql).toMatchObject({ origin: 'template', template: 'list-class' });
    expect(back.answer.text).toBe(t.answer.text);
  });

  it('refuses an edit that is not a read-only query, and says so in the turn', async () => {
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW, llm: false });
    const r = await engine.rerunAskSparql({ turnId: t.id, sparql: 'DELETE WHERE { ?s ?p ?o }' });
    expect(r.results.sparql!.error).toMatch(/^Only read-only queries/);
    expect(r.warnings.some((w) => /read-only/.test(w))).toBe(true);
    expect(r.answer.route).not.toBe('graph');
    expect((await engine.stats()).triples).toBeGreaterThan(1000);
    await expect(engine.rerunAskSparql({ turnId: 999_999, sparql: 'ASK {}' })).rejects.toThrow(/no Ask turn/);
  });
});
