// The shared text toolkit: words, stems as the index makes them, stop-word sets, numbers both
// ways, sentences.
import { describe, expect, it } from 'vitest';
import { cardinalValue, cardinalWord, numberVariants, numberWord, ordinalDigits, ordinalSuffix, ordinalValue, ordinalWord, quantityValue, timesValue } from '../../shared/text/numbers';
import { sentences } from '../../shared/text/sentences';
import { baseForm, containsStem, matchStem, stem, stemPattern, stemPrefix } from '../../shared/text/stem';
import { CHAT_FILLERS, contentWords, INDEX_STOP_WORDS, STOP_WORDS, TITLES } from '../../shared/text/stop-words';
import { escapeRegExp, foldDiacritics, normalizeApostrophes, normalizeLabel, normalizeText, normalizedWords, words } from '../../shared/text/words';

describe('words', () => {
  it('lower-cases, keeps inner apostrophes, drops the possessive, reads typographic apostrophes', () => {
    expect(words("Caroline's dog didn't bark — twice!")).toEqual(['caroline', 'dog', "didn't", 'bark', 'twice']);
    expect(words('Caroline’s ‘new’ café, 3.5 km')).toEqual(['caroline', 'new', 'café', '3', '5', 'km']);
    expect(normalizeApostrophes('it’s `ok`')).toBe("it's 'ok'");
    expect(words('')).toEqual([]);
  });

  it('makes matching keys: no accents, no apostrophes, & as and, decimals kept, no leading article', () => {
    expect(foldDiacritics('Töpferei Café')).toBe('Topferei Cafe');
    expect(normalizeText("Jo's Café & Bar: 3.5 stars.")).toBe('jos cafe and bar 3.5 stars');
    expect(normalizeLabel('The Blue Door')).toBe('blue door');
    expect(normalizedWords('  ')).toEqual([]);
    expect(new RegExp(escapeRegExp('a.b*(c)')).test('xa.b*(c)y')).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});

describe('stems', () => {
  it('are Porter2 (Snowball English), not Porter 1 or a light stemmer', () => {
    expect(stem('running')).toBe('run');
    expect(stem('Cities')).toBe('citi');
    expect(stem('generously')).toBe('generous');
    expect(stem('connection')).toBe('connect');
    expect(stem('dying')).toBe('die');
    expect(stem('skies')).toBe('sky');
    expect(stem('news')).toBe('news');
    // Porter 1 gives "gener" and "happi"→"happi" too, but "generously" → "gener": Porter2 keeps "generous"
    expect(stem('generate')).toBe('generat');
  });

  it('find their surface forms in text (a final i also matches y)', () => {
    expect(new RegExp(stemPattern(stem('city')), 'i').test('Berlin City')).toBe(true);
    expect(new RegExp(stemPattern(stem('cities')), 'i').test('two cities')).toBe(true);
    expect(new RegExp(stemPattern(stem('happiness')), 'i').test('so happy')).toBe(true);
    expect(stemPattern('run')).toBe('run');
    expect(containsStem('our favourite city', 'citi')).toBe(true);
    expect(containsStem('a fundraising dinner', stem('raised'))).toBe(true);
    expect(containsStem('a quiet evening', 'citi')).toBe(false);
    expect(stemPrefix('running')).toBe('run');
    expect(stemPrefix('city')).toBe('cit');
    expect(stemPrefix('an')).toBe('an');
  });

  it('match irregular forms in code through their base form', () => {
    expect(baseForm('Ran')).toBe('run');
    expect(matchStem('ran')).toBe(matchStem('running'));
    expect(matchStem('bought')).toBe(stem('buy'));
    expect(matchStem('children')).toBe(stem('child'));
    expect(matchStem('shoes')).toBe('shoe');
  });
});

describe('stop words', () => {
  it('one base of function words, with and without apostrophes, fillers and titles apart', () => {
    for (const w of ['the', 'and', "don't", 'dont', "i'm", 'im', 'whose', 'within', 's', 'also']) expect(STOP_WORDS.has(w), w).toBe(true);
    // words of their own are not stop words, even where the index's list has them as contraction stems
    for (const w of ['won', 'don', 'well', 'shed', 'coffee', 'may']) expect(STOP_WORDS.has(w), w).toBe(false);
    expect(INDEX_STOP_WORDS.has('won')).toBe(true);
    expect(CHAT_FILLERS.has('yeah')).toBe(true);
    expect(STOP_WORDS.has('yeah')).toBe(false);
    expect(TITLES.has('dr')).toBe(true);
  });

  it('content words: matching keys without stop words or one-letter leftovers', () => {
    expect(contentWords('The Nightjar Parade concert & I')).toEqual(['nightjar', 'parade', 'concert']);
    expect(contentWords('a 5 k run')).toEqual(['5', 'run']);
  });
});

describe('numbers both ways', () => {
  it('words ↔ values ↔ digits', () => {
    expect(numberWord('Seventh')).toEqual({ value: 7, ordinal: true, tens: false });
    expect(ordinalValue('seventh')).toBe(7);
    expect(ordinalValue('7th')).toBe(7);
    expect(ordinalValue('twenty-first')).toBe(21);
    expect(ordinalValue('seven')).toBeNull();
    expect(ordinalWord(7)).toBe('seventh');
    expect(ordinalWord(21)).toBe('twenty-first');
    expect(ordinalWord(40)).toBe('fortieth');
    expect(ordinalWord(112)).toBe('112th');
    expect(ordinalDigits(7)).toBe('7th');
    expect(cardinalValue('twenty-one')).toBe(21);
    expect(cardinalValue('twenty one')).toBe(21);
    expect(cardinalValue('1,250')).toBe(1250);
    expect(cardinalValue('3.5')).toBe(3.5);
    expect(cardinalValue('seventh')).toBeNull();
    expect(cardinalValue('twenty-twenty')).toBeNull();
    expect(cardinalWord(21)).toBe('twenty-one');
    expect(cardinalWord(40)).toBe('forty');
    expect(cardinalWord(120)).toBe('120');
    for (let n = 0; n <= 99; n++) expect(cardinalValue(cardinalWord(n))).toBe(n);
    for (let n = 1; n <= 99; n++) expect(ordinalValue(ordinalWord(n))).toBe(n);
  });

  it('one ordinal suffix: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th 112th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112].map(ordinalDigits)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th', '112th']);
    expect(ordinalSuffix(0)).toBe('th');
  });

  it('quantities as people say them', () => {
    expect(quantityValue('a dozen')).toBe(12);
    expect(quantityValue('a couple of')).toBe(2);
    expect(quantityValue('couple of')).toBe(2);
    expect(quantityValue('a few')).toBe(3);
    expect(quantityValue('several')).toBe(3);
    expect(quantityValue('an')).toBe(1);
    expect(quantityValue('a hundred')).toBe(100);
    expect(quantityValue('forty-five')).toBe(45);
    expect(quantityValue('twice')).toBe(2);
    expect(quantityValue('some')).toBeNull();
    expect(timesValue('thrice')).toBe(3);
  });

  it('gives the other one-word spelling the index would not match', () => {
    expect(numberVariants('4')).toEqual(['four']);
    expect(numberVariants('four')).toEqual(['4']);
    expect(numberVariants('18th')).toEqual(['eighteenth']);
    expect(numberVariants('eighteenth')).toEqual(['18th']);
    expect(numberVariants('40')).toEqual(['forty']);
    expect(numberVariants('21')).toEqual([]);
    expect(numberVariants('22nd')).toEqual([]);
    expect(numberVariants('one')).toEqual([]);
    expect(numberVariants('1')).toEqual([]);
    expect(numberVariants('first')).toEqual(['1st']);
    expect(numberVariants('coffee')).toEqual([]);
  });
});

