import fs from 'node:fs';
import { extractSource } from './electron/node/engine/extraction/auto/extract.ts';
import { loadOntology } from './electron/node/engine/extraction/ontology.ts';
import { coverageOf, isCoveragePredicate } from './electron/node/engine/extraction/coverage.ts';
import { parseRdf } from './electron/node/engine/stores/graph/rdf-io.ts';
const n = 26;
const d = JSON.parse(fs.readFileSync(`../shared/datasets/locomo/${n}.json`, 'utf8'));
const msgs = [];
for (const [k, v] of Object.entries(d)) {
  if (!/^session_\d+$/.test(k) || !Array.isArray(v)) continue;
  const dt = d[`${k}_date_time`]; const date = new Date(dt.replace(/^(\d+:\d+ [ap]m) on /, '') + ' ' + dt.split(' on ')[0]);
  const ts = `${date.getFullYear()}-${String(date.getMonth()+1).padStart(2,'0')}-${String(date.getDate()).padStart(2,'0')}T12:00:00`;
  for (const t of v) msgs.push({ id: 0, iri: `https://engram.local/memory/post/${t.dia_id}`, speaker: t.speaker, role: 'user', text: t.text, timestamp: ts });
}
const r = extractSource({ sourceKey: 's', messages: msgs, ownerSpeaker: null }, loadOntology());
const quads = parseRdf(r.triples.map((t) => t.line + ' .').join('\n'), 'n-triples');
const lits = [...new Set(quads.filter((q) => q.object.termType === 'Literal' && isCoveragePredicate(q.predicate.value)).map((q) => q.object.value))];
const qa = d.qa.filter((q) => q.category === 2);
const rep = coverageOf(qa.map((q) => ({ question: q.question, answer: q.answer })), lits.map((value) => ({ value, origins: new Set(['auto']) })));
for (const it of rep.items) if (it.matched.includes('numeric')) console.log(it.answer, '<=', it.literal);
