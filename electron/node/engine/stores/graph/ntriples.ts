// Writing N-Triples / N-Quads terms by hand, for the bulk paths (the messages graph of a
// 50,000-message import is built as one string and loaded in one call).

const XSD = 'http://www.w3.org/2001/XMLSchema#';

export function iri(value: string): string {
  // IRIs Engram mints are ASCII-safe; outside IRIs are escaped per N-Triples' IRIREF.
  return `<${value.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`)}>`;
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
  return value.replace(/[\\"\n\r\t\u0000-\u001f\u007f]/g, (c) => {
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
