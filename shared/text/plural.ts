// Counts with their noun, pluralised by English's rules, for the UI and the CLI alike: "1
// source", "2 sources", "0 entities". English has one rule (Intl.PluralRules('en-US'): 'one' for
// 1 and -1, 'other' for every other number), written out: the first select() of a page loads
// ICU's plural data, milliseconds the first screen does without.
// Made on first need: the first number formatter of a page loads ICU's number data (~20 ms in a
// fresh browser tab), and whole numbers, nearly all there are to show, do without it.
let numbers: Intl.NumberFormat | null = null;

/** A number as en-US writes it: "2,048", "-1,000,000", "0.125". */
export function formatNumber(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
    const digits = String(Math.abs(n));
    let grouped = digits.slice(0, digits.length % 3 || 3);
    for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
    return n < 0 ? `-${grouped}` : grouped;
  }
  numbers ??= new Intl.NumberFormat('en-US');
  return numbers.format(n);
}

/** The English plural of a noun: "entity" → "entities", "match" → "matches", "source" → "sources". */
export function pluralNoun(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** The noun for a count: `one` for one (or minus one), else `many` (by default the plural of `one`). */
export function nounFor(n: number, one: string, many = pluralNoun(one)): string {
  return Math.abs(n) === 1 ? one : many;
}

/** "1 source", "2,048 sessions". */
export function countOf(n: number, one: string, many?: string): string {
  return `${formatNumber(n)} ${nounFor(n, one, many)}`;
}
