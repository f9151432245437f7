// Spelling first (electron/node/engine/timeline/normalize.ts): the closed time and chat vocabulary
// of resources/timeline/lexicon.json, never the topic; numeric dates in the locale's order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lexicon, readLexicon } from '../../electron/node/engine/timeline/lexicon';
import { localeInfo } from '../../electron/node/engine/timeline/locale';
import { abbreviated, normalizeSpelling, repairedSpelling } from '../../electron/node/engine/timeline/normalize';
import { holidayCalendar } from '../../electron/node/engine/timeline/holidays';

const spelled = (text: string, dayFirst = false) => normalizeSpelling(text, { dayFirst }).text;

describe('abbreviations and texting forms', () => {
  it('reads the forms of the lexicon as whole words, in any case, and records each change', () => {
    const s = normalizeSpelling('What did we talk abt last Wk, yday?');
    expect(s.text).toBe('What did we talk about last Week, yesterday?');
    expect(s.changes.map((c) => [c.from, c.to, c.kind])).toEqual([
      ['abt', 'about', 'form'],
      ['Wk', 'Week', 'form'],
      ['yday', 'yesterday', 'form'],
    ]);
  });
  it('one-letter forms only as typed in lower case, two-letter ones not in capitals', () => {
    expect(spelled('what did u say about R and the U.S. trip')).toBe('what did you say about R and the U.S. trip');
  });
  it('reads possessives typed without the apostrophe before a chat noun', () => {
    expect(spelled('what was yesterdays chat and tuesdays convo about')).toBe("what was yesterday's chat and tuesday's convo about");
    expect(spelled('what do we talk about on tuesdays')).toBe('what do we talk about on tuesdays');
  });
});

describe('spoken forms and shortenings', () => {
  it("reads a wh-word's 'd before a pronoun as did", () => {
    expect(spelled("where'd you put the notes from tuesday, and how'd we decide")).toBe('where did you put the notes from tuesday, and how did we decide');
    expect(spelled("what'd be nice")).toBe("what'd be nice");
  });
  it('restores the dropped g of a request verb, not of other words', () => {
    expect(spelled("we were chattin' about it, discussin the budget")).toBe('we were chatting about it, discussing the budget');
    expect(spelled('the cabin in the woods')).toBe('the cabin in the woods');
  });
  it('reads a word one edit from "about" after a conversation verb as "about", the same word elsewhere as written', () => {
    expect(spelled('what did we chat abot on friday')).toBe('what did we chat about on friday');
    expect(spelled('the walls abut the garden')).toBe('the walls abut the garden');
  });
  it('expands a shortened chat noun or calendar unit: a prefix of four letters or more, or its letters with both ends', () => {
    expect(abbreviated('conv')).toBe('conversation');
    expect(abbreviated('convs')).toBe('conversations');
    expect(abbreviated('mth')).toBe('month');
    expect(abbreviated('dscn')).toBe('discussion');
    // English words, words of two candidates, and a form the lexicon already has stay as they are
    expect(abbreviated('mon')).toBeNull();
    expect(abbreviated('sess')).toBeNull();
    expect(abbreviated('wk')).toBeNull();
    // English words with a chat noun's letters in order ("don": discussion, "mess": message), and the nouns themselves
    for (const w of ['don', 'mess', 'sent', 'monday', 'week', 'weeks', 'session']) expect(abbreviated(w), w).toBeNull();
    expect(spelled('recap of conv 12 from last mth')).toBe('recap of conversation 12 from last month');
  });
});

