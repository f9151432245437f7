// The deterministic planner, one reference kind at a time, with a fixed now (Wednesday
// 2026-11-18 15:30) and a fake memory of 12 sessions (test/timeline/fixtures.ts). Most
// phrasings here are not in the temporal-memory dataset.
import { describe, expect, it } from 'vitest';
import { chainNotation } from '../../electron/node/engine/timeline/plan';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import { fakeMemory, NOW } from './fixtures';

const memory = fakeMemory();
const plan = (question: string, now = NOW, mem = memory) => planQuestion({ question, now }, mem);
const chain = (question: string, now = NOW) => chainNotation(plan(question, now).plan);

function table(cases: [string, string][]) {
  it.each(cases)('%s', (question, expected) => expect(chain(question)).toBe(expected));
}

describe('explicit dates (chrono-node)', () => {
  table([
    ['What did we talk about on June 14th?', 'f_value(Date, [2026-06-14])'],
    ['What did we discuss on 14 June 2026?', 'f_value(Date, [2026-06-14])'],
    ['what was said on 6/14/2026', 'f_value(Date, [2026-06-14])'],
    ['Tell me about the 2nd of August', 'f_value(Date, [2026-08-02])'],
    ['What did we chat about on June fourteenth?', 'f_value(Date, [2026-06-14])'],
    ['What did we discuss 6 Jan 2024?', 'f_value(Date, [2024-01-06])'],
    ['What did we discuss on 1/6/2024?', 'f_value(Date, [2024-01-06])'],
    ['On Sunday, August 2nd, what came up?', 'f_value(Date, [2026-08-02])'],
    // a year-less date is the most recent one that is not in the future
    ['What did we discuss on December 24th?', 'f_value(Date, [2025-12-24])'],
    // "on the 14th": that day of the latest month that reached it
    ['what did we talk about on the 14th?', 'f_value(Date, [2026-11-14])'],
    // ... preferring the latest such day we talked on
    ['on the 3rd, what did we say?', 'f_value(Date, [2026-05-03])'],
    // misspelled month names are read
    ['What did we say on Janurary 6th, 2024?', 'f_value(Date, [2024-01-06])'],
  ]);

  it('an ordinal before a noun counts things, not days', () => {
    for (const q of ['Tell me about the second concert', 'what happened at the 3rd appointment', 'the 2nd gym I joined']) {
      expect(plan(q).plan.chain.filter((op) => op.column === 'Date'), q).toEqual([]);
    }
  });

  it('a day without conversations falls back to the day before (then after) it', () => {
    const p = plan('What did we talk about on August 3rd?');
    expect(chainNotation(p.plan)).toBe('f_value(Date, [2026-08-02])');
    expect(p.explanation.join('\n')).toMatch(/no conversation on 2026-08-03: the day before/);
  });
});

describe('date spans, months, years, seasons', () => {
  table([
    ['What did we chat about between May 3 and May 10?', 'f_between(Date, [2026-05-03, 2026-05-10])'],
    ['Summarize what we discussed from June 1st to June 14th.', 'f_between(Date, [2026-06-01, 2026-06-14])'],
    ['What was talked about May 3rd through June twentieth?', 'f_between(Date, [2026-05-03, 2026-06-20])'],
    ['What did we talk about between 5/3 and 5/10?', 'f_between(Date, [2026-05-03, 2026-05-10])'],
    ['What did we talk about on June 1 and June 14?', 'f_value(Date, [2026-06-01, 2026-06-14])'],
    ['What did we discuss in March?', 'f_value(Month, [2026-03])'],
    ['What did we discuss in December?', 'f_value(Month, [2025-12])'],
    ['Anything interesting in September 2026?', 'f_value(Month, [2026-09])'],
    ['What did we talk about in 2025?', 'f_value(Year, [2025])'],
    ['what did we talk about last year', 'f_value(Year, [2025])'],
    ['what have we discussed this year', 'f_value(Year, [2026])'],
    ['What came up at the start of June?', 'f_between(Date, [2026-06-01, 2026-06-10])'],
    ['What did we discuss in mid-June?', 'f_between(Date, [2026-06-11, 2026-06-20])'],
    ['What did we discuss at the end of October?', 'f_between(Date, [2026-10-21, 2026-10-31])'],
    ['What did we discuss in the first week of November?', 'f_between(Date, [2026-11-01, 2026-11-07])'],
    ['What did we talk about over the summer?', 'f_between(Date, [2026-06-01, 2026-08-31])'],
    ['What have we discussed since June 14?', 'f_between(Date, [2026-06-14, 2026-11-18])'],
    ['What did we discuss before June?', 'f_between(Date, [0001-01-01, 2026-05-31])'],
  ]);
});

