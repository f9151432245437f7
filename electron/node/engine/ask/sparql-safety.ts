// The safety gate every Ask query passes, whoever wrote it (a template, the LLM, the person):
// the text is parsed with sparqljs and must be a read-only query form (SELECT, ASK, CONSTRUCT,
// DESCRIBE) without SERVICE (no federated calls); updates (INSERT, DELETE, LOAD, CLEAR, DROP,
// CREATE, ADD, MOVE, COPY) are refused with a message. Prefixes the engine knows are declared
// when the text uses them without a PREFIX line, and the row limit is capped (LIMIT injected
// or lowered). The graph store adds the time limit when the query runs.
import type * as SparqlJs from 'sparqljs';
import { lazyModule } from '../common/lazy-module';
import { PREFIXES } from '../../../../shared/rdf';

export type ReadOnlyForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export interface CheckedQuery {
  /** The text to run: the original plus missing PREFIX lines and the row cap. */
  text: string;
  form: ReadOnlyForm;
  /** Projected variables of a SELECT (empty for `SELECT *` and the other forms). */
  vars: string[];
  /** What was changed to make it runnable ("LIMIT 500 added"). */
  notes: string[];
}

export class SparqlRefused extends Error {
  constructor(
    message: string,
    readonly reason: 'syntax' | 'update' | 'service' | 'form',
  ) {
    super(message);
    this.name = 'SparqlRefused';
  }
}

const sparqljs = lazyModule<typeof SparqlJs>('sparqljs');
const UPDATE_KEYWORDS = /\b(INSERT|DELETE|LOAD|CLEAR|DROP|CREATE|ADD|MOVE|COPY)\b/i;

/** Does the pattern tree contain a node of this type (SERVICE…)? */
function containsType(node: unknown, type: string, depth = 0): boolean {
  if (depth > 200 || node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((n) => containsType(n, type, depth + 1));
  const o = node as Record<string, unknown>;
  if (o.type === type) return true;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'prefixes' || k === 'termType') continue;
    if (typeof v === 'object' && containsType(v, type, depth + 1)) return true;
  }
  return false;
}

/** Prefixes declared in the text itself. */
function declaredPrefixes(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:^|\s)PREFIX\s+([A-Za-z][\w.-]*)?:/gi)) out.add(m[1] ?? '');
  return out;
}

/** PREFIX lines for known prefixes the text uses without declaring them. */
function missingPrefixLines(text: string): string[] {
  const declared = declaredPrefixes(text);
  const lines: string[] = [];
  for (const [p, iri] of Object.entries(PREFIXES)) {
    if (declared.has(p)) continue;
    if (new RegExp(`(^|[\\s(){}.;,/^|!])${p}:`, 'm').test(text)) lines.push(`PREFIX ${p}: <${iri}>`);
  }
  return lines;
}

function humanParseError(e: Error): string {
  const first = e.message.split('\n')[0];
  const m = /line (\d+)/i.exec(first);
  const expecting = /Expecting (.+?)(?:, got|$)/.exec(e.message.replace(/\n/g, ' '));
  const got = /got '([^']*)'/.exec(e.message);
  if (m) return `SPARQL syntax error on line ${m[1]}${got ? ` at '${got[1]}'` : ''}${expecting ? ` (expected ${expecting[1].split(',').slice(0, 4).join(',')})` : ''}`;
  return `SPARQL syntax error: ${first}`;
}

/**
 * Parses a query and checks that it may run in Ask; returns the text to run.
 * Throws SparqlRefused (with a message for the person) otherwise.
 */
export function checkReadOnly(sparql: string, rowCap: number): CheckedQuery {
  const notes: string[] = [];
  const missing = missingPrefixLines(sparql);
  let text = missing.length ? `${missing.join('\n')}\n${sparql}` : sparql;
  if (missing.length) notes.push(`declared ${missing.length} known prefix${missing.length === 1 ? '' : 'es'}`);
  let parsed: SparqlJs.SparqlQuery;
  try {
    parsed = new (sparqljs().Parser)().parse(text);
  } catch (e) {
    // An update with a syntax error is still an update: say so rather than point at the syntax.
    if (UPDATE_KEYWORDS.test(sparql) && !/^\s*(PREFIX[^\n]*\n\s*)*(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/i.test(sparql)) {
      throw new SparqlRefused('Only read-only queries (SELECT, ASK, CONSTRUCT, DESCRIBE) run in Ask; this text is not one. Change the graph in the SPARQL tab or the Entities tab.', 'update');
    }
    throw new SparqlRefused(humanParseError(e as Error), 'syntax');
  }
  if (parsed.type === 'update') {
    const NAMES: Record<string, string> = { insert: 'INSERT DATA', delete: 'DELETE DATA', insertdelete: 'DELETE/INSERT', deletewhere: 'DELETE WHERE' };
    const ops = [...new Set(parsed.updates.map((u) => {
      const kind = String('updateType' in u ? u.updateType : u.type);
      return NAMES[kind] ?? kind.toUpperCase();
    }))];
    throw new SparqlRefused(
      `Only read-only queries (SELECT, ASK, CONSTRUCT, DESCRIBE) run in Ask; this is an update (${ops.join(', ')}). Change the graph in the SPARQL tab or the Entities tab, where edits are journaled and undoable.`,
      'update',
    );
  }
  const form = parsed.queryType as ReadOnlyForm;
  if (!['SELECT', 'ASK', 'CONSTRUCT', 'DESCRIBE'].includes(form)) throw new SparqlRefused(`Unsupported query form ${String(parsed.queryType)}`, 'form');
  if (containsType(parsed, 'service')) {
    throw new SparqlRefused('SERVICE (a query sent to another endpoint) is not allowed in Ask: the memory stays on this machine.', 'service');
  }

  if (form !== 'ASK') {
    const limited = parsed as { limit?: number };
    const limit = limited.limit;
    if (limit === undefined || limit > rowCap) {
      const appended = `${text.replace(/\s+$/, '')}\nLIMIT ${rowCap}`;
      let ok = false;
      if (limit === undefined) {
        try {
          new (sparqljs().Parser)().parse(appended);
          ok = true;
        } catch {
          ok = false;
        }
      }
      if (ok) text = appended;
      else {
        // The LIMIT cannot simply be appended (a trailing VALUES block, a larger LIMIT): rewrite.
        limited.limit = rowCap;
        text = new (sparqljs().Generator)({ prefixes: {} }).stringify(parsed);
      }
      notes.push(limit === undefined ? `LIMIT ${rowCap} added` : `LIMIT ${limit} lowered to ${rowCap}`);
    }
  }
  const vars =
    form === 'SELECT'
      ? (parsed as SparqlJs.SelectQuery).variables
          .map((v) => ('termType' in v ? (v.termType === 'Variable' ? v.value : null) : v.variable.value))
          .filter((v): v is string => !!v)
      : [];
  return { text, form, vars, notes };
}
