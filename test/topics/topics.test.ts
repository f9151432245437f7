// Topics and stances over time in the engine: session labels without a model (their own words,
// never generic ones, weighed against the memory), the topic graph, lane and page; stances that
// change kept as a history with validity; and the model's flow against the Ollama-protocol
// double: a topic summary every 50 rounds, a topic update once a label has five descriptions.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { parseGenericWords, candidatesOf, nameSet, labelKey } from '../../electron/node/engine/topics/phrases';
import { readTopicQuestion } from '../../electron/node/engine/ask/topic-route';
import { roundsOf, parseSummary } from '../../electron/node/engine/topics/topic-model';
import { topicIri } from '../../electron/node/engine/topics/topic-graph';
import { GRAPHS, OWNER_IRI, PREFIXES } from '../../shared/rdf';
import type { MessageRow } from '../../shared/types';
import { OllamaDouble, type RecordedRequest } from '../support/ollama-double';
import { importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

const engines: Engine[] = [];
const doubles: OllamaDouble[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close().catch(() => undefined);
  for (const d of doubles.splice(0)) await d.close();
});

interface Msg {
  speaker: string;
  role: 'user' | 'assistant' | 'other';
  text: string;
}

/** A demo-shaped memory: one conversation per session, a day (or more) apart. */
function writeMemory(dir: string, sessions: { day: string; messages: Msg[] }[]): string {
  const conversations = sessions.map((s, i) => ({
    id: `c${i}`,
    title: `Chat ${i + 1}`,
    messages: s.messages.map((m, k) => ({ id: `c${i}-${k}`, speaker: m.speaker, role: m.role, text: m.text, timestamp: `${s.day}T10:${String(k % 60).padStart(2, '0')}:00+00:00` })),
  }));
  const file = path.join(dir, 'memory.json');
  fs.writeFileSync(file, JSON.stringify({ title: 'Topics fixture', conversations }));
  return file;
}

const me = (text: string): Msg => ({ speaker: 'Maya', role: 'user', text });
const bot = (text: string): Msg => ({ speaker: 'Assistant', role: 'assistant', text });

async function open(): Promise<{ e: Engine; dir: string }> {
  const dir = tempDir('engram-topics-');
  const e = await openEngine(dir, { withoutOntology: false });
  engines.push(e);
  return { e, dir };
}

async function select(e: Engine, sparql: string) {
  const r = await e.sparqlQuery({ query: sparql });
  return r.kind === 'select' ? r.rows : [];
}

describe('topic candidates', () => {
  it('are noun phrases keyed by lemma, without generic words, names or generic modifiers', () => {
    const words = parseGenericWords('thing\ntime\n[modifiers]\ngreat\n');
    const names = nameSet(['Melanie Grey']);
    const c = candidatesOf('I had a great time at the pottery classes with Mel and Melanie! The thing is, support groups help.', names, words);
    const keys = c.map((x) => x.key);
    expect(keys).toContain(labelKey('pottery class'));
    expect(keys).toContain(labelKey('support group'));
    expect(keys).toContain(labelKey('group'));
    expect(keys).not.toContain('time');
    expect(keys).not.toContain('thing');
    expect(keys.some((k) => k.startsWith('great'))).toBe(false);
    expect(keys.some((k) => /mel/.test(k))).toBe(false);
    // units say how much, not what about (the shipped list)
    const run = candidatesOf('My long run was 12 km, two more km than last week, and I bought new shoes for 90 euros.', names).map((x) => x.key);
    expect(run).toEqual(expect.arrayContaining([labelKey('run'), labelKey('shoe')]));
    for (const unit of ['km', 'euro']) expect(run).not.toContain(labelKey(unit));
    // "car" is not cut from a name ("Caroline") unless it is a proper noun
    expect(candidatesOf('My car broke down again, the car is old.', nameSet(['Caroline']), words).map((x) => x.key)).toContain('car');
  });
});

