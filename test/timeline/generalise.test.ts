// The planner on everyday wordings, one mechanism at a time (issue 14): spelling and texting
// forms normalised first, framing words as meta, ordinals as tokens, shifts of any carried
// reference, holidays, quarters, hours, the locale's numeric dates, time words that are not a
// reference, and what is said when a time is not understood. Fixed now: Wednesday 2026-11-18
// 15:30, the fake memory of test/timeline/fixtures.ts (12 sessions). None of these wordings is
// from a dataset; the phrasing corpus (phrasings.test.ts) measures the whole.
import { describe, expect, it } from 'vitest';
import { chainNotation } from '../../electron/node/engine/timeline/plan';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import { fakeMemory, NOW } from './fixtures';

const memory = fakeMemory();
const turns = (...texts: string[]) => texts.map((text, i) => ({ speaker: i % 2 ? 'ChatGPT' : 'Ann', text }));
const plan = (question: string, opts: { context?: string[]; locale?: string } = {}) =>
  planQuestion({ question, now: NOW, ...(opts.context ? { context: turns(...opts.context) } : {}), ...(opts.locale ? { locale: opts.locale } : {}) }, memory);
const chain = (question: string, opts: { context?: string[]; locale?: string } = {}) => chainNotation(plan(question, opts).plan);

function table(cases: [string, string][]) {
  it.each(cases)('%s', (question, expected) => expect(chain(question)).toBe(expected));
}

describe('spelling first: abbreviations, texting forms, misspellings', () => {
  table([
    ['what did we chat abt yday', 'f_value(Date, [2026-11-17])'],
    ['anything from last wk?', 'f_value(Week, [2026-W46])'],
    ['wat came up in sesh 9', 'f_value(Session_Index, [9])'],
    ['what did we discuss in Novembr', 'f_value(Month, [2026-11])'],
    ['what was tuesdays convo about', 'f_value(Date, [2026-10-20])'],
    ['what did we talk about 2 mos ago', 'f_value(Month, [2026-09])'],
  ]);

  it('says how it read the words it normalised', () => {
    const p = plan('what did we chat abt yday');
    expect(p.explanation[0]).toBe("I read 'yday' (yesterday) as Tue Nov 17, 2026");
    expect(p.classification).toBe('meta');
  });
});

describe('framing words frame the request: the rows are not ranked by them', () => {
  for (const q of ['catch me up on what was on the agenda yesterday', 'Anything interesting from Nov 2?', 'give me a quick rundown of our convo on the 14th pls']) {
    it(q, () => {
      const p = plan(q);
      expect(p.classification).toBe('meta');
      expect(p.plan.rank).toBeUndefined();
    });
  }
  it('a topic among them still ranks', () => {
    const p = plan('anything interesting about the garden from Nov 2?');
    expect(p.classification).toBe('both');
    expect(p.plan.rank?.query).toContain('garden');
  });
});

describe('ordinals and cardinals as tokens, the noun from the phrase or the coordination', () => {
  table([
    ['summarize the 3rd, 5th and 7th chats', 'f_value(Session_Index, [3, 5, 7])'],
    ['what did we talk about in the 2nd through the 4th one', 'f_between(Session_Index, [2, 4])'],
    ['what came up in convos seven and nine', 'f_value(Session_Index, [7, 9])'],
    ['what did we discuss from the 8th to the 14th', 'f_between(Date, [2026-11-08, 2026-11-14])'],
  ]);
  it('a bare ordinal after a question about sessions is a session', () => {
    expect(chain('and the 9th?', { context: ['What was our 8th chat about?', 'Your new bike.'] })).toBe('f_value(Session_Index, [9])');
  });
  it('"the second one" of the sessions just named', () => {
    expect(chain('and the first one?', { context: ['what were our last two chats about', 'Two things.'] })).toBe('f_value(Session_Index, [11])');
  });
});

