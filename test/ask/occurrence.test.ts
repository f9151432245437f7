// Questions about when things happened, computed in code (ask/occurrence.ts): the first or last
// time something was talked about, how long ago something was, and a period's spending with no
// topic of its own (every price in it, summed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { asksFirstOrLast, asksHowLongSince, asksHowOftenTalked, asksWhoTalkedMostAbout, countMentions, whoMostAnswer, dayOfDateValue, firstOrLastMention, howLongSince, mentionAnswer, mentionCountAnswer, sinceText, whenMentionedAnswer, type MentionRow } from '../../electron/node/engine/ask/occurrence';
import { analyzeQuestion } from '../../electron/node/engine/ask/analyze';
import { kindOf } from '../../electron/node/engine/ask/answer-type';
import type { MessageRow } from '../../shared/types';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import { fakeMemory } from '../timeline/fixtures';
import { demoEngine } from './support';

const MEMORY = fakeMemory();

function row(id: number, timestamp: string, text: string, speaker = 'Ana'): MessageRow {
  const date = timestamp.slice(0, 10);
  return {
    id, sourceId: 1, conversationId: 1, sessionId: 1, sessionIndex: 1, responseIndex: id, turnIndex: id, speaker, role: 'user', text, timestamp,
    tzOffsetMin: null, dayName: '', week: '', date, time: timestamp.slice(11, 16), externalId: null, conversationTitle: 'c', iri: `urn:m${id}`,
  };
}

/** A question analysed the way Ask does, against a small fake memory. */
function analyse(question: string) {
  return analyzeQuestion(question, planQuestion({ question, now: '2026-11-06T12:00:00' }, MEMORY));
}