describe('topics without a model', () => {
  it('labels each session from its own words, writes the topic graph, the lane and the topic page', async () => {
    const { e, dir } = await open();
    const file = writeMemory(dir, [
      { day: '2026-03-02', messages: [me('I started a pottery class this week.'), bot('Pottery is a lovely craft. What did you make in the pottery class?'), me('A small bowl. The kiln cracked my second bowl though, lol.'), bot('A cracked bowl happens in every kiln.'), me('Thanks! Next time I will glaze the bowl.')] },
      { day: '2026-03-09', messages: [me('I signed up for a charity race in May.'), bot('Great, how will you train for the charity race?'), me('I run three times a week and bought new running shoes.'), bot('The shoes are comfortable for a race.'), me('The race is 10 km long.')] },
      { day: '2026-03-16', messages: [me('lol thanks, stuff is fine today.'), bot('Good to hear! Anything else today?'), me('Nothing, just the usual thing. Thanks, time to go.')] },
      { day: '2026-03-23', messages: [me('Back at the pottery studio: the kiln was fixed.'), bot('Glad the kiln works. Did you make another bowl?'), me('Yes, a big bowl and a vase on the pottery wheel.')] },
    ]);
    await importFiles(e, file);
    await e.jobs.idle();
    const status = e.topics.status();
    expect(status).toEqual([expect.objectContaining({ current: true, state: 'done', sessions: 4 })]);

    const rows = e.topics.sessionRows();
    const bySession = new Map<number, string[]>();
    for (const r of rows) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r.label]);
    const sessions = (await e.listSessions({})).sort((a, b) => a.start.localeCompare(b.start));
    const labelsOf = (i: number) => bySession.get(sessions[i].id) ?? [];
    expect(labelsOf(0)).toEqual(expect.arrayContaining(['bowl', 'kiln']));
    expect(labelsOf(1).join(' ')).toMatch(/race/);
    expect(labelsOf(1).join(' ')).toMatch(/shoe/);
    // chatter has no topic: generic words are never labels
    expect(labelsOf(2)).toEqual([]);
    const generic = ['thing', 'time', 'today', 'lol', 'stuff', 'thanks'];
    for (const r of rows) expect(generic).not.toContain(r.label.toLowerCase());
    // at most five labels a session, ranked
    for (const labels of bySession.values()) expect(labels.length).toBeLessThanOrEqual(5);

    // the graph: topic individuals linked to sessions and messages, with counts and first / last mention
    const bowl = await select(e, `SELECT ?t ?n ?s ?first ?last WHERE { GRAPH <${GRAPHS.topics('')}${(await e.listSources())[0].key}> { ?t a <${PREFIXES.pcm}Topic> ; <${PREFIXES.rdfs}label> "bowl" ; <${PREFIXES.pcm}mentionCount> ?n ; <${PREFIXES.pcm}sessionCount> ?s ; <${PREFIXES.pcm}firstMentioned> ?first ; <${PREFIXES.pcm}lastMentioned> ?last } }`);
    expect(bowl).toHaveLength(1);
    expect(Number(bowl[0].s.value)).toBe(2);
    expect(Number(bowl[0].n.value)).toBeGreaterThanOrEqual(5);
    expect(bowl[0].first.value.slice(0, 10)).toBe('2026-03-02');
    expect(bowl[0].last.value.slice(0, 10)).toBe('2026-03-23');
    const links = await select(e, `SELECT ?x WHERE { ?x <${PREFIXES.sioc}topic> <${bowl[0].t.value}> }`);
    expect(links.length).toBeGreaterThanOrEqual(2 + 4);
    const listed = await e.listGraphs();
    expect(listed.find((g) => g.iri.startsWith(GRAPHS.topics('')))).toMatchObject({ kind: 'auto', label: expect.stringMatching(/^Topics: /) });

    // the lane: top topics as rows, cells by session
    const lane = await e.topicLane({});
    const bowlRow = lane.topics.findIndex((t) => t.label === 'bowl');
    expect(bowlRow).toBeGreaterThanOrEqual(0);
    expect(lane.cells.filter((c) => c.topic === bowlRow).map((c) => c.sessionId).sort()).toEqual([sessions[0].id, sessions[3].id].sort());
    // the overview counts the topics the lane is made from (the first screen reserves its rows with it)
    expect((await e.stats()).topics).toBe(e.topics.topics().length);
    expect((await e.stats()).topics).toBeGreaterThan(0);

    // the topic page
    const page = await e.getTopic({ iri: lane.topics[bowlRow].iri });
    expect(page!.topic).toMatchObject({ label: 'bowl', sessions: 2 });
    expect(page!.sessions.map((s) => s.session.id)).toEqual([sessions[0].id, sessions[3].id]);
    expect(page!.messages.every((m) => /bowl/i.test(m.text))).toBe(true);
    expect(page!.description).toBeNull();
    expect(await e.getTopic({ iri: 'https://engram.local/memory/topic/nothing-like-it' })).toBeNull();

    // deleting the source drops its topics
    await e.deleteSource({ id: (await e.listSources())[0].id });
    expect((await e.topicLane({})).topics).toEqual([]);
    expect((await e.stats()).topics).toBe(0);
    expect((await e.listGraphs()).some((g) => g.iri.startsWith(GRAPHS.topics('')))).toBe(false);
  });

  it('weighs a source again when the memory grows by more than a tenth, and after a version change', async () => {
    const { e, dir } = await open();
    const first = writeMemory(dir, [{ day: '2026-01-05', messages: [me('My garden has tomatoes and tomatoes need water.'), bot('Tomatoes love sun.')] }]);
    await importFiles(e, first);
    await e.jobs.idle();
    const before = e.topics.status()[0];
    expect(before.memorySessions).toBe(1);
    expect(e.topics.due()).toEqual([]);
    const speakersBefore = await e.listSpeakers();
    const laneBefore = await e.topicLane({});
    const otherDir = tempDir('engram-topics-src-');
    const second = writeMemory(otherDir, [
      { day: '2026-02-05', messages: [me('Violin lessons: the violin teacher is strict.'), bot('A strict violin teacher helps.')] },
      { day: '2026-02-06', messages: [me('The violin bow broke, a new bow is expensive.'), bot('Bows can be repaired.')] },
    ]);
    await importFiles(e, second);
    await e.jobs.idle();
    // what the workbench's first screen asks again is kept per version: the second import is in it
    const count = (speakers: { messages: number }[]) => speakers.reduce((n, s) => n + s.messages, 0);
    expect(count(speakersBefore)).toBe(2);
    expect(count(await e.listSpeakers())).toBe((await e.listSources()).reduce((n, s) => n + s.messages, 0));
    expect(count(await e.listSpeakers())).toBeGreaterThan(2);
    expect((await e.topicLane({})).cells.length).toBeGreaterThan(laneBefore.cells.length);
    // the first source was weighed against 1 session; the memory grew: labelled again
    const memory = (await e.listSources()).reduce((n, s) => n + s.sessions, 0);
    expect(memory).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 50 && e.topics.status().find((s) => s.sourceId === before.sourceId)!.memorySessions !== memory; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await e.jobs.idle();
    }
    const after = e.topics.status().find((s) => s.sourceId === before.sourceId)!;
    expect(after).toMatchObject({ state: 'done', memorySessions: memory });
    expect(e.topics.due()).toEqual([]);
    // a new version of the pass labels every source again
    withRawSqlite(e, (db) => db.prepare('UPDATE topic_sources SET version = 0').run());
    expect(e.topics.due().sort()).toEqual(e.topics.status().map((s) => s.sourceId).sort());
  });
});

