// Which SELECT results chart, and how; and the CSV and JSON downloads of a result.
import { describe, expect, it } from 'vitest';
import type { RdfTerm } from '../../../../shared/types';
import { chartOf } from './chart-model';
import { resultsCsv, resultsJson } from './results-export';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const int = (n: number): RdfTerm => ({ type: 'literal', value: String(n), datatype: `${XSD}integer` });
const iri = (v: string): RdfTerm => ({ type: 'uri', value: v });
const lit = (v: string, extra: Partial<{ datatype: string; lang: string }> = {}): RdfTerm => ({ type: 'literal', value: v, ...extra });

describe('chartOf', () => {
  it('bars for a grouped count by type, labels shortened, in the query order', () => {
    const rows = [
      { type: iri('http://schema.org/Person'), count: int(12) },
      { type: iri('http://schema.org/Place'), count: int(7) },
    ];
    const spec = chartOf(['type', 'count'], rows, (x) => x.replace('http://schema.org/', 'schema:'))!;
    expect(spec).toEqual({ kind: 'bar', label: 'type', values: ['count'], points: [{ label: 'schema:Person', values: [12] }, { label: 'schema:Place', values: [7] }] });
  });
  it('a line for counts over dates or numbers, in their order', () => {
    const rows = ['2026-10', '2026-08', '2026-09'].map((m, i) => ({ month: lit(m), n: int(i + 1), s: lit(String(i * 1.5), { datatype: `${XSD}decimal` }) }));
    const spec = chartOf(['month', 'n', 's'], rows)!;
    expect(spec.kind).toBe('line');
    expect(spec.values).toEqual(['n', 's']);
    expect(spec.points.map((p) => p.label)).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(spec.points[0].values).toEqual([2, 1.5]);
  });
  it('nothing to chart without a numeric column or a label column', () => {
    expect(chartOf(['s', 'label'], [{ s: iri('x'), label: lit('X') }])).toBeNull();
    expect(chartOf(['n'], [{ n: int(1) }])).toBeNull();
    expect(chartOf(['n'], [])).toBeNull();
    // A label that looks numeric but a text literal elsewhere: not numeric.
    expect(chartOf(['k', 'v'], [{ k: lit('a'), v: lit('12') }, { k: lit('b'), v: lit('n/a') }])).toBeNull();
  });
});

describe('downloads', () => {
  const vars = ['s', 'label', 'n'];
  const rows: Record<string, RdfTerm>[] = [{ s: iri('https://e/x'), label: lit('Café, "Kranich"', { lang: 'de' }), n: int(3) }, { s: iri('https://e/y'), n: int(1) }];
  it('CSV: plain values, quoted when needed, empty for unbound', () => {
    expect(resultsCsv(vars, rows)).toBe('s,label,n\nhttps://e/x,"Café, ""Kranich""",3\nhttps://e/y,,1\n');
  });
  it('JSON: the SPARQL 1.1 results format', () => {
    const json = JSON.parse(resultsJson(vars, rows));
    expect(json.head.vars).toEqual(vars);
    expect(json.results.bindings[0]).toEqual({
      s: { type: 'uri', value: 'https://e/x' },
      label: { type: 'literal', value: 'Café, "Kranich"', 'xml:lang': 'de' },
      n: { type: 'literal', value: '3', datatype: `${XSD}integer` },
    });
    expect(json.results.bindings[1]).not.toHaveProperty('label');
  });
});
