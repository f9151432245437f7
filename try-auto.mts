import fs from 'node:fs';
import { extractSource } from './electron/node/engine/extraction/auto/extract.ts';
import { loadOntology } from './electron/node/engine/extraction/ontology.ts';
const all = [];
for (const n of (process.argv[2] ?? '26').split(',')) {
const d = JSON.parse(fs.readFileSync(`../shared/datasets/locomo/${n}.json`, 'utf8'));
const msgs = [];
let id = 0;
for (const [k, v] of Object.entries(d)) {
  const m = /^session_(\d+)$/.exec(k); if (!m || !Array.isArray(v)) continue;
  const dt = d[`${k}_date_time`];
  const date = new Date(dt.replace(/^(\d+:\d+ [ap]m) on /, '') + ' ' + dt.split(' on ')[0]);
  const ts = `${date.getFullYear()}-${String(date.getMonth()+1).padStart(2,'0')}-${String(date.getDate()).padStart(2,'0')}T12:00:00`;
  for (const t of v) msgs.push({ id: id++, iri: `https://engram.local/memory/post/${n}/${t.dia_id}`, speaker: t.speaker, role: 'user', text: t.text, timestamp: ts });
}
all.push([n, msgs]);
}
const ont = loadOntology();
for (let rep = 0; rep < 2; rep++) {
  let tot = 0, ms = 0, tr = 0;
  for (const [n, msgs] of all) {
    const t0 = performance.now();
    const r = extractSource({ sourceKey: 'src' + n, messages: msgs, ownerSpeaker: null }, ont);
    ms += performance.now() - t0; tot += msgs.length; tr += r.triples.length;
    if (rep === 1) fs.writeFileSync('/tmp/auto-' + n + '.nt', r.triples.map((t) => t.line + ' .  # ' + t.posts.map(p=>p.split('/').pop()).join(',')).join('\n'));
    if (rep === 1 && r.report.dropped.length) console.log(n, r.report.dropped.slice(0,5));
  }
  console.log(`run ${rep}: ${tot} msgs ${Math.round(tot/(ms/1000))} msg/s, ${tr} triples`);
}