describe('the automatic job', () => {
  it('takes a source imported while it recomputed the stances (none is left without labels)', async () => {
    const { e, dir } = await open();
    // The job recomputes the stances itself when the graph is loaded (else when it first loads).
    await e.graph.ready();
    const first = writeMemory(dir, [{ day: '2026-01-05', messages: [me('My garden has tomatoes and tomatoes need water.'), bot('Tomatoes love sun.')] }]);
    const otherDir = tempDir('engram-topics-src-');
    const second = path.join(otherDir, 'violin.json');
    fs.renameSync(writeMemory(otherDir, [{ day: '2026-02-05', messages: [me('Violin lessons: the violin teacher is strict.'), bot('A strict violin teacher helps.')] }]), second);
    // the second import finishes while the job that labels the first is past its last source
    const refresh = e.stanceService.refresh.bind(e.stanceService);
    let imported: Promise<unknown> | null = null;
    e.stanceService.refresh = async () => {
      const n = await refresh();
      if (imported) return n;
      imported = (async () => {
        const job = await e.importPaths({ paths: [second] });
        while (e.jobs.list().find((j) => j.id === job.id)?.state === 'running') await new Promise((r) => setTimeout(r, 20));
      })();
      await imported;
      return n;
    };
    await importFiles(e, first);
    await imported;
    await e.jobs.idle();
    const sources = await e.listSources();
    expect(sources).toHaveLength(2);
    expect(e.autoGraph.due()).toEqual([]);
    expect(e.topics.status().map((s) => [s.sourceId, s.state]).sort()).toEqual(sources.map((s) => [s.id, 'done']).sort());
    const labels = e.topics.sessionRows().map((r) => r.label).join(' | ');
    expect(labels).toMatch(/tomato/);
    expect(labels).toMatch(/violin/);
  });
});

