// The hand-written N-Triples terms of the bulk paths must round-trip through Oxigraph's
// strict parser, whatever the text holds.
import { describe, expect, it } from 'vitest';
import { iri, stringLiteral, TripleWriter, xsd } from '../../electron/node/engine/stores/graph/ntriples';
import { ox } from '../../electron/node/engine/stores/graph/rdf-io';

function roundTrip(s: string, p: string, o: string) {
  const w = new TripleWriter();
  w.add(s, p, o);
  const store = new ox.Store();
  store.load(w.toString(), { format: 'application/n-triples' });
  return store.match()[0];
}

describe('N-Triples terms', () => {
  it('leaves plain IRIs and text untouched and escapes what N-Triples forbids', () => {
    expect(iri('https://engram.local/memory/post/1')).toBe('<https://engram.local/memory/post/1>');
    expect(iri('http://x/a b<c>')).toBe('<http://x/a%20b%3Cc%3E>');
    // What an IRI may not hold at all (a damaged row's space) still loads, percent-encoded.
    expect(roundTrip(iri('https://engram.local/memory/post/a b'), iri('http://x/p'), stringLiteral('x')).subject.value).toBe('https://engram.local/memory/post/a%20b');
    expect(stringLiteral('plain')).toBe('"plain"');
    expect(stringLiteral('say "hi"\n\\ok\t\u0001')).toBe('"say \\"hi\\"\\n\\\\ok\\t\\u0001"');
  });

  it.each(['plain text', 'quotes " and \\ backslashes', 'lines\nand\r\ntabs\t', 'control \u0000\u001f\u007f', 'ünïcödé 😀 ✓'])(
    'round-trips %j through a strict parse',
    (text) => {
      const q = roundTrip(iri('http://x/s'), iri('http://x/p'), stringLiteral(text));
      expect(q.object.value).toBe(text);
    },
  );

  it('writes typed literals Oxigraph reads as their datatype', () => {
    const q = roundTrip(iri('http://x/s'), iri('http://x/p'), xsd.dateTime('2024-01-06T10:00:00+02:00'));
    expect(q.object.termType).toBe('Literal');
    expect((q.object as { datatype: { value: string } }).datatype.value).toBe('http://www.w3.org/2001/XMLSchema#dateTime');
    expect(roundTrip(iri('http://x/s'), iri('http://x/p'), xsd.integer(41.9)).object.value).toBe('41');
  });
});
