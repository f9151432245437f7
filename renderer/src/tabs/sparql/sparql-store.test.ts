// The SPARQL tab's helpers: prefixes a query uses but does not declare, and sorting of results.
import { describe, expect, it } from 'vitest';
import { PREFIXES } from '../../../../shared/rdf';
import type { RdfTerm } from '../../../../shared/types';
import { checkSparql } from '../../editors/sparql-check';
import { compareTerms, sortRows, withPrefixes } from './sparql-store';

describe('SPARQL tab helpers', () => {
  it('inserts the prefixes a query uses but does not declare', () => {
    const q = 'SELECT ?s WHERE { ?s a sioc:Post ; dcterms:created ?d . FILTER(?d > "x"^^xsd:date) }';
    const out = withPrefixes(q, PREFIXES);
    expect(out).toContain('PREFIX sioc: <http://rdfs.org/sioc/ns#>');
    expect(out).toContain('PREFIX dcterms:');
    expect(out).toContain('PREFIX xsd:');
    expect(out).not.toContain('PREFIX rdf:');
    expect(checkSparql(out).error).toBeNull();
    expect(withPrefixes(out, PREFIXES).split('PREFIX').length).toBeGreaterThan(out.split('PREFIX').length);
  });

  it('sorts numbers as numbers and keeps unbound values last', () => {
    const n = (v: string) => ({ type: 'literal' as const, value: v, datatype: 'http://www.w3.org/2001/XMLSchema#integer' });
    expect(compareTerms(n('9'), n('10'))).toBeLessThan(0);
    const rows: Record<string, RdfTerm>[] = [{ x: n('10') }, {}, { x: n('9') }, { x: n('100') }];
    expect(sortRows(rows, { column: 'x', dir: 'asc' }).map((r) => r.x?.value)).toEqual(['9', '10', '100', undefined]);
    expect(sortRows(rows, { column: 'x', dir: 'desc' }).map((r) => r.x?.value)).toEqual(['100', '10', '9', undefined]);
  });
});