describe('the topics pass after an import', () => {
  it("of a source of ordinary size runs beside the search index's writes instead of waiting for them", async () => {
    const { e, dir } = await open();
    const file = writeMemory(dir, [{ day: '2026-01-05', messages: [me('My garden has tomatoes and tomatoes need water.'), bot('Tomatoes love sun.')] }]);
    // the index's writes after the import never settle (as if its build took forever)
    let waited = false;
    e.search.settled = () => ((waited = true), new Promise<void>(() => undefined));
    const job = await e.importPaths({ paths: [file] });
    const deadline = Date.now() + 20_000;
    while ((e.jobs.list().some((j) => j.state === 'running') || e.jobs.list().find((j) => j.id === job.id)?.state === 'running') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(waited).toBe(true);
    expect(e.jobs.list().filter((j) => j.state === 'running')).toEqual([]);
    expect(e.topics.status().map((s) => s.state)).toEqual(['done']);
    expect(e.topics.sessionRows().map((r) => r.label).join(' | ')).toMatch(/tomato/);
  });
});

describe('several files in one import', () => {
  it('are each labelled against the whole memory: the same labels whichever file comes first', async () => {
    // two exports that share some words (how rare a word is depends on the other's sessions)
    const say = (a: string, b: string) => [me(`The ${a} and the ${b} again: my ${a} needs care, the ${b} too.`), bot(`A ${a} and a ${b} take time.`)];
    const export1 = (dir: string, name: string, pairs: [string, string][], month: string) => {
      const target = path.join(dir, name);
      fs.renameSync(writeMemory(dir, pairs.map(([a, b], i) => ({ day: `2026-${month}-${String(i + 1).padStart(2, '0')}`, messages: say(a, b) }))), target);
      return target;
    };
    const dir = tempDir('engram-topics-two-');
    const files = [
      export1(dir, 'garden.json', [['garden', 'tomato'], ['garden', 'violin'], ['tomato', 'bicycle'], ['garden', 'kayak']], '01'),
      export1(dir, 'music.json', [['violin', 'piano'], ['violin', 'garden'], ['piano', 'tomato'], ['violin', 'choir'], ['choir', 'piano']], '03'),
    ];
    const labelsOf = async (paths: string[]) => {
      const { e } = await open();
      await e.importPaths({ paths });
      await e.jobs.idle();
      const sources = await e.listSources();
      const sessions = await e.listSessions({});
      const rows = e.topics.sessionRows();
      const out: Record<string, string[]> = {};
      for (const s of sessions) {
        const name = sources.find((x) => x.id === s.sourceId)!.name;
        out[`${name} ${s.start}`] = rows.filter((r) => r.sessionId === s.id).sort((a, b) => a.rank - b.rank).map((r) => `${r.label} ${r.score.toFixed(6)}`);
      }
      // every source's record says it was weighed against every session of the memory
      const total = sources.reduce((n, x) => n + x.sessions, 0);
      expect(e.topics.status().map((t) => t.memorySessions)).toEqual(sources.map(() => total));
      return out;
    };
    const forward = await labelsOf(files);
    expect(Object.values(forward).flat().length).toBeGreaterThan(10);
    expect(await labelsOf([...files].reverse())).toEqual(forward);
  }, 60_000);
});

describe('stances over time', () => {
  it('keeps a history with validity; the one stated last is current, for Ask and the Entities tab', async () => {
    const { e, dir } = await open();
    const file = writeMemory(dir, [
      { day: '2026-01-10', messages: [me('I love Thai food. I work as a nurse at St Anne.'), bot('Nice!')] },
      { day: '2026-04-02', messages: [me('I hate Thai food now, it is too spicy.'), bot('Sorry to hear.')] },
      { day: '2026-06-20', messages: [me('I work as a teacher at Riverside School now.'), bot('Congratulations!')] },
    ]);
    await importFiles(e, file);
    await e.jobs.idle();
    const all = await e.stances({ person: OWNER_IRI });
    const climbing = all.find((h) => h.kind === 'preference' && /thai food/i.test(h.subject));
    expect(climbing).toBeDefined();
    expect(climbing!.history.map((s) => s.value)).toEqual(['loves', 'dislikes']);
    expect(climbing!.current.value).toBe('dislikes');
    expect(climbing!.history[0]).toMatchObject({ validFrom: '2026-01-10', validUntil: '2026-04-02', supersededBy: climbing!.current.iri });
    expect(climbing!.current).toMatchObject({ validFrom: '2026-04-02', validUntil: null, supersedes: climbing!.history[0].iri });
    const job = all.find((h) => h.kind === 'occupation');
    expect(job!.history.map((s) => s.label.toLowerCase())).toEqual(['nurse', 'teacher']);
    expect(job!.current.label.toLowerCase()).toBe('teacher');
    // only the subjects that changed, and a subject's words
    // the employer changed too (schema:worksFor St Anne → Riverside School)
    expect((await e.stances({ changedOnly: true })).map((h) => h.kind).sort()).toEqual(['employer', 'occupation', 'preference']);
    expect((await e.stances({ subject: 'thai' })).map((h) => h.key)).toEqual([climbing!.key]);
    // the stance graph: validity and succession as triples
    const rows = await select(e, `SELECT ?old ?until ?new WHERE { GRAPH <${GRAPHS.stances}> { ?old <${PREFIXES.pcm}validUntil> ?until ; <${PREFIXES.pcm}supersededBy> ?new . ?new <${PREFIXES.pcm}supersedes> ?old } }`);
    expect(rows.map((r) => r.until.value).sort()).toEqual(['2026-04-02', '2026-06-20', '2026-06-20']);
  });
});

describe('Ask: topics and stances over time', () => {
  it('reads the three kinds of topic question and nothing else', () => {
    expect(readTopicQuestion('When did we talk about the pottery class?')).toEqual({ kind: 'when', subject: 'pottery class' });
    expect(readTopicQuestion('What did I say about Thai food over time?')).toEqual({ kind: 'over-time', subject: 'Thai food' });
    expect(readTopicQuestion('How has my view of my job changed?')).toEqual({ kind: 'over-time', subject: 'job' });
    expect(readTopicQuestion('Do I still like Thai food these days?')).toEqual({ kind: 'still', subject: 'like Thai food' });
    expect(readTopicQuestion('What did I make in the pottery class?')).toBeNull();
    // the first or last time is one message (Ask's occurrence route), not the topic's sessions
    expect(readTopicQuestion('When did we last talk about pottery?')).toBeNull();
  });

  it("answers from the topic's sessions and the current stance, citing the messages; else the other routes", async () => {
    const { e, dir } = await open();
    const file = writeMemory(dir, [
      { day: '2026-01-10', messages: [me('I love Thai food. My pottery class made a bowl in the kiln.'), bot('Nice bowl!')] },
      { day: '2026-02-14', messages: [me('The charity race is in May, I bought running shoes.'), bot('Good luck with the race.')] },
      { day: '2026-04-02', messages: [me('I hate Thai food now, it is too spicy.'), bot('Sorry to hear.'), me('The kiln cracked my second bowl.'), bot('A cracked bowl can be glued.'), me('I will glaze a new bowl instead.')] },
    ]);
    await importFiles(e, file);
    await e.jobs.idle();

    const when = await e.ask({ question: 'When did we talk about the bowl?', llm: false });
    expect(when.classification.routes).toEqual(['graph']);
    expect(when.answer.text).toMatch(/bowl in 2 sessions: 10 Jan 2026 \[m1\], 2 Apr 2026 \[m2\]/);
    expect(when.evidence.messages.map((m) => m.message.date)).toEqual(['2026-01-10', '2026-04-02']);
    expect(when.evidence.messages.every((m) => /bowl/i.test(m.message.text))).toBe(true);
    expect(when.plan.sparql).toMatchObject({ origin: 'template', template: 'topic-sessions' });
    // the query shown runs and finds the two sessions
    const rows = await select(e, when.plan.sparql!.query);
    expect(rows).toHaveLength(2);

    const still = await e.ask({ question: 'Do I still like Thai food?', llm: false });
    expect(still.answer.text).toMatch(/^No — the latest you said is "[^"]*Thai food[^"]*" \(2 Apr 2026\) \[m1\]\. Before: .* from 10 Jan 2026 until 2 Apr 2026\./i);
    expect(still.evidence.messages[0].message.text).toMatch(/hate Thai food/);

    const over = await e.ask({ question: 'What did I say about Thai food over time?', llm: false });
    expect(over.answer.text).toMatch(/10 Jan 2026: .*; then 2 Apr 2026: .*\(current\)/);
    expect(over.evidence.messages.map((m) => m.message.date)).toEqual(['2026-01-10', '2026-04-02']);

    // nothing in the memory on it: not answered here (the usual routes say what they find)
    const unknown = await e.ask({ question: 'When did we talk about sailing?', llm: false });
    expect(unknown.classification.why.join(' ')).not.toMatch(/sessions of the topic/);
    expect(unknown.plan.sparql?.template).not.toBe('topic-sessions');
  });
});

describe('Ask: what was talked about in a period', () => {
  it('lists each session of the period with its topics, and says where the conversations are when the period has none', async () => {
    const { e, dir } = await open();
    const file = writeMemory(dir, [
      { day: '2026-03-02', messages: [me('I started a pottery class this week.'), bot('What did you make in the pottery class?'), me('A small bowl. The kiln cracked my second bowl.'), bot('A cracked bowl happens in every kiln.')] },
      { day: '2026-03-09', messages: [me('I signed up for a charity race in May.'), bot('How will you train for the charity race?'), me('I bought new running shoes for the race.')] },
      { day: '2026-05-20', messages: [me('The garden tomatoes are ripe.'), bot('Enjoy the tomatoes from your garden!')] },
    ]);
    await importFiles(e, file);
    await e.jobs.idle();

    const march = await e.ask({ question: 'What did we talk about in March 2026?', llm: false, now: '2026-06-01T12:00:00' });
    expect(march.answer.text).toMatch(/Monday, March 2, 2026 \(4 messages\), about [^\n]*\b(bowl|kiln|pottery class)\b/);
    expect(march.answer.text).toMatch(/Monday, March 9, 2026 \(3 messages\), about [^\n]*\brace\b/);

    // April holds nothing: the nearest conversations on either side are named
    const april = await e.ask({ question: 'What did we talk about in April 2026?', llm: false, now: '2026-06-01T12:00:00' });
    expect(april.answer.text).toBe('No messages in that period: the last conversation before it was on Monday, March 9, 2026, and the next one after it was on Wednesday, May 20, 2026.');
    expect(april.answer.status).toBe('not_found');
    const later = await e.ask({ question: 'What did we talk about last week?', llm: false, now: '2026-09-01T12:00:00' });
    expect(later.answer.text).toBe('No messages in that period: the last conversation before it was on Wednesday, May 20, 2026.');
  });
});

describe('topics with a model (Ollama-protocol double)', () => {
  it('groups messages into rounds: a round starts when the session opener speaks again', () => {
    const m = (id: number, sessionId: number, speaker: string, role = 'other'): MessageRow => ({ id, sessionId, speaker, role } as MessageRow);
    const rounds = roundsOf([m(1, 1, 'A'), m(2, 1, 'B'), m(3, 1, 'B'), m(4, 1, 'A'), m(5, 1, 'B'), m(6, 2, 'B'), m(7, 2, 'A'), m(8, 2, 'B'), { ...m(9, 2, 'S'), role: 'system' }]);
    expect(rounds.map((r) => r.map((x) => x.id))).toEqual([[1, 2, 3], [4, 5], [6, 7], [8]]);
  });

  it('reads the summary answer: labels, one sentence, message ids mapped back; a bad answer is refused', () => {
    const ids = new Map([['m1', 'urn:p1'], ['m2', 'urn:p2']]);
    expect(parseSummary('{"topics":[{"label":"pottery","description":"Maya makes bowls.","messages":["m1","msg:m2","m9"]}]}', ids)).toEqual([{ label: 'pottery', description: 'Maya makes bowls.', posts: ['urn:p1', 'urn:p2'] }]);
    expect(() => parseSummary('not json', ids)).toThrow(/not JSON/);
    expect(() => parseSummary('{"topics":[{"label":"a b c d e f g h","description":"x"}]}', ids)).toThrow(/no usable topic/);
  });

  it('summarises every 50 new rounds and updates a topic once it has five descriptions', async () => {
    const double = await OllamaDouble.start();
    doubles.push(double);
    let window = 0;
    const isSummary = (r: RecordedRequest) => /topics they talk about/.test(JSON.stringify(r.body?.messages ?? ''));
    const isUpdate = (r: RecordedRequest) => /NEWER DESCRIPTIONS/.test(JSON.stringify(r.body?.messages ?? ''));
    double.script([
      { match: isSummary, repeat: true, reply: () => JSON.stringify({ topics: [{ label: 'pottery', description: `Window ${++window}: Ana keeps making bowls.`, messages: ['m1', 'm2'] }, { label: ['weather', 'traffic', 'music', 'cooking', 'garden'][window - 1], description: 'Ben mentioned it once.', messages: ['m3'] }] }) },
      { match: isUpdate, repeat: true, reply: JSON.stringify({ description: 'Ana has made bowls for months and now sells them.' }) },
    ]);
    const { e, dir } = await open();
    await e.setExtractionSettings({ host: double.url });
    // 260 rounds of Ana and Ben: five full windows of 50 rounds (the last 10 rounds wait for more)
    const messages: Msg[] = [];
    for (let i = 0; i < 260; i++) messages.push({ speaker: 'Ana', role: 'other', text: `Round ${i}: I made another bowl.` }, { speaker: 'Ben', role: 'other', text: `Nice bowl number ${i}.` });
    const days: { day: string; messages: Msg[] }[] = [];
    for (let d = 0; d < 13; d++) days.push({ day: `2026-0${1 + Math.floor(d / 4)}-${String(1 + (d % 4) * 7).padStart(2, '0')}`, messages: messages.slice(d * 40, d * 40 + 40) });
    await importFiles(e, writeMemory(dir, days));
    await e.jobs.idle();

    const job = await e.startTopicSummaries({});
    await e.jobs.idle();
    const done = (await e.listJobs()).find((j) => j.id === job.id)!;
    expect(done.state).toBe('done');
    expect(done.result).toMatchObject({ windows: 5, failed: 0, updates: 1 });
    expect(double.requestsTo('/api/chat').filter(isSummary)).toHaveLength(5);
    expect(double.requestsTo('/api/chat').filter(isUpdate)).toHaveLength(1);
    // every summary request asks for JSON and carries the window's messages
    expect(double.requestsTo('/api/chat').filter(isSummary).every((r) => r.body.format === 'json' && /Round 0|Round 50|Round 100|Round 150|Round 200/.test(r.body.messages[0].content))).toBe(true);

    const pottery = topicIri(labelKey('pottery'));
    const page = await e.getTopic({ iri: pottery }).catch(() => null);
    // the page exists for topics with sessions; the model's descriptions are read from the graph directly
    void page;
    const { topicDescriptions } = await import('../../electron/node/engine/topics/topic-pages');
    const descriptions = await topicDescriptions(e.graph, e.chat, pottery);
    expect(descriptions).toHaveLength(6);
    const update = descriptions.find((d) => d.kind === 'update')!;
    expect(update).toMatchObject({ current: true, text: 'Ana has made bowls for months and now sells them.' });
    expect(update.supersedes).toHaveLength(5);
    expect(descriptions.filter((d) => d.kind === 'summary').every((d) => !d.current && d.messageIds.length === 2)).toBe(true);
    const superseded = await select(e, `SELECT ?d ?until WHERE { ?d <${PREFIXES.pcm}supersededBy> <${update.iri}> ; <${PREFIXES.pcm}validUntil> ?until }`);
    expect(superseded).toHaveLength(5);
    // provenance: the model as the agent, the messages as the source
    const agent = await select(e, `SELECT ?l WHERE { <${descriptions[0].iri}> <${PREFIXES.prov}wasAttributedTo> ?a . ?a <${PREFIXES.rdfs}label> ?l }`);
    expect(agent[0].l.value).toBe('qwen2.5:7b-instruct');
    expect((await e.listGraphs()).some((g) => g.iri.startsWith(GRAPHS.topicModel('')) && g.kind === 'extraction')).toBe(true);

    // resumable: running again asks nothing for done windows
    const before = double.requestsTo('/api/chat').length;
    await e.startTopicSummaries({});
    await e.jobs.idle();
    expect(double.requestsTo('/api/chat').length).toBe(before);
  });

  it('fails at once with the line to run when Ollama is not there', async () => {
    const { e, dir } = await open();
    await e.setExtractionSettings({ host: 'http://127.0.0.1:9' });
    await importFiles(e, writeMemory(dir, [{ day: '2026-01-01', messages: [me('hello there')] }]));
    await e.jobs.idle();
    const job = await e.startTopicSummaries({});
    await e.jobs.idle();
    const j = (await e.listJobs()).find((x) => x.id === job.id)!;
    expect(j.state).toBe('failed');
    expect(j.error).toMatch(/ollama serve/);
  });
});
