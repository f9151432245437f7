import { describe, expect, it } from 'vitest';
import { analyzeQuestion, detectSpeakers } from '../../electron/node/engine/retrieval/query-analysis';
import { DEFAULT_PARAMS } from '../../electron/node/engine/retrieval/params';

const speakers = [
  { name: 'Caroline', role: 'other' },
  { name: 'Mel Jones', role: 'other' },
];

describe('detectSpeakers', () => {
  it('finds names, possessives and first names, case-insensitively', () => {
    expect(detectSpeakers("What is Caroline's job?", speakers)).toEqual(['Caroline']);
    expect(detectSpeakers('what did caroline paint?', speakers)).toEqual(['Caroline']);
    expect(detectSpeakers('Where did Mel go camping?', speakers)).toEqual(['Mel Jones']);
    expect(detectSpeakers('Did Caroline and Mel Jones meet?', speakers)).toEqual(['Caroline', 'Mel Jones']);
  });

  it('does not match a name inside another word', () => {
    expect(detectSpeakers('What did Melanie say about caramel?', speakers)).toEqual([]);
  });

  it('maps I / my to the user of an assistant chat', () => {
    const chat = [
      { name: 'me', role: 'user' },
      { name: 'ChatGPT', role: 'assistant' },
    ];
    expect(detectSpeakers('What did I say about my garden?', chat)).toEqual(['me']);
    expect(detectSpeakers('What did ChatGPT suggest for dinner?', chat)).toEqual(['ChatGPT']);
    // A speaker labelled with a pronoun is not "named" by every question using it.
    expect(detectSpeakers('What did you suggest?', [{ name: 'You', role: 'user' }, { name: 'ChatGPT', role: 'assistant' }])).toEqual([]);
  });
});

describe('analyzeQuestion', () => {
  it('removes speaker names from the text query', () => {
    const a = analyzeQuestion("What kind of pottery did Caroline's class make?", speakers, DEFAULT_PARAMS);
    expect(a.speakers).toEqual(['Caroline']);
    expect(a.text.split(' ')).not.toContain('caroline');
    expect(a.text.split(' ')).toContain('pottery');
  });

  it('keeps names when asked to', () => {
    const a = analyzeQuestion('What did Caroline paint?', speakers, { ...DEFAULT_PARAMS, stripSpeakerNames: false });
    expect(a.text).toContain('caroline');
  });

  it('adds number variants and flags time questions and date windows', () => {
    const a = analyzeQuestion('When did Caroline celebrate her 18th birthday with three friends in June 2023?', speakers, DEFAULT_PARAMS);
    expect(a.asksTime).toBe(true);
    expect(a.text.split(' ')).toEqual(expect.arrayContaining(['18th', 'eighteenth', 'three', '3']));
    expect(a.window).toMatchObject({ from: '2023-06-01', to: '2023-06-30' });
    expect(a.text).not.toContain('june');
  });
});
