// SELECT results as files (as YASGUI downloads them): CSV as the SPARQL 1.1 CSV results format
// writes it (plain values: IRIs whole, literals without datatype or language), and JSON as the
// SPARQL 1.1 JSON results format (every term with its type, datatype and language).
import { toCsv } from '../../../../shared/csv';
import type { RdfTerm } from '../../../../shared/types';

export function resultsCsv(vars: string[], rows: Record<string, RdfTerm>[]): string {
  return toCsv(
    vars,
    rows.map((r) => Object.fromEntries(vars.map((v) => [v, r[v]?.value ?? '']))),
  );
}

type JsonTerm = { type: 'uri' | 'literal' | 'bnode' | 'triple'; value: string; datatype?: string; 'xml:lang'?: string };

export function resultsJson(vars: string[], rows: Record<string, RdfTerm>[]): string {
  const bindings = rows.map((r) => {
    const b: Record<string, JsonTerm> = {};
    for (const v of vars) {
      const t = r[v];
      if (!t) continue;
      const term: JsonTerm = { type: t.type, value: t.value };
      if (t.type === 'literal' && t.datatype) term.datatype = t.datatype;
      if (t.type === 'literal' && t.lang) term['xml:lang'] = t.lang;
      b[v] = term;
    }
    return b;
  });
  return `${JSON.stringify({ head: { vars }, results: { bindings } }, null, 2)}\n`;
}
