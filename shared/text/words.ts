// Words of a text, read the same way by every part of Engram (retrieval, timeline, Ask,
// extraction, the renderer). Pure: no Node APIs, so the renderer uses it too.

/** Typographic apostrophes (’ ‘ ʼ) and the backtick as the ASCII apostrophe. */
export function normalizeApostrophes(text: string): string {
  return text.replace(/[’‘ʼ`]/g, "'");
}

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;

/**
 * Lower-case word tokens: letters and digits, with inner apostrophes kept ("don't") and the
 * possessive 's dropped ("Rosalind's" → "rosalind").
 */
export function words(text: string): string[] {
  return (normalizeApostrophes(text).toLowerCase().match(WORD) ?? []).map((w) => w.replace(/'s$/, ''));
}

/** Letters without their accents ("Café" → "Cafe"), as the full-text index folds them. */
export function foldDiacritics(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * A matching key for names and labels: lower case, no accents, no apostrophes ("Jo's" →
 * "jos"), "&" as "and", other punctuation as spaces (decimals like "3.5" kept), single spaces.
 */
export function normalizeText(text: string): string {
  return foldDiacritics(normalizeApostrophes(text))
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A label's matching key: normalised, without a leading article ("The Blue Door" → "blue door"). */
export function normalizeLabel(label: string): string {
  return normalizeText(label).replace(/^(the|a|an) /, '');
}

/** The words of a matching key (see normalizeText). */
export function normalizedWords(text: string): string[] {
  const n = normalizeText(text);
  return n ? n.split(' ') : [];
}

/** Escapes a string for use inside a regular expression. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
