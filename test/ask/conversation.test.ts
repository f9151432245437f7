// Ask as a conversation: turns are stored with their full record, follow-ups use earlier
// turns, generated SPARQL can be edited and run again, conversations survive a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, parseApiArgs } from '../../shared/api';
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

describe('the timeline plan: edit and re-run', () => {
  const DAY = '2026-11-06T12:00:00';
  it("runs the person's plan in place of the planned one; rows, evidence and answer follow; back to generated", async () => {
    const t = await engine.ask({ question: 'What did we talk about on October 16?', now: DAY, llm: false });
    expect(t.plan.timeline!.plan.chain).toEqual([expect.objectContaining({ column: 'Date', values: ['2026-10-16'] })]);
    expect(t.plan.timeline!.edited).toBeUndefined();
    expect(t.answer.text).toMatch(/Leaking washing machine on Friday, October 16, 2026/);
    const planned = t.plan.timeline!.plan;
    const edited = { ...planned, chain: [{ op: 'f_value' as const, column: 'Date' as const, values: ['2026-10-15'] }] };

    const r = await engine.rerunAskPlan(parseApiArgs('rerunAskPlan', { turnId: t.id, plan: edited }));
    expect(r).toMatchObject({ id: t.id, seq: t.seq, conversationId: t.conversationId, question: t.question, rewrite: t.rewrite });
    expect(r.plan.timeline).toMatchObject({ plan: edited, edited: true, generated: planned, explanation: ['edited and run by the person'] });
    expect(r.answer.route).toBe('timeline');
    expect(r.answer.text).toMatch(/Knee pain after the race on Thursday, October 15, 2026/);
    expect(r.answer.text).not.toMatch(/October 16/);
    expect(r.results.timeline!.total).toBeGreaterThan(0);
    expect(r.results.timeline!.sessionIds).not.toEqual(t.results.timeline!.sessionIds);
    expect(r.evidence.messages.length).toBeGreaterThan(0);
    expect(r.evidence.messages.every((e) => e.message.date === '2026-10-15')).toBe(true);
    // stored in place
    const conv = await engine.getAskConversation({ id: t.conversationId });
    expect(conv!.turns).toHaveLength(1);
    expect(conv!.turns[0].plan.timeline).toMatchObject({ edited: true, generated: planned });
    expect(conv!.turns[0].answer.text).toBe(r.answer.text);

    // another edit keeps the plan as planned; running the planned plan again returns to it
    const again = await engine.rerunAskPlan({ turnId: t.id, plan: { ...planned, chain: [{ op: 'f_between', column: 'Date', range: ['2026-10-15', '2026-10-16'] }] } });
    expect(again.plan.timeline).toMatchObject({ edited: true, generated: planned });
    expect(again.results.timeline!.sessionIds.length).toBe(2);
    const back = await engine.rerunAskPlan({ turnId: t.id, plan: planned });
    expect(back.plan.timeline!.edited).toBeUndefined();
    expect(back.plan.timeline!.generated).toBeUndefined();
    expect(back.plan.timeline!.plan).toEqual(planned);
    expect(back.plan.timeline!.explanation).toEqual(t.plan.timeline!.explanation);
    expect(back.answer.text).toBe(t.answer.text);
  });

  it('refuses what it cannot run', async () => {
    const t = await engine.ask({ question: 'When is the charity run I signed up for?', now: NOW, llm: false });
    expect(t.plan.timeline).toBeUndefined();
    await expect(engine.rerunAskPlan({ turnId: t.id, plan: { version: 1, now: NOW, sessionNumbering: 'memory', chain: [] } })).rejects.toThrow(/has no timeline plan/);
    await expect(engine.rerunAskPlan({ turnId: 999_999, plan: { version: 1, now: NOW, sessionNumbering: 'memory', chain: [] } })).rejects.toThrow(/no Ask turn/);
    expect(() => parseApiArgs('rerunAskPlan', { turnId: t.id, plan: { version: 1, now: NOW, sessionNumbering: 'memory', chain: [{ op: 'f_value', column: 'Text', values: ['x'] }] } })).toThrow(/rerunAskPlan/);

    const day = await engine.ask({ question: 'What did we talk about on October 16?', now: NOW, llm: false });
    const edited = { ...day.plan.timeline!.plan, chain: [{ op: 'f_value' as const, column: 'Date' as const, values: ['2026-10-20'] }] };
    await expect(engine.rerunAskPlan({ turnId: day.id, plan: { ...edited, chain: [{ op: 'f_value', column: 'Date', values: ['yesterday'] }] } })).rejects.toThrow(ApiError);
    const r = await engine.rerunAskPlan({ turnId: day.id, plan: edited });
    expect(r.answer.text).toMatch(/Knee pain after the race on Tuesday, October 20, 2026/);
  });

  it('a content question with a period: the edited period weighs the search evidence', async () => {
    const t = await engine.ask({ question: 'What did I say about my knee in November?', now: NOW, llm: false });
    expect(t.classification.routes).toContain('timeline');
    const october = { ...t.plan.timeline!.plan, chain: [{ op: 'f_value' as const, column: 'Month' as const, values: ['2026-10'] }] };
    const r = await engine.rerunAskPlan({ turnId: t.id, plan: october });
    expect(r.classification.routes).toEqual(t.classification.routes);
    expect(r.plan.timeline).toMatchObject({ edited: true, plan: october });
    expect(r.evidence.messages.filter((e) => e.route === 'timeline').every((e) => e.message.date.startsWith('2026-10'))).toBe(true);
    expect(r.answer.citations.length).toBeGreaterThan(0);
    const cited = r.evidence.messages.find((e) => e.ref === r.answer.citations[0])!;
    expect(cited.message.date.startsWith('2026-10')).toBe(true);
  });
});

describe('follow-ups that find nothing new, and timeline summaries', () => {
  it("'who else was there?' when no one else is recorded says so, also when asked twice", async () => {
    const first = await engine.ask({ question: 'Who went with me to the Nightjar Parade concert?', now: NOW, llm: false });
    expect(first.answer.text).toMatch(/^Ines; Jonas/);
    const again = await engine.ask({ conversationId: first.conversationId, question: 'Who else was there?', now: NOW, llm: false });
    expect(again.plan.sparql!.query).toContain(`FILTER(?person NOT IN (<${ENT}ines>, <${ENT}jonas>))`);
    expect(again.results.sparql!.rows).toEqual([]);
    expect(again.answer).toMatchObject({ route: 'graph', source: 'graph', text: 'No one else is recorded at Nightjar Parade concert: the memory names only Ines and Jonas.' });
    const third = await engine.ask({ conversationId: first.conversationId, question: 'Who else was there?', now: NOW, llm: false });
    expect(third.plan.sparql!.query).toContain(`FILTER(?person NOT IN (<${ENT}ines>, <${ENT}jonas>))`);
    expect(third.answer.text).toBe(again.answer.text);
  });

  it('a summary of the timeline rows is computed from them, not quoted', async () => {
    const t = await engine.ask({ question: 'What did we talk about on October 16?', now: NOW, llm: false });
    expect(t.answer).toMatchObject({ route: 'timeline', source: 'computed' });
    expect(t.answer.computation).toMatchObject({ kind: 'count', value: '12 messages in 1 session' });
    expect(t.answer.computation!.refs).toEqual(t.answer.citations);
  });
});