describe('first and last mention', () => {
  it('recognises the phrasings, and leaves other "first"/"last" questions alone', () => {
    expect(asksFirstOrLast('When did I last talk about my knee?')).toBe('last');
    expect(asksFirstOrLast('When did we first mention the garden?')).toBe('first');
    expect(asksFirstOrLast('What was the last time I talked about taxes?')).toBe('last');
    expect(asksFirstOrLast('When was the first time Ana spoke about her sister?')).toBe('first');
    expect(asksFirstOrLast('What was my last trip?')).toBeNull();
    expect(asksFirstOrLast('Who did I talk to last week?')).toBeNull();
    // how long since talking of something = since the last time
    expect(asksFirstOrLast('How long since we talked about the store?')).toBe('last');
    expect(asksFirstOrLast('How long ago did I mention my knee?')).toBe('last');
    expect(asksFirstOrLast('How long has it been since we last discussed taxes?')).toBe('last');
    expect(asksFirstOrLast('How many weeks since I talked about the garden?')).toBe('last');
    expect(asksFirstOrLast('How many days since Ana mentioned her sister?')).toBe('last');
    expect(asksFirstOrLast('How long ago did I buy my shoes?')).toBeNull();
    expect(asksFirstOrLast('How long did we talk about taxes?')).toBeNull();
    // when it was talked about at all: answered with the latest (and the first)
    expect(asksFirstOrLast('When did I ask about my sourdough starter?')).toBe('when');
    expect(asksFirstOrLast('When did we discuss the lease?')).toBe('when');
    expect(asksFirstOrLast('When did Ana talk to me about her sister?')).toBe('when');
    expect(asksFirstOrLast('When did Ana go to the lake?')).toBeNull();
    expect(asksFirstOrLast('When did Ana say she would visit?')).toBeNull();
  });

  it('"when did we talk about X": the day when all its messages are on one day, else the latest and the first', () => {
    const a = analyse('When did I talk about violin lessons?');
    const first = firstOrLastMention(a, messages, 'first')!;
    const last = firstOrLastMention(a, messages, 'last')!;
    const both = whenMentionedAnswer(first, last, { first: 'm2', last: 'm1' });
    expect(both.text).toMatch(/^Most recently on Sunday, March 2, 2025: “The violin lesson went well today\.” \(Ana, .*\) \[m1\]; the first time on Friday, January 10, 2025 \[m2\]\.$/);
    expect(both.refs).toEqual(['m1', 'm2']);
    expect(both.computation).toMatchObject({ kind: 'date', value: 'Sunday, March 2, 2025' });
    const once = whenMentionedAnswer(first, first, { first: 'm3', last: 'm3' });
    expect(once.text).toMatch(/^On Friday, January 10, 2025: “I signed up for violin lessons!”/);
    expect(once.refs).toEqual(['m3']);
  });

  const messages = [
    row(3, '2025-03-02T09:00:00', 'The violin lesson went well today.'),
    row(1, '2025-01-10T18:00:00', 'I signed up for violin lessons!'),
    row(2, '2025-02-01T12:00:00', 'Lessons at the music school are expensive.'),
    row(4, '2025-04-20T08:00:00', 'Nothing about music at all here.'),
  ];

  it('picks the earliest or the latest message holding all the topic words, whatever the input order', () => {
    const a = analyse('When did I first talk about violin lessons?');
    const first = firstOrLastMention(a, messages, 'first')!;
    expect(first.message.id).toBe(1);
    expect(first.count).toBe(2);
    const last = firstOrLastMention(analyse('When did I last talk about violin lessons?'), messages, 'last')!;
    expect(last.message.id).toBe(3);
    // "talk", "last" are how it is asked, not what about
    expect(last.topic.some((t) => /talk|last/.test(t))).toBe(false);
  });

  it('is null when no message holds the topic, or the question has none', () => {
    expect(firstOrLastMention(analyse('When did I last talk about sailing?'), messages, 'last')).toBeNull();
    expect(firstOrLastMention({ keywords: ['talk', 'last'] }, messages, 'last')).toBeNull();
  });

  it('answers with the day and the quoted message, cited', () => {
    const found = firstOrLastMention(analyse('When did I first talk about violin lessons?'), messages, 'first')!;
    const ans = mentionAnswer(found, 'm4', 'first');
    expect(ans.text).toMatch(/^The first time was Friday, January 10, 2025: “I signed up for violin lessons!” \(Ana, .*\) \[m4\]$/);
    expect(ans.computation).toMatchObject({ kind: 'date', value: 'Friday, January 10, 2025', refs: ['m4'] });
    expect(ans.computation!.detail).toContain('the first of 2 messages');
  });
});

