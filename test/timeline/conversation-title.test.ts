// A conversation named by its title ("in the Sourdough chat") keeps that conversation's sessions;
// a title that is only a word of the question, with no word for a conversation beside it, does not.
import { describe, expect, it } from 'vitest';
import { conversationNamed } from '../../electron/node/engine/timeline/conversation-title';

const TITLES = new Map<string, number[]>([
  ['Sourdough', [2]],
  ['Sourdough rescue', [9]],
  ['Lisbon trip', [1, 4]],
  ['Rain in Porto', [7]],
  ['New chat', [3, 5]],
]);
const named = (text: string) => {
  const n = conversationNamed(text, TITLES);
  return n && { title: n.title, sessions: n.sessions, words: text.slice(n.start, n.end) };
};

describe('a conversation named by its title', () => {
  it('reads the title beside a word for a conversation, before or after it', () => {
    expect(named('what did we say in the sourdough chat?')).toEqual({ title: 'Sourdough', sessions: [2], words: 'sourdough chat' });
    expect(named('what did we talk about in the Lisbon trip conversation?')).toEqual({ title: 'Lisbon trip', sessions: [1, 4], words: 'Lisbon trip conversation' });
    expect(named('what did we discuss in the chat called “Rain in Porto”?')).toEqual({ title: 'Rain in Porto', sessions: [7], words: 'chat called “Rain in Porto”' });
    expect(named('summarize the thread Sourdough rescue')?.title).toBe('Sourdough rescue');
  });

  it('takes the longest title named, and none without a word for a conversation', () => {
    expect(named('what did you say in the sourdough rescue chat?')?.title).toBe('Sourdough rescue');
    expect(named('is it going to rain in porto?')).toBeNull();
    expect(named('how is my sourdough doing, any chat about it?')).toBeNull();
  });

  it('ignores the titles an app gives when the person gave none', () => {
    expect(named('what did we say in the new chat?')).toBeNull();
  });
});