describe('days, weeks and months relative to now', () => {
  table([
    ['What did we talk about today?', 'f_value(Date, [2026-11-18])'],
    ['and yesterday?', 'f_value(Date, [2026-11-17])'],
    ['What did we talk about the day before yesterday?', 'f_value(Date, [2026-11-16])'],
    ['What did we discuss 2 days ago?', 'f_value(Date, [2026-11-16])'],
    ['What did we discuss two days back?', 'f_value(Date, [2026-11-16])'],
    // nothing on Sunday the 15th: "3 days ago" is read as the day before
    ['What did we discuss three days ago?', 'f_value(Date, [2026-11-14])'],
    ['What did we discuss a week ago?', 'f_value(Week, [2026-W46])'],
    ['What did we discuss a fortnight ago?', 'f_value(Week, [2026-W45])'],
    ['What did we discuss last week?', 'f_value(Week, [2026-W46])'],
    ['What did we talk about the week before last?', 'f_value(Week, [2026-W45])'],
    ['What have we talked about this week?', 'f_value(Week, [2026-W47])'],
    ['What did we cover earlier this week?', 'f_between(Date, [2026-11-16, 2026-11-17])'],
    ['What did we chat about over the last three days?', 'f_between(Date, [2026-11-15, 2026-11-18])'],
    ['What did we talk about during the past week?', 'f_between(Date, [2026-11-11, 2026-11-18])'],
    ['what did we discuss in the past 2 weeks', 'f_between(Date, [2026-11-04, 2026-11-18])'],
    ['What did we talk about over the past few days?', 'f_between(Date, [2026-11-15, 2026-11-18])'],
    ['What did we talk about a couple of days ago?', 'f_between(Date, [2026-11-15, 2026-11-16])'],
    ['What did we discuss two months ago?', 'f_value(Month, [2026-09])'],
    ['What did we talk about a month ago?', 'f_value(Month, [2026-10])'],
    ['What did we talk about last month?', 'f_value(Month, [2026-10])'],
    ['What did we talk about this month?', 'f_value(Month, [2026-11])'],
    ['What did we discuss over the past two months?', 'f_between(Date, [2026-09-18, 2026-11-18])'],
    ['What did we talk about this past weekend?', 'f_between(Date, [2026-11-14, 2026-11-15])'],
    ['What did we talk about last weekend?', 'f_between(Date, [2026-11-14, 2026-11-15])'],
  ]);
});

describe('named days', () => {
  table([
    ['What did we talk about on Monday?', 'f_value(Date, [2026-11-16])'],
    ['What did we talk about this past Saturday?', 'f_value(Date, [2026-11-14])'],
    ['Last Saturday, what did we chat about?', 'f_value(Date, [2026-11-14])'],
    ['What did we discuss the Sunday before last?', 'f_value(Date, [2026-11-08])'],
    // no conversation on Tuesday the 17th: the last Tuesday we talked
    ['What did we discuss last Tuesday?', 'f_value(Date, [2026-10-20])'],
    ['What do we usually talk about on Tuesdays?', 'f_value(Day_Name, [Tuesday])'],
    ['What did we talk about on weekends?', 'f_value(Day_Name, [Saturday, Sunday])'],
    ['What did we discuss two Fridays ago?', 'f_value(Date, [2026-11-06])'],
    ['What did we discuss on Friday the 13th?', 'f_value(Date, [2026-11-13])'],
    ['What did we discuss on Tuesday, the 20th?', 'f_value(Date, [2026-10-20])'],
    ['What did we talk about the week of June 14th?', 'f_value(Week, [2026-W24])'],
  ]);
});

