import fs from 'node:fs';
import { extractSource } from './electron/node/engine/extraction/auto/extract.ts';
import { loadOntology } from './electron/node/engine/extraction/ontology.ts';
import { analyse, roughSentences } from './electron/node/engine/extraction/auto/nlp.ts';
const msgs = [];
for (const n of [26,30,41,42,43,44]) {
  const d = JSON.parse(fs.readFileSync(`../shared/datasets/locomo/${n}.json`, 'utf8'));
  for (const [k, v] of Object.entries(d)) if (/^session_\d+$/.test(k) && Array.isArray(v)) for (const t of v) msgs.push({ id: 0, iri: `https://engram.local/memory/post/${n}/${t.dia_id}`, speaker: t.speaker, role: 'user', text: t.text, timestamp: '2023-05-08T12:00:00' });
}
const ont = loadOntology();
const CUE = /\b(I|i|we|We|my|My|our|Our|name)\b|['’]s\b/;
for (let rep = 0; rep < 3; rep++) {
  let t0 = performance.now();
  extractSource({ sourceKey: 's', messages: msgs, ownerSpeaker: null }, ont);
  const full = performance.now() - t0;
  t0 = performance.now();
  for (const m of msgs) { const w = roughSentences(m.text).filter((x) => !x.endsWith('?') && CUE.test(x)); if (w.length) analyse(w.join(' ')); }
  const an = performance.now() - t0;
  console.log(`full ${Math.round(msgs.length / (full / 1000))} msg/s; analyse part ${Math.round(an)} ms of ${Math.round(full)} ms`);
}
