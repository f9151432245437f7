// Counts with their noun by the plural rules: "1 source", "2 sources", "0 entities".
import { describe, expect, it } from 'vitest';
import { countOf, formatNumber, nounFor, pluralNoun } from '../../shared/text/plural';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'source')).toBe('1 source');
    expect(countOf(2, 'source')).toBe('2 sources');
    expect(countOf(0, 'graph')).toBe('0 graphs');
    expect(countOf(12_345, 'session')).toBe('12,345 sessions');
    expect(countOf(1, 'entity')).toBe('1 entity');
    expect(countOf(3, 'entity')).toBe('3 entities');
    expect(countOf(2, 'match')).toBe('2 matches');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
  it('forms English plurals', () => {
    expect(['day', 'class', 'box', 'query', 'conversation'].map(pluralNoun)).toEqual(['days', 'classes', 'boxes', 'queries', 'conversations']);
    expect(nounFor(1, 'row')).toBe('row');
    expect(nounFor(1.5, 'row')).toBe('rows');
    // the rule written out is Intl's for English
    const en = new Intl.PluralRules('en-US');
    for (const n of [0, 1, -1, 2, 1.5, 0.5, 1e21, -0, 11, 21, 101]) expect(nounFor(n, 'row')).toBe(en.select(n) === 'one' ? 'row' : 'rows');
  });
});

describe('formatNumber', () => {
  it('writes numbers as en-US does (whole numbers without Intl, the rest with it)', () => {
    const en = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, -1, -1000, -987_654_321, Number.MAX_SAFE_INTEGER, 0.125, 2.5, -0, 1e21, 1234.5678]) {
      expect(formatNumber(n)).toBe(en.format(n));
    }
  });
});
