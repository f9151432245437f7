// The row cap of graph queries, applied on the parsed query.
//
// A query is parsed once with sparqljs. When its own LIMIT is missing or above the cap, the
// LIMIT becomes cap + 1 (so that getting more than `cap` results says there were more) and the
// text is generated again from the parse tree: OFFSET, a trailing VALUES block, comments and
// sub-selects (whose own LIMIT is left alone) are then no concern. A query sparqljs cannot read
// (or an update) goes to Oxigraph as written, which runs it or reports the error with its position.
import { Generator, Parser } from 'sparqljs';
import type * as SparqlJs from 'sparqljs';

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export interface CappedQuery {
  /** What Oxigraph runs: the text as written, or generated again with the lowered LIMIT. */
  text: string;
  /** The query form; null when sparqljs could not read the text. */
  form: QueryForm | null;
  /** A SELECT's variables as projected; for `SELECT *`, in order of first appearance. Null when unknown. */
  vars: string[] | null;
  /** The LIMIT was set to cap + 1. For CONSTRUCT and DESCRIBE it then counts solutions, not triples. */
  lowered: boolean;
  /** The query names its dataset (FROM / FROM NAMED): it is run on that, not on the union of all graphs. */
  dataset: boolean;
}

/** A dataset clause in text sparqljs could not read (Oxigraph may still run it). */
const DATASET_CLAUSE = /\bFROM\s+(?:NAMED\s+)?(?:<|[A-Za-z_][\w-]*:)/i;

// No predefined prefixes: Oxigraph knows none either, so both read a text the same way.
const parser = new Parser();
const generator = new Generator();

/** Applies the row cap to a query; see the module comment. */
export function capQuery(sparql: string, cap: number): CappedQuery {
  let parsed: SparqlJs.SparqlQuery;
  try {
    parsed = parser.parse(sparql);
  } catch {
    return { text: sparql, form: null, vars: null, lowered: false, dataset: DATASET_CLAUSE.test(sparql) };
  }
  if (parsed.type !== 'query') return { text: sparql, form: null, vars: null, lowered: false, dataset: false };
  const form = parsed.queryType;
  const dataset = !!(parsed.from && (parsed.from.default.length || parsed.from.named.length));
  const vars = parsed.queryType === 'SELECT' ? projection(parsed, sparql) : null;
  // Every query form has solution modifiers (the typings leave them off CONSTRUCT).
  const modifiers = parsed as { limit?: number };
  if (form === 'ASK' || (modifiers.limit !== undefined && modifiers.limit <= cap)) return { text: sparql, form, vars, lowered: false, dataset };
  // Only the outer query's limit: a sub-select's LIMIT is part of what the query means.
  modifiers.limit = cap + 1;
  return { text: generator.stringify(parsed), form, vars, lowered: true, dataset };
}

/** Projection order as written; `SELECT *` lists variables in order of first appearance in the text. */
function projection(q: SparqlJs.SelectQuery, sparql: string): string[] | null {
  const vars = q.variables
    .map((v) => ('termType' in v ? (v.termType === 'Variable' ? v.value : null) : v.variable.value))
    .filter((v): v is string => !!v);
  if (vars.length) return vars;
  const seen: string[] = [];
  for (const m of sparql.matchAll(/[?$]([A-Za-z_][\w]*)/g)) if (!seen.includes(m[1])) seen.push(m[1]);
  return seen.length ? seen : null;
}