describe('shifts apply to any carried reference, with a count and a unit', () => {
  const ctx = (q: string) => [q, 'We talked about a few things.'];
  table([
    ['What did we talk about in the session after our 4th?', 'f_value(Session_Index, [5])'],
    ['What did we discuss the day after Nov 1?', 'f_value(Date, [2026-11-02])'],
    // a shift anchored inside the question, with a count, other nouns and adverbs
    ['what did we cover two chats before our 9th one', 'f_value(Session_Index, [7])'],
    ['the convo that came just after our 3rd?', 'f_value(Session_Index, [4])'],
    ['what was the session before the one on Nov 8 about', 'f_value(Session_Index, [7])'],
    ['summarize the conversation right after the Nov 2 one', 'f_value(Session_Index, [8])'],
  ]);
  it.each([
    ['and the month before?', 'what did we discuss in June?', 'f_value(Month, [2026-05])'],
    ['and two months after that?', 'what did we discuss in June?', 'f_value(Month, [2026-08])'],
    ['what about the next session?', 'what did we talk about on Nov 14?', 'f_value(Session_Index, [10])'],
    ['and the one after?', 'what was our 5th chat about?', 'f_value(Session_Index, [6])'],
    ['and three sessions before that?', 'what was our 5th chat about?', 'f_value(Session_Index, [2])'],
    ['and the sunday before that?', 'what did we talk about last Sunday?', 'f_value(Date, [2026-11-01])'],
    ['and later that month?', 'what did we discuss in early June?', 'f_between(Date, [2026-06-11, 2026-06-30])'],
    ['and the week after?', 'what did we talk about on Nov 2?', 'f_between(Date, [2026-11-03, 2026-11-09])'],
    ['what about the previous one?', 'what did we discuss last week?', 'f_value(Week, [2026-W45])'],
    // a bare "before that" / "after that" shifts by the carried reference's own unit
    ['and before that?', 'what was our 5th chat about?', 'f_value(Session_Index, [4])'],
    ['ok and after that', 'what did we discuss in June?', 'f_value(Month, [2026-07])'],
  ])('%s (after "%s")', (question, before, expected) => expect(chain(question, { context: ctx(before) })).toBe(expected));
  it('a bound counts from the day named, even without a conversation on it', () => {
    expect(chain('what did we talk about since Nov 1')).toBe('f_between(Date, [2026-11-01, 2026-11-18])');
    expect(chain('what did we talk about since the 10th')).toBe('f_between(Date, [2026-11-10, 2026-11-18])');
  });
  it('one day named twice in the answer is shifted once', () =>
    expect(chain('and the day before?', { context: ['what did we talk about 2 days ago', 'Two days ago, on Monday, we talked about a budget.'] })).toBe('f_value(Date, [2026-11-15])'));
  it('"that month" after a position in a month carries the month, not the session', () =>
    expect(chain('and the first one that month?', { context: ['what was our last chat in June about?', 'Our last chat in June was about a move.'] })).toBe('f_value(Session_Index, [2])'));
  it('"the previous week" alone is last week', () => expect(chain('Summarize the previous week.')).toBe('f_value(Week, [2026-W46])'));
});

describe('a part named with the period it is of is that part of that period', () => {
  table([
    ['what did we talk about from the 8th to the 14th of this month', 'f_between(Date, [2026-11-08, 2026-11-14])'],
    ['what did we discuss in summer last year', 'f_between(Date, [2025-06-01, 2025-08-31])'],
    ['Sunday evening last week, what came up?', 'f_value(Date, [2026-11-15]) → f_between(Time, [17:00:00, 23:59:59])'],
    ['last week, on Saturday: anything?', 'f_value(Date, [2026-11-14])'],
    ['what did we say on the evening of Nov 16', 'f_value(Date, [2026-11-16]) → f_between(Time, [17:00:00, 23:59:59])'],
    ['what have we covered since the beginning of the year', 'f_between(Date, [2026-01-01, 2026-11-18])'],
    ['2nd week of November - what did we go over?', 'f_between(Date, [2026-11-08, 2026-11-14])'],
    ['summarize our 2026 conversations', 'f_value(Year, [2026])'],
  ]);
  it('two periods joined by "and" stay two', () => expect(chain('what did we discuss in June and in August')).toBe(chain('what did we discuss in June or August')));
});

