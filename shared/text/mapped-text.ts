// Text rewritten in places (spelling, number words, dates), with a map back to the text it came
// from: spans found in the rewritten text are quoted in the person's own words. Rewrites chain
// (source → spelled → numbers), and so do their maps. Pure: no Node APIs.

export interface MappedText {
  text: string;
  /** Maps a [start, end) span of `text` to the text it was made from. */
  toSource(start: number, end: number): [number, number];
}

/** One rewrite: source[start, end) becomes `by`. */
export interface Replacement {
  start: number;
  end: number;
  by: string;
}

interface Segment {
  /** Span in the rewritten text. */
  ns: number;
  ne: number;
  /** Span in the source. */
  os: number;
  oe: number;
  replaced: boolean;
}

/** The text unchanged (an identity map). */
export function unmapped(text: string): MappedText {
  return { text, toSource: (start, end) => [start, end] };
}

/**
 * Applies replacements (sorted or not; overlapping ones after the first are skipped) and keeps
 * the map: a position inside a replaced piece maps to the whole source piece.
 */
export function replaceSpans(source: string, replacements: readonly Replacement[]): MappedText {
  if (!replacements.length) return unmapped(source);
  const sorted = [...replacements].sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let out = '';
  let at = 0;
  for (const r of sorted) {
    if (r.start < at || r.end < r.start) continue;
    if (r.start > at) {
      segments.push({ ns: out.length, ne: out.length + (r.start - at), os: at, oe: r.start, replaced: false });
      out += source.slice(at, r.start);
    }
    segments.push({ ns: out.length, ne: out.length + r.by.length, os: r.start, oe: r.end, replaced: true });
    out += r.by;
    at = r.end;
  }
  if (at < source.length) {
    segments.push({ ns: out.length, ne: out.length + (source.length - at), os: at, oe: source.length, replaced: false });
    out += source.slice(at);
  }
  const map = (pos: number, isEnd: boolean): number => {
    for (const s of segments) {
      if (pos < s.ns || pos > s.ne) continue;
      // a boundary belongs to the segment that starts there (for a start) or ends there (for an end)
      if (pos === s.ne && !isEnd && pos !== s.ns) continue;
      if (pos === s.ns && isEnd && pos !== s.ne) continue;
      if (s.replaced) return isEnd ? (pos === s.ns ? s.os : s.oe) : pos === s.ne ? s.oe : s.os;
      return s.os + (pos - s.ns);
    }
    return isEnd ? source.length : 0;
  };
  return { text: out, toSource: (start, end) => [map(start, false), map(end, true)] };
}

/** The map of a rewrite of a rewrite: `outer` was made from `inner.text`, which was made from a source. */
export function chainMaps(outer: MappedText, inner: MappedText): MappedText {
  return {
    text: outer.text,
    toSource: (start, end) => {
      const [a, b] = outer.toSource(start, end);
      return inner.toSource(a, b);
    },
  };
}
