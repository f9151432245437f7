// Rewritten text with a map back to its source (shared/text/mapped-text.ts), and the spelling distance.
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../shared/text/edit-distance';
import { chainMaps, replaceSpans } from '../../shared/text/mapped-text';

describe('replaceSpans', () => {
  const source = 'what did we talk abt yday?';
  const m = replaceSpans(source, [
    { start: 17, end: 20, by: 'about' },
    { start: 21, end: 25, by: 'yesterday' },
  ]);

  it('rewrites the pieces and maps spans back to the words as written', () => {
    expect(m.text).toBe('what did we talk about yesterday?');
    const at = m.text.indexOf('yesterday');
    expect(source.slice(...m.toSource(at, at + 'yesterday'.length))).toBe('yday');
    // a span over unchanged and rewritten text covers both in the source
    expect(source.slice(...m.toSource(m.text.indexOf('talk'), m.text.length - 1))).toBe('talk abt yday');
    // a position inside a rewritten piece maps to the whole piece
    expect(source.slice(...m.toSource(at + 2, at + 4))).toBe('yday');
  });

  it('keeps the text when there is nothing to replace, and skips overlapping replacements', () => {
    expect(replaceSpans('abc', []).text).toBe('abc');
    expect(replaceSpans('abcdef', [{ start: 0, end: 3, by: 'X' }, { start: 2, end: 4, by: 'Y' }]).text).toBe('Xdef');
  });

  it('chains maps: a rewrite of a rewrite still maps to the source', () => {
    const first = replaceSpans('on the fifth of jul', [{ start: 16, end: 19, by: 'July' }]);
    const second = replaceSpans(first.text, [{ start: 7, end: 12, by: '5th' }]);
    const both = chainMaps(second, first);
    expect(both.text).toBe('on the 5th of July');
    expect('on the fifth of jul'.slice(...both.toSource(7, both.text.length))).toBe('fifth of jul');
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('febuary', 'february')).toBe(1);
    expect(editDistance('latley', 'lately')).toBe(1);
    expect(editDistance('recntly', 'recently')).toBe(1);
    expect(editDistance('mouth', 'month')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('weakened', 'weekend')).toBe(2);
  });
  it('stops early above a limit', () => {
    expect(editDistance('completely', 'different', 1)).toBe(2);
  });
});