describe('parts of the day', () => {
  table([
    ['What did we talk about earlier today?', 'f_value(Date, [2026-11-18]) → f_between(Time, [00:00:00, 15:30:00])'],
    ['What did we discuss earlier this morning?', 'f_value(Date, [2026-11-18]) → f_between(Time, [00:00:00, 12:59:59])'],
    ['What sorts of things did we discuss earlier in the morning?', 'f_value(Date, [2026-11-18]) → f_between(Time, [00:00:00, 12:59:59])'],
    ['What did we talk about yesterday morning?', 'f_value(Date, [2026-11-17]) → f_between(Time, [00:00:00, 12:59:59])'],
    ['What did we talk about last night?', 'f_value(Date, [2026-11-17]) → f_between(Time, [18:00:00, 23:59:59])'],
    ['What did we discuss on Monday night?', 'f_value(Date, [2026-11-16]) → f_between(Time, [18:00:00, 23:59:59])'],
    ['What did we discuss on June 14th in the evening?', 'f_value(Date, [2026-06-14]) → f_between(Time, [17:00:00, 23:59:59])'],
    ['what did we discuss at 9am today', 'f_value(Date, [2026-11-18]) → f_between(Time, [08:00:00, 10:59:59])'],
  ]);
});

describe('sessions: positions, relative sessions, spans', () => {
  table([
    ['What did we discuss in our first session?', 'f_value(Session_Index, [1])'],
    ['Tell me what we talked about in our 5th conversation.', 'f_value(Session_Index, [5])'],
    ['What was the fifth discussion about?', 'f_value(Session_Index, [5])'],
    ['What did we talk about in our twelfth chat?', 'f_value(Session_Index, [12])'],
    ['What did we discuss in session 7?', 'f_value(Session_Index, [7])'],
    ['Remind me of the first time we talked.', 'f_value(Session_Index, [1])'],
    ['What did we discuss two sessions ago?', 'f_value(Session_Index, [11])'],
    ['What did we talk about 3 conversations back?', 'f_value(Session_Index, [10])'],
    ['Tell me what we discussed last time.', 'f_value(Session_Index, [12])'],
    ['What did we talk about the last time we spoke?', 'f_value(Session_Index, [12])'],
    ['What was our most recent conversation about?', 'f_value(Session_Index, [12])'],
    ['What did we discuss the session before last?', 'f_value(Session_Index, [11])'],
    ['What about the chat before last?', 'f_value(Session_Index, [11])'],
    ['What did we cover in our second-to-last chat?', 'f_value(Session_Index, [11])'],
    ['What was the penultimate conversation about?', 'f_value(Session_Index, [11])'],
    ['What did we talk about, not the last discussion, but the one before that?', 'f_value(Session_Index, [11])'],
    ['What came up between our third and sixth conversations?', 'f_between(Session_Index, [3, 6])'],
    ['What did we discuss over sessions 2 through 4?', 'f_between(Session_Index, [2, 4])'],
    ['What did we chat about from the second through fourth sessions?', 'f_between(Session_Index, [2, 4])'],
    ['Summarize conversations 3-6.', 'f_between(Session_Index, [3, 6])'],
    ['Summarize our last three conversations.', 'f_between(Session_Index, [10, 12])'],
    ['What did we say the last two times we talked?', 'f_value(Session_Index, [11, 12])'],
    ['What did we talk about three chats ago?', 'f_value(Session_Index, [10])'],
    ['What came up between sessions 3 and 6?', 'f_between(Session_Index, [3, 6])'],
    ['What did we discuss in sessions three to six?', 'f_between(Session_Index, [3, 6])'],
    ['What did we say in the first two sessions?', 'f_value(Session_Index, [1, 2])'],
    ['What did we talk about in our first and third sessions?', 'f_value(Session_Index, [1, 3])'],
    ['What have we discussed since our 10th session?', 'f_between(Session_Index, [10, 12])'],
    ['What did we discuss after our 10th session?', 'f_value(Session_Index, [11, 12])'],
    ['What was our first conversation in November about?', 'f_value(Session_Index, [7])'],
    ['What did we say in our last chat in June?', 'f_value(Session_Index, [3])'],
  ]);

  it('counts back from a new session after the last one that started before now', () => {
    // at 09:00 on the 18th only session 11 of that day has started
    expect(chain('What did we discuss last time?', '2026-11-18T09:00:00')).toBe('f_value(Session_Index, [11])');
    expect(chain('What did we discuss two sessions ago?', '2026-11-18T09:00:00')).toBe('f_value(Session_Index, [10])');
  });

  it('uses the memory’s numbering values (source_index within one source)', () => {
    const mem = fakeMemory({ numbering: 'source' });
    mem.sessions = mem.sessions.map((s, i) => ({ ...s, index: i + 1 }));
    const p = plan('What did we discuss in our 4th session?', NOW, mem);
    expect(p.plan.sessionNumbering).toBe('source');
    expect(p.plan.sourceIds).toEqual([1]);
    expect(chainNotation(p.plan)).toBe('f_value(Session_Index, [4])');
  });

  it('says when a session does not exist', () => {
    const p = plan('What did we discuss in our 40th session?');
    expect(chainNotation(p.plan)).toBe('f_value(Session_Index, [40])');
    expect(p.explanation.join('\n')).toMatch(/the memory has 12 sessions/);
  });
});

