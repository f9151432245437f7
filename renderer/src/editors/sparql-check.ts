// Client-side SPARQL parsing (sparqljs): tells a query from an update before it is sent, and
// places syntax errors at their line and column in the editor.
import { Parser } from 'sparqljs';
import type { EditorMarker } from './MonacoEditor';

export type SparqlKind = 'query' | 'update' | 'unknown';

export interface SparqlCheck {
  kind: SparqlKind;
  error: EditorMarker | null;
}

interface JisonHash {
  loc?: { first_line: number; last_line: number; first_column: number; last_column: number };
  line?: number;
  expected?: string[];
  token?: string;
}

export function checkSparql(text: string): SparqlCheck {
  try {
    const parsed = new Parser({ sparqlStar: true }).parse(text) as { type: string };
    return { kind: parsed.type === 'update' ? 'update' : 'query', error: null };
  } catch (err) {
    return { kind: guessKind(text), error: errorMarker(text, err) };
  }
}

/** What the text looks like when it does not parse: its first keyword after the prologue. */
export function guessKind(text: string): SparqlKind {
  const body = text
    .replace(/#[^\n]*/g, '')
    .replace(/\b(PREFIX\s+[\w-]*:\s*<[^>]*>|BASE\s*<[^>]*>)/gi, '')
    .trim();
  const first = /^[A-Za-z]+/.exec(body)?.[0]?.toUpperCase();
  if (!first) return 'unknown';
  if (['SELECT', 'CONSTRUCT', 'DESCRIBE', 'ASK'].includes(first)) return 'query';
  if (['INSERT', 'DELETE', 'LOAD', 'CLEAR', 'DROP', 'CREATE', 'ADD', 'MOVE', 'COPY', 'WITH'].includes(first)) return 'update';
  return 'unknown';
}

function errorMarker(text: string, err: unknown): EditorMarker {
  const e = err as Error & { hash?: JisonHash };
  const raw = e?.message ?? String(err);
  const loc = e.hash?.loc;
  if (loc) {
    const expected = e.hash?.expected?.slice(0, 6).map((x) => x.replace(/'/g, '')).join(', ');
    const found = e.hash?.token && e.hash.token !== 'EOF' ? `unexpected ${e.hash.token}` : e.hash?.token === 'EOF' ? 'unexpected end of query' : 'syntax error';
    return {
      message: expected ? `${found}; expected ${expected}` : found,
      line: loc.first_line,
      column: loc.first_column + 1,
      endLine: loc.last_line,
      endColumn: loc.last_column + 1 > loc.first_column + 1 ? loc.last_column + 1 : undefined,
    };
  }
  const prefix = /Unknown prefix: (\S+)/.exec(raw);
  if (prefix) {
    const at = locate(text, new RegExp(`(^|[^\\w-])${prefix[1].replace(/[-]/g, '\\-')}:`));
    return { message: `Unknown prefix ${prefix[1]}: add PREFIX ${prefix[1]}: <…> (Insert prefixes)`, ...at };
  }
  const lineMatch = /line (\d+)/i.exec(raw);
  return { message: raw.split('\n')[0], line: lineMatch ? Number(lineMatch[1]) : 1, column: 1 };
}

function locate(text: string, re: RegExp): { line: number; column: number } {
  const m = re.exec(text);
  if (!m) return { line: 1, column: 1 };
  const offset = m.index + (m[1]?.length ?? 0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Line and column in an engine error message ("… at line 3 column 5", "3:5: …"), if any. */
export function engineErrorMarker(message: string): EditorMarker | null {
  const m =
    /line[:\s]+(\d+)[,\s]+col(?:umn)?[:\s]+(\d+)/i.exec(message) ??
    /\bat (\d+):(\d+)/.exec(message) ??
    /^(\d+):(\d+)\b/.exec(message);
  if (!m) return null;
  return { message, line: Number(m[1]), column: Number(m[2]) };
}
