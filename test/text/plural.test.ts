// Counts with their noun by the plural rules: "1 source", "2 sources", "0 entities".
import { describe, expect, it } from 'vitest';
import { countOf, nounFor, pluralNoun } from '../../shared/text/plural';

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
  });
});