describe('misspellings of the vocabulary', () => {
  it('repairs a word one edit from a vocabulary word (two from eight letters)', () => {
    expect(repairedSpelling('febuary')).toBe('february');
    expect(repairedSpelling('recntly')).toBe('recently');
    expect(repairedSpelling('wensday')).toBe('wednesday');
    expect(repairedSpelling('convrsation')).toBe('conversation');
  });
  it('never repairs an English word, a plural of the vocabulary, or a word far from it', () => {
    for (const w of ['mouth', 'sundry', 'weakened', 'money', 'mandate', 'thursdays', 'garden']) expect(repairedSpelling(w), w).toBeNull();
  });
  it('leaves a capitalised word inside the sentence alone unless it is a month or day in a date context', () => {
    expect(spelled('Tell me about Marcy')).toBe('Tell me about Marcy');
    expect(spelled('what did we do in Febuary')).toBe('what did we do in February');
    expect(normalizeSpelling('what did Mondy say', { keep: ['Mondy'] }).text).toBe('what did Mondy say');
  });
});

describe('numeric dates', () => {
  it('are month first in en-US and day first in en-GB', () => {
    expect(spelled('on 5/11/2026')).toBe('on May 11, 2026');
    expect(spelled('on 5/11/2026', true)).toBe('on November 5, 2026');
    expect(spelled('since 11/9')).toBe('since November 9');
  });
  it('are day first when the first number cannot be a month, or dotted', () => {
    expect(spelled('from 17/11')).toBe('from November 17');
    expect(spelled('on 2.11.2026')).toBe('on November 2, 2026');
  });
  it('leave fractions, decimals and fixed phrases alone', () => {
    for (const t of ['3/4 of the recipe', '1/2 cup of milk', '3.5 hours', 'open 24/7']) expect(spelled(t)).toBe(t);
  });
});

describe('the locale setting', () => {
  it('tells day-first locales and their country from Intl', () => {
    expect(localeInfo('en-GB')).toMatchObject({ dayFirst: true, country: 'GB' });
    expect(localeInfo('en-US')).toMatchObject({ dayFirst: false, country: 'US' });
    expect(localeInfo(undefined)).toMatchObject({ tag: 'en-US' });
    expect(localeInfo('not a tag!')).toMatchObject({ tag: 'en-US' });
  });
});

describe('holidays', () => {
  it('come from the country’s calendar: moving feasts move', () => {
    const us = holidayCalendar('US');
    expect(us.dayOf(us.holidayOf('Thanksgiving')!, 2025)).toBe('2025-11-27');
    expect(us.dayOf(us.holidayOf('thanksgiving')!, 2026)).toBe('2026-11-26');
    expect(us.dayOf(us.holidayOf('easter')!, 2026)).toBe('2026-04-05');
    expect(us.holidayOf('labor day')).toBe(us.holidayOf('Labour Day'));
  });
  it('a country keeps its own: no Thanksgiving in GB, the fixed days every English locale knows', () => {
    const gb = holidayCalendar('GB');
    expect(gb.holidayOf('thanksgiving')).toBeNull();
    expect(gb.dayOf(gb.holidayOf("Valentine's Day")!, 2026)).toBe('2026-02-14');
    expect(gb.dayOf(gb.holidayOf('boxing day')!, 2026)).toBe('2026-12-26');
    expect(gb.periodOf('the holidays')).toEqual({ from: 'christmas eve', to: "new year's day" });
  });
});

describe('the lexicon file', () => {
  it('is read and checked once', () => {
    expect(lexicon().version).toBeGreaterThanOrEqual(1);
    expect(lexicon().framing.has('agenda')).toBe(true);
  });
  it('refuses a file of the wrong shape with its name and the field', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-lexicon-'));
    const file = path.join(dir, 'lexicon.json');
    const good = JSON.parse(fs.readFileSync(path.join(__dirname, '../../resources/timeline/lexicon.json'), 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...good, forms: { Yday: 'yesterday' } }));
    expect(() => readLexicon(file)).toThrow(/lexicon\.json: forms\.Yday.*lower case/);
    fs.writeFileSync(file, '{ "version": 1,');
    expect(() => readLexicon(file)).toThrow(/lexicon\.json: not readable JSON/);
  });
});
