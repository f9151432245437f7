// Follow-ups: a question and the dialogue before it → a self-contained question, then a plan.
import { describe, expect, it } from 'vitest';
import { chainNotation } from '../../electron/node/engine/timeline/plan';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import { fakeMemory, NOW } from './fixtures';

const memory = fakeMemory();
const turns = (...texts: string[]) => texts.map((text, i) => ({ speaker: i % 2 ? 'ChatGPT' : 'Ann', text }));
const ask = (question: string, context: string[]) => planQuestion({ question, context: turns(...context), now: NOW }, memory);

describe('follow-up rewrite', () => {
  it('carries a relative day into a bare request (the study’s example)', () => {
    const p = ask('I enjoy them too! Can you summarize what we discussed?', ['I see in my calendar that we talked 167 days ago.', 'Yes! We did talk then. I always enjoy our chats.']);
    expect(p.rewritten).toBe(true);
    expect(p.rewrite).toBe('What did we discuss 167 days ago?');
    expect(chainNotation(p.plan)).toBe('f_value(Date, [2026-06-04])');
    expect(p.explanation[0]).toMatch(/Follow-up rewritten with '167 days ago'/);
  });

  it('carries the reference from the latest turn that has one, across several turns', () => {
    const p = ask('Yes, please do.', [
      'I am trying to remember what we talked about between May 3rd and June 1st. Can you remember that far back?',
      'Yes, I can remember that far back.',
      'Wow! You have a better memory than me!',
      "I don't know about that! But I can summarize what we discussed over this period for you if you'd like.",
    ]);
    expect(p.rewrite).toBe('What did we discuss between May 3rd and June 1st?');
    expect(chainNotation(p.plan)).toBe('f_between(Date, [2026-05-03, 2026-06-01])');
  });

  it('replaces "those conversations" in place', () => {
    const p = ask('Could you describe, in as much detail as you can, the content of those conversations?', ['I remember that our 2nd through 4th discussions were fun.', 'Yes, they were.']);
    expect(p.rewrite).toBe('Could you describe, in as much detail as you can, the content of our conversations in our 2nd through 4th discussions?');
    expect(chainNotation(p.plan)).toBe('f_between(Session_Index, [2, 4])');
    expect(p.classification).toBe('meta');
  });

  it('replaces "that day" and "then"', () => {
    expect(ask('What else happened that day?', ['We went over my budget on June 14th.']).plan.chain[0]).toMatchObject({ column: 'Date', values: ['2026-06-14'] });
    expect(chainNotation(ask('What did we say back then?', ['Our chat from 3 sessions ago was nice.']).plan)).toBe('f_value(Session_Index, [10])');
  });

  it('"the one before that" shifts the carried session', () => {
    const p = ask('And the one before that?', ['What did we discuss 3 sessions ago?', 'We talked about your garden.']);
    expect(p.rewrite).toBe('And the one before that (3 sessions ago)?');
    expect(chainNotation(p.plan)).toBe('f_value(Session_Index, [9])');
  });

  it('"the day before" shifts the carried day', () => {
    expect(chainNotation(ask('What about the day before?', ['What did we talk about on June 14th?']).plan)).toBe('f_value(Date, [2026-06-13])');
  });

  it('"it" takes the topic of the turn that named one', () => {
    const p = ask('What did Ann say about it then?', ['We talked about the tulip garden on June 14.', 'Yes, you planted bulbs.']);
    expect(p.rewrite).toBe('What did Ann say about tulip garden on June 14?');
    expect(p.classification).toBe('both');
    expect(p.plan.rank?.query).toBe('tulip garden');
  });

  it('carries parts of the day', () => {
    const p = ask('Yes, could you describe, in as much detail as you can, the content of that conversation?', ['I remember we had a discussion earlier in the morning.', 'Yes, we did.', 'But I cannot quite remember what we discussed.', 'Would you like me to tell you?']);
    expect(chainNotation(p.plan)).toBe('f_value(Date, [2026-11-18]) → f_between(Time, [00:00:00, 12:59:59])');
  });

  it('leaves self-contained questions alone', () => {
    expect(ask('What did we discuss yesterday?', ['We talked 167 days ago.']).rewritten).toBe(false);
    // a new topic without pointing back does not inherit the time
    const p = ask("What is Ann's favourite colour?", ['We talked on June 14th.']);
    expect(p.rewritten).toBe(false);
    expect(p.plan.chain).toEqual([]);
  });

  it('without a time in the dialogue nothing is carried', () => {
    const p = ask('Can you summarize what we discussed?', ['Hi!', 'Hello, how can I help?']);
    expect(p.rewritten).toBe(false);
    expect(chainNotation(p.plan)).toBe('f_value(Session_Index, [12])');
  });
});