describe('a position in a period, with the period after a relative clause or relative to now', () => {
  table([
    ['what was the last chat we had in June about', 'f_value(Session_Index, [3])'],
    ['go over the first conversation that we had in the summer', 'f_value(Session_Index, [2])'],
    ['what did we go over in the second chat this week', 'f_value(Session_Index, [11])'],
  ]);
  it('a word read once is not read again across it ("over [in the first chat] last week" is not "over the last week")', () =>
    expect(plan('what did we go over in the first chat last week').explanation.join(' ')).not.toMatch(/over in/));
});

describe('kinds people use: holidays, quarters and halves, hours', () => {
  table([
    ['what did we talk about on Halloween', 'f_value(Date, [2026-10-31])'],
    ['what did we chat about over the holidays', 'f_between(Date, [2025-12-24, 2026-01-01])'],
    ['what did we discuss on Thanksgiving', 'f_value(Date, [2025-11-27])'],
    ['what came up in Q3', 'f_between(Date, [2026-07-01, 2026-09-30])'],
    ['what did we discuss last quarter', 'f_between(Date, [2026-07-01, 2026-09-30])'],
    ['what did we talk about in the first half of the year', 'f_between(Date, [2026-01-01, 2026-06-30])'],
    ['what did we talk about 4 hours ago', 'f_value(Session_Index, [12])'],
    ['what did we talk about in the last 10 hours', 'f_value(Session_Index, [11, 12])'],
  ]);
  it('holidays are the locale country’s: Thanksgiving is not a British holiday', () => {
    expect(plan('what did we discuss on Thanksgiving', { locale: 'en-GB' }).plan.chain).toEqual([]);
  });
});

describe('numeric dates by the locale setting', () => {
  it('5/11 is May 11 in en-US (the default) and 5 November in en-GB', () => {
    expect(chain('what did we talk about on 2/11')).toBe('f_value(Date, [2026-02-11])');
    expect(chain('what did we talk about on 2/11', { locale: 'en-GB' })).toBe('f_value(Date, [2026-11-02])');
  });
  it('a first number over 12 and a dotted date are day first anywhere', () => {
    expect(chain('what did we talk about on 14/11')).toBe('f_value(Date, [2026-11-14])');
    expect(chain('what did we talk about on 2.11.2026')).toBe('f_value(Date, [2026-11-02])');
  });
  it('says how it read a numeric date', () => {
    expect(plan('what did we talk about on 2/11', { locale: 'en-GB' }).explanation[0]).toBe("I read 'on 2/11' (on November 2) as Mon Nov 2, 2026");
  });
});

describe('time words that are not a reference leave the plan unfiltered', () => {
  for (const q of ['what is my favourite July 4th recipe', 'what did we say about the Halloween costume contest', "what's the best way to spend a Saturday", 'what do you know about the Monday blues', 'What did I say about my nephew born in June?', 'how much is 1/2 cup of sugar', 'who won Sunday Night Football', 'what do you think of a slow Sunday morning', 'how do I say good evening in French']) {
    it(q, () => {
      const p = plan(q);
      expect(p.plan.chain.filter((op) => op.column !== 'Role')).toEqual([]);
      expect(p.plan.rank).toBeDefined();
      expect(p.explanation.join('\n')).toMatch(/not a time/);
    });
  }
  // titles joined by small words, a season or part of the day that names a thing, a day name before a noun
  for (const q of ['what do you think of The Best of Friday Nights', 'tell me about the fall of the Roman Republic', 'what did we say about the evening news', 'where was that saturday bakery']) {
    it(`${q} (a name or a thing)`, () => {
      const p = plan(q);
      expect(p.plan.chain.filter((op) => op.column !== 'Role')).toEqual([]);
      expect(p.plan.rank).toBeDefined();
    });
  }
  it('"name" is a topic in "my last name", and framing in "the name of"', () => {
    expect(plan('what did you say about my last name').plan.rank?.query).toContain('name');
    expect(plan('what was the name of the bakery we talked about').plan.rank?.query).toBe('bakery');
  });
  for (const q of ['What should I bring on Halloween?', "What's coming up in December?", 'what do I have next Monday']) {
    it(`${q} (the future)`, () => expect(plan(q).plan.chain).toEqual([]));
  }
});

