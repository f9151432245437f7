// `npx tsx scripts/bench/row-cap.ts`: what the row cap of graph queries costs before a query
// runs (stores/graph/row-cap.ts: one sparqljs parse, and when the LIMIT is lowered, the text
// generated again), on short and long queries. Oxigraph's own time is not part of it: the capped
// query asks Oxigraph for the same LIMIT as before.
import { capQuery } from '../../electron/node/engine/stores/graph/row-cap';

const CAP = 10_000;
const values = (n: number) =>
  `SELECT ?s ?l WHERE { VALUES ?s { ${Array.from({ length: n }, (_, i) => `<http://example.org/e${i}>`).join(' ')} } ?s <http://www.w3.org/2000/01/rdf-schema#label> ?l }`;
const CASES: [string, string][] = [
  ['short SELECT, no LIMIT', 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }'],
  ['VALUES of 1,000 IRIs, no LIMIT', values(1000)],
  ['VALUES of 20,000 IRIs, no LIMIT', values(20000)],
  ['VALUES of 20,000 IRIs, LIMIT 50 (left as written)', `${values(20000)} LIMIT 50`],
];

function msPerCall(q: string, reps: number): number {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) capQuery(q, CAP);
  return (performance.now() - t0) / reps;
}

for (const [name, q] of CASES) {
  const reps = q.length > 100_000 ? 5 : q.length > 10_000 ? 30 : 500;
  msPerCall(q, 2); // warm up
  const runs = [msPerCall(q, reps), msPerCall(q, reps), msPerCall(q, reps)].sort((a, b) => a - b);
  process.stdout.write(`${name} (${q.length.toLocaleString('en')} characters): ${runs[1].toFixed(2)} ms (median of 3 × ${reps})\n`);
}
