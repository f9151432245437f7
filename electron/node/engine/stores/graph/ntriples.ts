// Writing N-Triples / N-Quads terms by hand, for the bulk paths (the messages graph of a
// 50,000-message import is built as one string and loaded in one call).

const XSD = 'http://www.w3.org/2001/XMLSchema#';

const IRI_UNSAFE = /[\u0000-\u0020<>"{}|^`\\]/;
const IRI_UNSAFE_ALL = new RegExp(IRI_UNSAFE.source, 'g');
const LITERAL_UNSAFE = /[\\"\n\r\t\u0000-\u001f\u007f]/;
const LITERAL_UNSAFE_ALL = new RegExp(LITERAL_UNSAFE.source, 'g');

export function iri(value: string): string {
  // IRIs Engram mints are ASCII-safe; a character an IRI may not hold at all (a space, a quote,
  // a control character: from outside data or a damaged row) is percent-encoded, since N-Triples
  // refuses it even written as \\u0020 and one such term would fail the whole graph's load.
  // Testing first keeps the common case free of a replace (a 50,000-message import writes ~600k terms).
  if (!IRI_UNSAFE.test(value)) return `<${value}>`;
  return `<${value.replace(IRI_UNSAFE_ALL, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)}>`;
}

export function stringLiteral(value: string): string {
  return `"${escapeLiteral(value)}"`;
}

export function typedLiteral(value: string, datatype: string): string {
  return `"${escapeLiteral(value)}"^^<${datatype}>`;
}

export const xsd = {
  integer: (n: number) => typedLiteral(String(Math.trunc(n)), `${XSD}integer`),
  dateTime: (lexical: string) => typedLiteral(lexical, `${XSD}dateTime`),
};

function escapeLiteral(value: string): string {
  if (!LITERAL_UNSAFE.test(value)) return value;
  return value.replace(LITERAL_UNSAFE_ALL, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
    }
  });
}

/** Accumulates triples of one graph as N-Triples lines. */
export class TripleWriter {
  private readonly lines: string[] = [];

  add(s: string, p: string, o: string): void {
    this.lines.push(`${s} ${p} ${o} .`);
  }

  get size(): number {
    return this.lines.length;
  }

  toString(): string {
    return this.lines.length ? `${this.lines.join('\n')}\n` : '';
  }
}