describe('responses, speakers, roles', () => {
  table([
    ['What was in response number 26?', 'f_value(Response_Index, [26])'],
    ['What was the 3rd message?', 'f_value(Response_Index, [2])'],
    ['What did Ann say yesterday?', 'f_value(Date, [2026-11-17]) → f_value(Speaker, [Ann])'],
    ['What did you tell me yesterday morning?', 'f_value(Date, [2026-11-17]) → f_between(Time, [00:00:00, 12:59:59]) → f_value(Role, [assistant])'],
    ['What did I ask last night?', 'f_value(Date, [2026-11-17]) → f_between(Time, [18:00:00, 23:59:59]) → f_value(Role, [user])'],
  ]);
});

describe('classification and time + content', () => {
  it('meta: time only', () => {
    const p = plan('Tell me the sorts of things we talked about last Saturday.');
    expect(p.classification).toBe('meta');
    expect(p.plan.rank).toBeUndefined();
  });

  it('both: the chain first, then ranking by the content words, for the speaker it is about', () => {
    const p = plan('What did Ann say she planted in the garden on June 14th?');
    expect(p.classification).toBe('both');
    expect(chainNotation(p.plan)).toBe('f_value(Date, [2026-06-14])');
    expect(p.plan.rank?.query).toBe('planted garden');
    expect(p.plan.rank?.speakers).toEqual(['Ann']);
  });

  it('content: no time at all', () => {
    const p = plan('What do we know about tulips and bulbs?');
    expect(p.classification).toBe('content');
    expect(p.plan.chain).toEqual([]);
    expect(p.plan.rank?.query).toBe('know tulips bulbs');
  });

  it('a named date outranks a time relative to now (which stays in the content)', () => {
    const p = plan('What kind of dog did Ann adopt a month ago, as mentioned on June 14?');
    expect(chainNotation(p.plan)).toBe('f_value(Date, [2026-06-14])');
    expect(p.plan.rank?.query).toContain('month ago');
    expect(p.explanation.join('\n')).toMatch(/'a month ago': relative to now/);
  });

  it('keeps the words as written in the query ("first", not "1st")', () => {
    expect(plan('On June 14th, what did Ann try for the first time?').plan.rank?.query).toBe('try first time');
  });

  it('a question with nothing to go on is about the last conversation', () => {
    expect(chain('What did we talk about?')).toBe('f_value(Session_Index, [12])');
  });

  it('vague times: recently, the other day', () => {
    expect(chain('What have we chatted about recently?')).toBe('f_between(Session_Index, [10, 12])');
    expect(chain('What did we talk about the other day?')).toBe('f_between(Date, [2026-11-11, 2026-11-17])');
  });

  it('explains every step with the words it came from', () => {
    const p = plan('What did we chat about between May 3 and May 10?');
    expect(p.plan.chain[0].why).toBe('between May 3 and May 10');
    expect(p.explanation[0]).toBe("I read 'between May 3 and May 10' as Sun May 3 – Sun May 10, 2026");
  });
});
