// Text normalisation shared by entity matching and the coverage measure.

export const STOPWORDS = new Set(
  `a an the and or but nor of to in on at for from by with without about into onto over under
   is are was were be been being am do does did done have has had having i me my mine we us our
   you your yours he him his she her hers it its they them their this that these those there here
   what which who whom whose when where why how all any some no not only so than too very can will
   just also as if then else up down out off again once per via s t d ll m o re ve y`.split(/\s+/),
);

/** Lower case, no diacritics, punctuation as spaces, single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A label's matching key: normalised, without a leading article. */
export function normalizeLabel(label: string): string {
  return normalizeText(label).replace(/^(the|a|an) /, '');
}

export function words(text: string): string[] {
  const n = normalizeText(text);
  return n ? n.split(' ') : [];
}

/** Words that carry meaning: not stop words, at least two characters or a digit. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}

/** A label from an IRI's local name: `trip-to-porto-2026-10` → `Trip to porto 2026 10`. */
export function labelFromLocalName(local: string): string {
  let s = decodeURIComponent(local).replace(/[-_]+/g, ' ');
  s = s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/\s+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : local;
}
