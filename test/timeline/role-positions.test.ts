// "The last thing I asked" in an assistant chat: the position is counted among the person's own
// turns (the session's last turn is usually the assistant's), and where Response_Index restarts
// in every session the session is kept in the plan, so the position is not matched in all of them.
// The position may also follow the verb ("what did I ask you first?").
import { describe, expect, it } from 'vitest';
import { planQuestion, type PlannerMemory, type SessionEntry } from '../../electron/node/engine/timeline/planner';
import { chainNotation } from '../../electron/node/engine/timeline/plan';

/** Three chats of four turns each (user, assistant, user, assistant), numbered from 0 in each. */
const sessions: SessionEntry[] = [1, 2, 3].map((i) => ({
  id: 100 + i,
  sourceId: 1,
  index: i,
  start: `2025-03-0${i}T09:00:00`,
  end: `2025-03-0${i}T09:10:00`,
  responses: [0, 3],
}));

function memory(withRoles: boolean): PlannerMemory {
  return {
    numbering: 'memory',
    sessions,
    hasData: () => true,
    speakers: ['User', 'ChatGPT'],
    hasRoles: true,
    sessionsOfSpeaker: () => [1, 2, 3],
    ...(withRoles ? { responsesOfRole: (_session: number, role: 'user' | 'assistant') => (role === 'user' ? ([0, 2] as [number, number]) : ([1, 3] as [number, number])) } : {}),
  };
}

const plan = (question: string, m = memory(true)) => chainNotation(planQuestion({ question, now: '2025-03-05T12:00:00' }, m).plan);

describe('positions of one role in a session', () => {
  it('"the last thing I asked": the person’s last turn of the last chat, not the assistant’s', () => {
    expect(plan('What was the last thing I asked?')).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [2]) → f_value(Role, [user])');
  });

  it('"the first thing you said in our last chat": the assistant’s first turn', () => {
    expect(plan('What was the first thing you said in our last chat?')).toMatch(/f_value\(Response_Index, \[1\]\) → f_value\(Role, \[assistant\]\)$/);
  });

  it('the position after the verb: "what did I ask you first?", "what did you say last?", "… first in session 2?"', () => {
    expect(plan('What did I ask you first?')).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [0]) → f_value(Role, [user])');
    expect(plan('what did you say last?')).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [3]) → f_value(Role, [assistant])');
    expect(plan('What did I tell you first in session 2?')).toBe('f_value(Session_Index, [2]) → f_value(Response_Index, [0]) → f_value(Role, [user])');
    // not a position: a time ("last week") or a phrase ("first thing in the morning") follows
    expect(plan('What did you say last week?')).not.toMatch(/Response_Index/);
    expect(plan('What did I say first thing in the morning?')).not.toMatch(/Response_Index/);
    // without it, every turn of that side (as before)
    expect(plan('What did I ask you?')).toBe('f_value(Role, [user])');
  });

  it('a possessive position: "my first question", "your last answer", "the first question I asked", "your very first reply in session 1"', () => {
    expect(plan('What was my first question?')).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [0]) → f_value(Role, [user])');
    expect(plan('what was your last answer?')).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [3]) → f_value(Role, [assistant])');
    expect(plan('show me my last message')).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [2]) → f_value(Role, [user])');
    expect(plan('What was the first question I asked in session 2?')).toBe('f_value(Session_Index, [2]) → f_value(Response_Index, [0]) → f_value(Role, [user])');
    expect(plan('your very first reply in session 1')).toBe('f_value(Session_Index, [1]) → f_value(Response_Index, [1]) → f_value(Role, [assistant])');
    // a question being announced is not a reference to one
    expect(plan('My first question is: what did we discuss on March 2?')).not.toMatch(/Response_Index|Role/);
    expect(plan('my last question: what did we discuss on March 2?')).not.toMatch(/Response_Index|Role/);
    // without the position, every turn of that side (as before)
    expect(plan('What were my questions?')).toBe('f_value(Role, [user])');
  });

  it('with no session or day named, the plan says it read the latest conversation (Ask leads its answer with that)', () => {
    const explained = (question: string) => planQuestion({ question, now: '2025-03-05T12:00:00' }, memory(true)).explanation;
    expect(explained('What was the first thing I asked you?')).toContain('(no conversation named: the latest one, on 2025-03-03)');
    expect(explained('What was the first thing I asked you in session 2?').some((l) => l.startsWith('(no conversation named'))).toBe(false);
  });

  it('in a conversation named by its title: the first turn in its first session, the last in its last (not the latest chat’s)', () => {
    const titled = { ...memory(true), sessionsTitled: () => new Map([['Lisbon trip', [1, 2]]]) };
    expect(plan('What did you say last in the Lisbon trip chat?', titled)).toBe(
      'f_value(Session_Index, [2]) → f_value(Response_Index, [3]) → f_value(Role, [assistant]) → f_value(Session_Index, [1, 2])',
    );
    expect(plan('What was the first thing I asked in the Lisbon trip chat?', titled)).toBe(
      'f_value(Session_Index, [1]) → f_value(Response_Index, [0]) → f_value(Role, [user]) → f_value(Session_Index, [1, 2])',
    );
    const explained = planQuestion({ question: 'What was the first thing I asked in the Lisbon trip chat?', now: '2025-03-05T12:00:00' }, titled).explanation;
    expect(explained.some((l) => l.startsWith('(no conversation named'))).toBe(false);
  });

  it('without per-role ranges, the session’s own last turn (as before), still kept to that session', () => {
    expect(plan('What was the last thing I asked?', memory(false))).toBe('f_value(Session_Index, [3]) → f_value(Response_Index, [3]) → f_value(Role, [user])');
  });
});
