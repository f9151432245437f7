// Lexical helpers for the JS side of retrieval. The full-text index does its own tokenizing
// (stemming, stop words); these are for what happens around it: building query strings and
// telling pronoun-like speaker labels from names.

/** English stop words (the usual IR list plus chat fillers), lower case. */
export const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are aren\'t as at be because been before being below between both ' +
    'but by can can\'t cannot could couldn\'t did didn\'t do does doesn\'t doing don\'t down during each few for from further ' +
    'had hadn\'t has hasn\'t have haven\'t having he he\'d he\'ll he\'s her here here\'s hers herself him himself his how ' +
    'how\'s i i\'d i\'ll i\'m i\'ve if in into is isn\'t it it\'s its itself let\'s me more most mustn\'t my myself no nor ' +
    'not of off on once only or other ought our ours ourselves out over own same shan\'t she she\'d she\'ll she\'s should ' +
    'shouldn\'t so some such than that that\'s the their theirs them themselves then there there\'s these they they\'d ' +
    'they\'ll they\'re they\'ve this those through to too under until up very was wasn\'t we we\'d we\'ll we\'re we\'ve were ' +
    'weren\'t what what\'s when when\'s where where\'s which while who who\'s whom why why\'s with won\'t would wouldn\'t ' +
    'you you\'d you\'ll you\'re you\'ve your yours yourself yourselves will just also get got really yeah yes oh ok okay ' +
    'hey hi thanks thank wow gonna wanna lot lots much many sure thing things one'
  ).split(' '),
);

/** Lower-cased word tokens (letters, digits, inner apostrophes). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? []).map((w) => w.replace(/'s$/, ''));
}

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
];
const ORDINAL_WORDS = [
  '', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth',
];
function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/**
 * The other spellings of a number or ordinal ("3" ↔ "three", "18th" ↔ "eighteenth"), which the
 * tokenizer treats as unrelated words. Empty for anything else.
 */
export function numberVariants(w: string): string[] {
  const lw = w.toLowerCase();
  let n = NUMBER_WORDS.indexOf(lw);
  // "one" is too often a pronoun ("the blue one") to expand to a digit.
  if (n >= 2) return [String(n)];
  n = ORDINAL_WORDS.indexOf(lw);
  if (n >= 1) return [`${n}${ordinalSuffix(n)}`];
  let m = /^(\d{1,2})$/.exec(lw);
  if (m && Number(m[1]) >= 2 && Number(m[1]) <= 20) return [NUMBER_WORDS[Number(m[1])]];
  m = /^(\d{1,2})(st|nd|rd|th)$/.exec(lw);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 20) return [ORDINAL_WORDS[Number(m[1])]];
  return [];
}
