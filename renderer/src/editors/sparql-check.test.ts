// The SPARQL editor's check: queries told from updates, syntax errors placed at line and column.
import { describe, expect, it } from 'vitest';
import { checkSparql, engineErrorMarker, guessKind } from './sparql-check';

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
});