describe('sentences', () => {
  it('split at sentence ends, not at titles, initials, decimals, times or ellipses inside a sentence', () => {
    expect(sentences('I saw Dr. Smith today. He was fine.')).toEqual(['I saw Dr. Smith today.', 'He was fine.']);
    expect(sentences('It costs 3.5 euros. Cheap!')).toEqual(['It costs 3.5 euros.', 'Cheap!']);
    expect(sentences('Wait... what? Really?! Yes.')).toEqual(['Wait... what?', 'Really?!', 'Yes.']);
    expect(sentences('Mr. and Mrs. Lee came. J. R. R. Tolkien wrote it.')).toEqual(['Mr. and Mrs. Lee came.', 'J. R. R. Tolkien wrote it.']);
    expect(sentences('We met at 5 p.m. on Friday. Great.')).toEqual(['We met at 5 p.m. on Friday.', 'Great.']);
    expect(sentences('He said "Go home." Then left.')).toEqual(['He said "Go home."', 'Then left.']);
    expect(sentences('Bring snacks, drinks etc. and a towel.')).toEqual(['Bring snacks, drinks etc. and a towel.']);
    expect(sentences('Just like you are doing!🌟 Keep going.')).toEqual(['Just like you are doing!🌟', 'Keep going.']);
  });

  it('a line break ends a sentence; what is left is the text itself', () => {
    expect(sentences('Shopping list\nmilk\neggs')).toEqual(['Shopping list', 'milk', 'eggs']);
    expect(sentences('Ask Dr.\nNext line')).toEqual(['Ask Dr.', 'Next line']);
    expect(sentences('ok')).toEqual(['ok']);
    expect(sentences('')).toEqual(['']);
  });
});
