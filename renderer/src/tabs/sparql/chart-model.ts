// Which SELECT results can be charted, and how: one column of labels (the grouping) and one or
// more numeric columns (the aggregates). Labels that are dates or numbers in order make a line;
// anything else makes bars, biggest first as the query ordered them.
import type { RdfTerm } from '../../../../shared/types';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const NUMERIC = new Set(['integer', 'decimal', 'double', 'float', 'long', 'int', 'short', 'nonNegativeInteger', 'positiveInteger', 'unsignedInt', 'unsignedLong'].map((t) => `${XSD}${t}`));
const DATE = /^\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

export interface ChartSpec {
  kind: 'bar' | 'line';
  label: string;
  values: string[];
  points: { label: string; values: number[] }[];
}

function numberOf(t: RdfTerm | undefined): number | null {
  if (!t || t.type !== 'literal') return null;
  if (t.datatype && !NUMERIC.has(t.datatype)) return null;
  if (!t.datatype && !/^-?\d+(\.\d+)?$/.test(t.value)) return null;
  const n = Number(t.value);
  return Number.isFinite(n) ? n : null;
}

function display(t: RdfTerm | undefined, shorten: (iri: string) => string): string {
  if (!t) return '';
  return t.type === 'uri' ? shorten(t.value) : t.value;
}

/** The chart of these results, or null (no numeric column, or nothing to label it by). */
export function chartOf(vars: string[], rows: Record<string, RdfTerm>[], shorten: (iri: string) => string = (x) => x, max = 60): ChartSpec | null {
  if (!rows.length) return null;
  const numeric = vars.filter((v) => rows.every((r) => r[v] === undefined || numberOf(r[v]) !== null) && rows.some((r) => numberOf(r[v]) !== null));
  const labels = vars.filter((v) => !numeric.includes(v));
  if (!numeric.length) return null;
  // With no other column, a single numeric column is labelled by its first one (e.g. ?year ?count).
  const label = labels[0] ?? (numeric.length > 1 ? numeric[0] : null);
  if (!label) return null;
  const values = numeric.filter((v) => v !== label);
  if (!values.length) return null;
  const rowsShown = rows.slice(0, max);
  const labelTerms = rowsShown.map((r) => r[label]);
  const ordered = labelTerms.every((t) => t && t.type === 'literal' && (DATE.test(t.value) || numberOf(t) !== null));
  const kind = ordered && rowsShown.length > 2 ? 'line' : 'bar';
  const points = rowsShown.map((r) => ({ label: display(r[label], shorten), values: values.map((v) => numberOf(r[v]) ?? 0) }));
  // A line runs along its labels in order (dates, numbers), whatever order the query gave.
  if (kind === 'line') {
    const key = (s: string) => (numberOf({ type: 'literal', value: s }) !== null ? Number(s) : s);
    points.sort((a, b) => {
      const x = key(a.label);
      const y = key(b.label);
      return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    });
  }
  return { kind, label, values, points };
}
