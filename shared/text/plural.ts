// Counts with their noun, pluralised by the language's rules (Intl.PluralRules), for the UI and
// the CLI alike: "1 source", "2 sources", "0 entities".
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** The English plural of a noun: "entity" → "entities", "match" → "matches", "source" → "sources". */
export function pluralNoun(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** The noun for a count: `one` when the rules say so, else `many` (by default the plural of `one`). */
export function nounFor(n: number, one: string, many = pluralNoun(one)): string {
  return rules.select(n) === 'one' ? one : many;
}

/** "1 source", "2,048 sessions". */
export function countOf(n: number, one: string, many?: string): string {
  return `${numbers.format(n)} ${nounFor(n, one, many)}`;
}
