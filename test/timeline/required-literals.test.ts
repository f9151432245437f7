// The grammar skips a pattern when none of its required literals is in the text: the literals
// must be ones every match holds (else a reference would be missed), and selective enough to skip.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayMatch as mayMatchAnyUse, requiredLiterals, USES_BEFORE_PARSE } from '../../electron/node/engine/common/required-literals';

/** A pattern asked about often enough to be parsed (its first uses are answered "may" unparsed). */
function parsed(rx: RegExp): RegExp {
  for (let i = 0; i < USES_BEFORE_PARSE; i++) mayMatchAnyUse(rx, '', '', true);
  return rx;
}
const mayMatch = (rx: RegExp, text: string, lower: string, ascii: boolean) => mayMatchAnyUse(parsed(rx), text, lower, ascii);

const literals = (rx: RegExp) => [...(requiredLiterals(rx) ?? ['(none)'])].sort();

describe('required literals of a pattern', () => {
  it('reads runs, alternatives and required groups; optional parts require nothing', () => {
    expect(literals(/\bweek\s*days\b/gi)).toEqual(['week']);
    expect(literals(/\b(?:the\s+)?(?:weekend|week\s+nights)\b/gi)).toEqual(['nights', 'weekend']); // per alternative, its longest run
    expect(literals(/\b(yesterday|today|tomorrow)(?:'s)?\b/gi)).toEqual(['today', 'tomorrow', 'yesterday']);
    expect(literals(/\bq([1-4])\b/gi)).toEqual(['q']);
    expect(literals(/(?:last|past)?\s+\d+/g)).toEqual(['(none)']);
    expect(literals(/(\d+)\s+(?:sessions?|chats?)\s+ago/gi)).toEqual(['chat', 'session']); // the longest shortest literal wins over 'ago'
    expect(literals(/a|b?/g)).toEqual(['(none)']);
    expect(literals(/(?:Mon|Tue)day/g)).toEqual(['Monday', 'Tueday']);
    expect(literals(/[qQ][0-9]/g)).toEqual(['q', 'Q'].sort());
    expect(literals(/x(?<=y)z/g)).toEqual(['xz']);
    // fixed text with a small class or group in it: every string it can be
    expect(literals(/\b(?:h([12])|(first|second|back)\s+half)\b/gi)).toEqual(['h1', 'h2', 'half']);
    expect(literals(/(?:on|at)\s+noon/gi)).toEqual(['noon']);
    expect(literals(/\bweek(?:s|ly)?\b/gi)).toEqual(['week']);
  });

  it('in a case-insensitive pattern, a character outside ASCII requires nothing (it may fold onto an ASCII one)', () => {
    expect(literals(/\u017Fun/iu)).toEqual(['un']);
    expect('sun'.match(/\u017Fun/iu)).not.toBeNull(); // why: ſ folds to s
    expect(mayMatch(/\u017Fun/iu, 'SUN', 'sun', true)).toBe(true);
    // and a text outside ASCII is never filtered by a case-insensitive pattern
    expect(mayMatch(/\bkelvin\b/i, 'KELVIN', 'kelvin', false)).toBe(true);
  });

  it('tests each text afresh (the pairs of characters of the last text are kept)', () => {
    expect(mayMatch(/weekend/i, 'a weekend', 'a weekend', true)).toBe(true);
    expect(mayMatch(/weekend/i, 'a weekday', 'a weekday', true)).toBe(false);
    expect(mayMatch(/weekend/i, 'the WEEKEND', 'the weekend', true)).toBe(true);
    // case-sensitive patterns look at the text as it is, not its lower case
    expect(mayMatch(/Ab/, 'xab', 'xab', true)).toBe(false);
    expect(mayMatch(/Ab/, 'xAb', 'xab', true)).toBe(true);
    // a literal of one character has no pair; a text of one character holds none
    expect(mayMatch(/q/, 'q', 'q', true)).toBe(true);
    expect(mayMatch(/ab/, 'a', 'a', true)).toBe(false);
  });

  it('runs a pattern unfiltered for its first uses, then filters it (parsing costs more than one run)', () => {
    const rx = /\bfortnight\b/gi;
    for (let i = 0; i < USES_BEFORE_PARSE; i++) expect(mayMatchAnyUse(rx, 'a weekday', 'a weekday', true)).toBe(true);
    expect(mayMatchAnyUse(rx, 'a weekday', 'a weekday', true)).toBe(false);
    expect(mayMatchAnyUse(rx, 'a fortnight ago', 'a fortnight ago', true)).toBe(true);
  });

  it('never skips a pattern that matches: the grammar-like patterns over the phrasing corpora', () => {
    const patterns = [
      /\b(?:our\s+|the\s+|my\s+)?recent\s+(?:sessions|conversations|chats)\b/gi,
      /\b(\d{1,4}|an?|one|several|a\s+few)\s+(day|week|fortnight|month|year)s?\s+(?:ago|back|before\s+now|earlier)\b/gi,
      /\b(?:(?:over|during|on|at)\s+)?(?:this\s+past|the\s+past|last|past|previous)\s+weekend(?:'s)?\b/gi,
      /\b(?:the|our)\s+(?:very\s+)?(\d{1,3})(?:st|nd|rd|th)\s+ones?\b/gi,
      /(?<![\p{L}\p{N}])(?:yday|yest|2day|tmrw|wknd)(?![\p{L}\p{N}])/giu,
      /\b(?:in|from|back\s+in|during|since)\s+'(\d\d)\b/gi,
      /\b(later|earlier)\s+(?:on\s+)?(?:in\s+)?that\s+(day|week|month|year)\b/gi,
      /\bthe\s+(march|may)\b(?!\s*\d)/gi,
      /\b(?:recently|lately|of\s+late|these\s+days|nowadays)\b/gi,
      /\b(?:start|beginning|end|middle)\s+of\s+(?:the|this|last)\s+year\b/gi,
      /\b(?:in\s+|during\s+)?(?:the\s+)?(?:h([12])|(first|1st|front|second|2nd|back|latter|last)\s+half)\b/gi,
      /\b[qQ]([1-4])(?:'s)?\b/g,
    ];
    const corpus = ['timeline-phrasings.jsonl', 'timeline-phrasings-heldout.jsonl'].flatMap((f) =>
      fs
        .readFileSync(path.join(__dirname, '../fixtures', f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => (JSON.parse(l) as { question: string }).question),
    );
    corpus.push('H2 2025', 'the back half of the year', 'q3', 'Q4\'s numbers', 'Two weeks ago', 'BACK IN \'25', 'the MARCH for science', 'Nowadays?', 'sun', 'Later that week');
    let skipped = 0;
    const missed: string[] = [];
    for (const text of corpus) {
      const ascii = !/[^\x00-\x7f]/.test(text);
      for (const rx of patterns) {
        rx.lastIndex = 0;
        const matches = rx.test(text);
        const may = mayMatch(rx, text, text.toLowerCase(), ascii);
        if (matches && !may) missed.push(`${rx.source} ~ ${text}`);
        if (!may) skipped++;
      }
    }
    expect(missed).toEqual([]);
    // and the filter does skip most of them (it is there to save work)
    expect(skipped).toBeGreaterThan(corpus.length * patterns.length * 0.5);
  });
});
