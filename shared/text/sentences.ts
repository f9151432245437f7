// Sentences of a text through Intl.Segmenter (Unicode sentence boundaries: "3.5", "p.m. on",
// "Wait... what?" stay whole), plus what the segmenter does not know in English: a title or an
// abbreviation ("Dr.", "etc.") or a single initial ("J. R. Smith") does not end a sentence.

const SEGMENTER = new Intl.Segmenter('en', { granularity: 'sentence' });

const ABBREVIATION = /\b(?:Dr|Mr|Mrs|Ms|Mx|St|Prof|Jr|Sr|vs|etc|approx|e\.g|i\.e|No|Nr|ca)\.$/i;
const INITIAL = /(?:^|[\s(])\p{Lu}\.$/u;
const EMOJI_RUN = /^[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200D\uFE0F]+/u;

/** The sentences of a text, trimmed; one-character leftovers dropped; the text itself when nothing is left. */
export function sentences(text: string): string[] {
  // emoji after a sentence's end ("doing!🌟 Keep going") and segments without a letter or digit
  // belong to the sentence before them
  const segments: string[] = [];
  for (const { segment } of SEGMENTER.segment(text)) {
    let rest = segment;
    const lead = segments.length ? (EMOJI_RUN.exec(rest)?.[0] ?? '') : '';
    if (lead) {
      segments[segments.length - 1] += lead;
      rest = rest.slice(lead.length);
    }
    if (segments.length && !/[\p{L}\p{N}]/u.test(rest)) segments[segments.length - 1] += rest;
    else segments.push(rest);
  }
  const out: string[] = [];
  let current = '';
  for (const segment of segments) {
    current += segment;
    const trimmed = current.trim();
    // a line break ends a sentence even after "Dr."
    if (!/\n\s*$/.test(segment) && (ABBREVIATION.test(trimmed) || INITIAL.test(trimmed))) continue;
    if (trimmed.length > 1) out.push(trimmed);
    current = '';
  }
  if (current.trim().length > 1) out.push(current.trim());
  return out.length ? out : [text.trim()];
}