describe('what could not be read is said, and not searched for', () => {
  it('a time it cannot read: reported, the default session, no ranking by its words', () => {
    const p = plan('what did we talk about a few moons ago');
    expect(p.notUnderstood).toEqual(['a few moons ago']);
    expect(p.explanation).toContain("Not understood as a time: 'a few moons ago' (neither a filter nor searched for)");
    expect(chainNotation(p.plan)).toBe('f_value(Session_Index, [12])');
    expect(p.plan.rank).toBeUndefined();
  });
  it('next to a topic: the topic is searched, the unread time is not', () => {
    const p = plan('what did we say about the boat ages ago');
    expect(p.notUnderstood).toEqual(['ages ago']);
    expect(p.plan.rank?.query).toBe('boat');
  });
  it('every time it read is quoted, nothing is reported', () => {
    const p = plan('what did we talk about last week');
    expect(p.notUnderstood).toBeUndefined();
    expect(p.explanation[0]).toBe("I read 'last week' as the week of Mon Nov 9, 2026 (2026-W46)");
  });
});

describe('whose turns, and positions inside a session', () => {
  table([
    ['show me your answers from Nov 2', 'f_value(Date, [2026-11-02]) → f_value(Role, [assistant])'],
    ['everything I said yesterday', 'f_value(Date, [2026-11-17]) → f_value(Role, [user])'],
    ['what do I typically ask you on Sundays', 'f_value(Day_Name, [Sunday]) → f_value(Role, [user])'],
    ['what did ChatGPT reply on Nov 2', 'f_value(Date, [2026-11-02]) → f_value(Speaker, [ChatGPT])'],
    ['what do we usually talk about on Sunday mornings', 'f_between(Time, [00:00:00, 12:59:59]) → f_value(Day_Name, [Sunday])'],
  ]);
  it('"the last message of our 3rd chat" is the last Response_Index of that session', () => {
    const numbered = fakeMemory();
    numbered.sessions.forEach((s, i) => (s.responses = [i * 10, i * 10 + 9]));
    const p = planQuestion({ question: 'What was the last message of our 3rd chat?', now: NOW }, numbered);
    expect(chainNotation(p.plan)).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [29])');
    const first = planQuestion({ question: 'what was the first msg in sesh 2', now: NOW }, numbered);
    expect(chainNotation(first.plan)).toBe('f_value(Session_Index, [2]) → f_value(Response_Index, [10])');
  });
  it('"the Nth message" beside a session or a day counts within it; alone, across the memory', () => {
    const numbered = fakeMemory();
    numbered.sessions.forEach((s, i) => (s.responses = [i * 10, i * 10 + 9]));
    const at = (question: string) => chainNotation(planQuestion({ question, now: NOW }, numbered).plan);
    expect(at('in our fourth chat, what was the third reply')).toBe('f_value(Session_Index, [4]) → f_value(Response_Index, [32])');
    expect(at('what was the opening message of the chat on Nov 14')).toBe('f_value(Date, [2026-11-14]) → f_value(Response_Index, [80])');
    expect(at("the closing message in Monday's conversation")).toBe('f_value(Date, [2026-11-16]) → f_value(Response_Index, [99])');
    expect(at('what was the 3rd message')).toBe('f_value(Response_Index, [2])');
    expect(at('what did message three hundred and four say')).toBe('f_value(Response_Index, [304])');
  });
});