describe('how long ago', () => {
  it('recognises elapsed-time questions, not durations', () => {
    expect(asksHowLongSince('How long ago did I buy my shoes?')).toBe(true);
    expect(asksHowLongSince('How long has it been since the concert?')).toBe(true);
    expect(asksHowLongSince('How many weeks ago was the wedding?')).toBe(true);
    expect(asksHowLongSince('How long did the concert last?')).toBe(false);
    expect(asksHowLongSince('How many weeks since the wedding?')).toBe(true);
    expect(analyse('How many weeks since the wedding?').intent).toBe('date');
    expect(analyse('How many weddings since March?').intent).toBe('count');
    // the expected answer is the date (then counted back), not a duration
    expect(kindOf('How long has it been since the concert?').kind).toBe('date');
    expect(kindOf('How long did the concert last?').kind).toBe('duration');
    expect(analyse('How long has it been since the concert?').intent).toBe('date');
  });

  it('counts whole days and says weeks, months and years the way people do', () => {
    expect(sinceText('2026-09-23', '2026-11-06T12:00:00')).toEqual({ value: '44 days ago', detail: '2026-11-06 − 2026-09-23 = 44 days' });
    expect(sinceText('2026-10-23', '2026-11-06').value).toBe('2 weeks ago');
    expect(sinceText('2026-11-05', '2026-11-06').value).toBe('1 day ago');
    expect(sinceText('2026-11-06', '2026-11-06').value).toBe('today');
    expect(sinceText('2026-01-01', '2026-11-06').value).toBe('about 10 months ago (309 days)');
    expect(sinceText('2024-11-06', '2026-11-06').value).toBe('2 years ago');
    expect(sinceText('2025-11-06', '2026-11-06').value).toBe('1 year ago');
    expect(sinceText('2026-11-10', '2026-11-06').value).toBe('in 4 days');
  });

  it('reads the day of a date answer, ranges and times included', () => {
    expect(dayOfDateValue('Wednesday, September 23, 2026')).toBe('2026-09-23');
    expect(dayOfDateValue('Tuesday, October 20, 2026, 08:30')).toBe('2026-10-20');
    expect(dayOfDateValue('Friday, October 30, 2026 – Monday, November 2, 2026')).toBe('2026-10-30');
    expect(dayOfDateValue('sometime in spring')).toBeNull();
  });

  it('says the date once, in brackets after how long ago', () => {
    const ans = howLongSince({ text: 'Wednesday, September 23, 2026 — “I bought shoes.” [m3]', refs: ['m3'] }, '2026-09-23', '2026-11-06');
    expect(ans.text).toBe('44 days ago (Wednesday, September 23, 2026) — “I bought shoes.” [m3]');
    expect(ans.computation).toMatchObject({ kind: 'days-between', value: '44 days ago', refs: ['m3'] });
    // a last mention's answer ("The last time was …: quote") keeps only its quote
    const last = howLongSince({ text: 'The last time was Wednesday, September 23, 2026: “New shoes!” (Ana, …) [m2]', refs: ['m2'] }, '2026-09-23', '2026-11-06');
    expect(last.text).toBe('44 days ago (Wednesday, September 23, 2026) — “New shoes!” (Ana, …) [m2]');
  });

  it('talks of the thing the ontology names, and not of the person asked about', () => {
    const shop = [
      row(1, '2025-01-10T18:00:00', 'Ben: my store opens next week', 'Ben'),
      row(2, '2025-02-01T12:00:00', 'Ana here. The store did well in January.', 'Ana'),
      row(3, '2025-03-02T09:00:00', 'Ana, the store needs a new sign.', 'Ben'),
      row(4, '2025-01-05T10:00:00', 'The store idea is growing on me.', 'Ana'),
    ];
    // "store" names a class of the ontology (the concept), so it is not among the keywords
    const a = analyse('When did we last talk about the store?');
    expect(a.concept?.phrase).toMatch(/store/);
    expect(firstOrLastMention(a, shop, 'last')!.message.id).toBe(3);
    expect(firstOrLastMention(a, shop, 'first')!.message.id).toBe(4);
    // Ana's messages; her name is who is asked about, not the topic
    const ana = shop.filter((m) => m.speaker === 'Ana');
    expect(firstOrLastMention(analyse('When did Ana first mention the store?'), ana, 'first', ['Ana'])!.message.id).toBe(4);
  });
});

