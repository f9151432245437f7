// SPARQL helpers of the workbench (syntax check, prefixes, sorting) and the Messages filter.
import { describe, expect, it } from 'vitest';
import { PREFIXES } from '../../../shared/rdf';
import type { RdfTerm } from '../../../shared/types';
import { checkSparql, engineErrorMarker, guessKind } from '../../../renderer/src/editors/sparql-check';
import { compareTerms, sortRows, withPrefixes } from '../../../renderer/src/tabs/sparql/sparql-store';
import { buildMessageFilter } from '../../../renderer/src/tabs/messages/messages-store';

describe('SPARQL check', () => {
  it('tells queries from updates', () => {
    expect(checkSparql('SELECT * WHERE { ?s ?p ?o }')).toEqual({ kind: 'query', error: null });
    expect(checkSparql('PREFIX x: <urn:x#>\nINSERT DATA { x:a x:b x:c }').kind).toBe('update');
    expect(guessKind('# c\nPREFIX a: <urn:a>\ndelete where { ?s ?p ?o')).toBe('update');
  });

  it('places a syntax error at its line and column', () => {
    const check = checkSparql('SELECT ?s WHERE {\n  ?s ?p\n}');
    expect(check.error).not.toBeNull();
    expect(check.error!.line).toBeGreaterThanOrEqual(2);
    expect(check.error!.column).toBeGreaterThanOrEqual(1);
    const prefix = checkSparql('SELECT * WHERE {\n  ?s foo:bar ?o }');
    expect(prefix.error).toMatchObject({ line: 2, column: 6 });
    expect(prefix.error!.message).toContain('foo');
    expect(engineErrorMarker('error at 3:7: unexpected token')).toMatchObject({ line: 3, column: 7 });
    expect(engineErrorMarker('no position here')).toBeNull();
  });

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

describe('Messages filter', () => {
  const filters = { text: '  tomato ', sourceId: 2, speaker: 'Maya', from: '2024-03-01', to: '2024-03-31' };
  it('combines the tab filters with the timeline selection', () => {
    expect(buildMessageFilter(filters, null)).toEqual({
      text: 'tomato',
      sourceIds: [2],
      speakers: ['Maya'],
      from: '2024-03-01T00:00:00',
      to: '2024-03-31T23:59:59',
    });
    expect(buildMessageFilter(filters, { kind: 'session', sessionId: 7 })).toMatchObject({ sessionIds: [7] });
    // A range narrows the dates to the intersection.
    expect(buildMessageFilter(filters, { kind: 'range', from: '2024-03-10T12:00:00', to: '2024-04-20T00:00:00' })).toMatchObject({
      from: '2024-03-10T12:00:00',
      to: '2024-03-31T23:59:59',
    });
    expect(buildMessageFilter({ text: '', sourceId: null, speaker: null, from: '', to: '' }, null)).toEqual({});
  });
});

describe('Turtle display', () => {
  it('drops prefix declarations nobody uses', async () => {
    const { withoutUnusedPrefixes } = await import('../../../renderer/src/editors/turtle-view');
    const ttl = '@prefix sioc: <http://rdfs.org/sioc/ns#>.\n@prefix foaf: <http://xmlns.com/foaf/0.1/>.\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n\n<urn:a> a sioc:Post ; <urn:n> "1"^^xsd:integer .';
    const out = withoutUnusedPrefixes(ttl);
    expect(out).toContain('@prefix sioc:');
    expect(out).toContain('PREFIX xsd:');
    expect(out).not.toContain('foaf');
  });
});