describe('how often something was talked about', () => {
  it('recognises the phrasings, not how often something happened', () => {
    expect(asksHowOftenTalked('How many times did we talk about dancing?')).toBe(true);
    expect(asksHowOftenTalked('How often did Ana mention her sister?')).toBe(true);
    expect(asksHowOftenTalked('How many sessions mention the store?')).toBe(true);
    expect(asksHowOftenTalked('In how many conversations did I bring up my knee?')).toBe(true);
    expect(asksHowOftenTalked('How many times did I go to the gym?')).toBe(false);
    expect(asksHowOftenTalked('How often do I run?')).toBe(false);
  });

  const messages = [
    row(1, '2025-01-10T18:00:00', 'I signed up for violin lessons!'),
    { ...row(2, '2025-01-10T18:05:00', 'Violin lessons are fun.', 'Ben'), sessionId: 1 },
    { ...row(3, '2025-03-02T09:00:00', 'The violin lesson went well today.'), sessionId: 2 },
    { ...row(4, '2025-03-05T09:00:00', 'My violin is out of tune.'), sessionId: 3 },
    { ...row(5, '2025-04-20T08:00:00', 'Lessons at the school are expensive.'), sessionId: 4 },
  ];

  it('counts the messages holding every topic word, by session, in the period and by the person asked about', () => {
    const all = countMentions(analyse('How many times did we talk about violin lessons?'), messages)!;
    expect(all.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(all.sessions).toBe(2);
    expect(all.words).toEqual(['violin lessons']);
    const march = countMentions(analyse('How often did we talk about the violin in March 2025?'), messages)!;
    expect(march.messages.map((m) => m.id)).toEqual([3, 4]);
    const ben = countMentions(analyse('How often did Ben mention violin lessons?'), messages.filter((m) => m.speaker === 'Ben'), ['Ben'])!;
    expect(ben.messages.map((m) => m.id)).toEqual([2]);
    expect(countMentions(analyse('How often did we talk about sailing?'), messages)!.messages).toEqual([]);
  });

  it('reads "who talked about X most" and ranks the speakers of X\'s messages, ties said as ties', () => {
    expect(asksWhoTalkedMostAbout('Who talked about dancing the most?')).toBe('dancing');
    expect(asksWhoTalkedMostAbout('Who mentioned the store more often?')).toBe('the store');
    expect(asksWhoTalkedMostAbout('Who brought up money most?')).toBe('money');
    expect(asksWhoTalkedMostAbout('Who did I talk to most?')).toBeNull();
    const found = countMentions(analyse('How often did we talk about violin?'), messages)!;
    const refs = new Map<number, string>();
    const refOf = (m: MentionRow) => refs.get(m.id) ?? (refs.set(m.id, `m${refs.size + 1}`), refs.get(m.id)!);
    const ans = whoMostAnswer(found, [], refOf);
    expect(ans.text).toBe('Ana talked about violin most: 3 messages [m1]. Then Ben (1).');
    expect(ans.how).toBe('Counted from every message that mentions it.');
    expect(ans.computation).toMatchObject({ kind: 'ranking', value: 'Ana (3 messages), Ben (1 message)' });
    // the owner is "you"; a tie is not a winner
    const tied = countMentions(analyse('How often did we talk about violin lessons?'), messages)!;
    expect(whoMostAnswer(tied, ['Ana'], refOf).text).toMatch(/^You and Ben talked about violin lessons as often: 1 message each|^You talked about violin lessons most: 2 messages/);
  });

  it('says the count by session and message, with the first and last day cited', () => {
    const found = countMentions(analyse('How many times did we talk about violin lessons?'), messages)!;
    const ans = mentionCountAnswer(found, null, ['m1', 'm2'], false);
    expect(ans.text).toBe('You talked about violin lessons in 2 sessions (3 messages), from Friday, January 10, 2025 [m1] to Sunday, March 2, 2025 [m2].');
    expect(ans.computation).toMatchObject({ kind: 'count', value: '2 sessions (3 messages)', refs: ['m1', 'm2'] });
    expect(mentionCountAnswer(found, 'Ben', ['m1', 'm2'], true).text).toMatch(/^Ben talked about violin lessons in at least 2 sessions \(at least 3 messages\)/);
  });
});

describe('on the demo memory, offline', () => {
  const NOW = '2026-11-06T12:00:00';
  let messagesOnly: Engine;
  let withGraph: Engine;
  beforeAll(async () => {
    messagesOnly = await demoEngine();
    withGraph = await demoEngine(undefined, { demoGraph: true });
  }, 120_000);
  afterAll(async () => {
    await messagesOnly?.close();
    await withGraph?.close();
  });

  it('the last and first time the knee was talked about, from all messages about it', async () => {
    for (const e of [messagesOnly, withGraph]) {
      const last = await e.askEngine.answer({ question: 'When did I last talk about my knee?', now: NOW, llm: false });
      expect(last.answer.status).toBe('answered');
      expect(last.answer.text).toMatch(/^The last time was Thursday, November 5, 2026: “Physio update/);
      const first = await e.askEngine.answer({ question: 'When did I first mention my knee?', now: NOW, llm: false });
      expect(first.answer.text).toMatch(/^The first time was Monday, October 12, 2026: .*knee started to feel sore/);
      // the message quoted is in the evidence under the ref cited
      const ref = first.answer.computation!.refs[0];
      expect(first.evidence.messages.find((m) => m.ref === ref)?.message.text).toMatch(/knee/);
    }
  });

  it('how often the knee was talked about: every message naming it, counted from the index, not the top hits', async () => {
    const knee = messagesOnly.chat.listMessages({}, 0, 100_000).filter((m) => /\bknee/i.test(m.text));
    const sessions = new Set(knee.map((m) => m.sessionId)).size;
    const t = await messagesOnly.askEngine.answer({ question: 'How often did I talk about my knee?', now: NOW, llm: false });
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(new RegExp(`^You talked about your knee in ${sessions} sessions \\(${knee.length} messages\\), from Monday, October 12, 2026 \\[m\\d+\\] to Thursday, November 5, 2026 \\[m\\d+\\]\\.$`));
    const none = await messagesOnly.askEngine.answer({ question: 'How many times did we talk about sailing?', now: NOW, llm: false });
    expect(none.answer.status).not.toBe('answered');
  });

  it('who talked about Porto most: the speakers of every message naming it, not of all messages', async () => {
    const porto = messagesOnly.chat.listMessages({}, 0, 100_000).filter((m) => /\bporto\b/i.test(m.text));
    const counts = new Map<string, number>();
    for (const m of porto) counts.set(m.speaker, (counts.get(m.speaker) ?? 0) + 1);
    const [top, n] = [...counts].sort((x, y) => y[1] - x[1])[0];
    const t = await messagesOnly.askEngine.answer({ question: 'Who talked about Porto the most?', now: NOW, llm: false });
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(new RegExp(`^(?:${top}|You) talked about Porto most: ${n} messages`));
  });

  it('the last time Porto came up is the latest message naming it, even one search ranks low', async () => {
    const t = await messagesOnly.askEngine.answer({ question: 'When was the last time I talked about Porto?', now: NOW, llm: false });
    expect(t.answer.text).toMatch(/^The last time was Tuesday, November 3, 2026/);
  });

  it('how long ago: the date found, counted back from now', async () => {
    for (const e of [messagesOnly, withGraph]) {
      const t = await e.askEngine.answer({ question: 'How long ago did I buy my running shoes?', now: NOW, llm: false });
      expect(t.answer.text).toMatch(/^44 days ago \(Wednesday, September 23, 2026\)/);
      expect(t.answer.text.match(/September 23, 2026/g)).toHaveLength(1);
      expect(t.answer.computation).toMatchObject({ kind: 'days-between', value: '44 days ago' });
    }
    const since = await withGraph.askEngine.answer({ question: 'How long has it been since the charity run?', now: NOW, llm: false });
    expect(since.answer.text).toBe('26 days ago (Sunday, October 11, 2026) — Spree Charity 10K, Berlin');
  });

  it("a period's spending with no topic sums every price in it; a topic keeps to its own", async () => {
    const sept = await withGraph.askEngine.answer({ question: 'How much did I spend in September?', now: NOW, llm: false });
    expect(sept.answer.status).toBe('answered');
    expect(sept.answer.computation).toMatchObject({ kind: 'sum', value: '€716' });
    expect(sept.answer.computation!.detail).toBe('€35 + €45 + €120 + €12 + €340 + €164 = €716');
    const shoes = await withGraph.askEngine.answer({ question: 'How much did I pay for my new running shoes?', now: NOW, llm: false });
    expect(shoes.answer.computation?.kind).not.toBe('sum');
    expect(shoes.answer.text).toContain('€120');
  });
});
