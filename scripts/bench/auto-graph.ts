// `npm run bench:auto-graph`: the automatic knowledge graph (no model) on LoCoMo.
//
// Imports the six LoCoMo conversations of ../shared/datasets/locomo with the real importer into
// a temp data folder (or --data DIR), waits for the automatic extraction, and measures over each
// conversation's automatic graph alone (GRAPHS.auto(key)):
//   - coverage (extraction/coverage.ts, the existing metric) of the answers of categories 1
//     (multi-hop), 2 (temporal) and 4 (single-hop), per category and per strategy, on the dev
//     split (26, 30, 41: scripts/bench/locomo-split.ts) and the held-out split (42, 43, 44);
//   - precision on the hand-labelled triples of test/fixtures/auto-graph-labels.jsonl (a fixed
//     random sample of the dev split's triples, each judged right or wrong against its message):
//     recomputed on the labelled triples the extractor still writes, with how many labelled
//     triples it no longer writes and how many of a fresh sample are not labelled yet;
//   - triples per message, entities per 1,000 messages, time per 1,000 messages.
//
//   npm run bench:auto-graph [-- --data DIR] [--json FILE] [--sample N --sample-out FILE]
// --sample writes a fresh fixed-seed sample of N dev triples, each with its message text, for
// labelling (the text stays out of the repository: the fixture keeps the dia_id).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../electron/node/engine/engine';
import { coverageOf, isCoveragePredicate } from '../../electron/node/engine/extraction/coverage';
import { STRATEGIES } from '../../electron/node/engine/extraction/coverage-kinds';
import { SourceExtractor } from '../../electron/node/engine/extraction/auto/extract';
import { loadOntology } from '../../electron/node/engine/extraction/ontology';
import { parseRdf } from '../../electron/node/engine/stores/graph/rdf-io';
import { GRAPHS, PREFIXES, compactIri } from '../../shared/rdf';
import type { CoverageStrategy } from '../../shared/types';
import { DEV_SPLIT, HELD_OUT_SPLIT } from './locomo-split';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = path.resolve(ROOT, '../shared/datasets/locomo');
const LABELS = path.join(ROOT, 'test/fixtures/auto-graph-labels.jsonl');
const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 4: 'single-hop' };
const SEED = 20261124;

interface Args {
  data?: string;
  json?: string;
  sample?: number;
  sampleOut?: string;
  /** List the dev answers not covered (with their evidence messages) to this file. */
  missed?: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--data') a.data = argv[++i];
    else if (argv[i] === '--json') a.json = argv[++i];
    else if (argv[i] === '--sample') a.sample = Number(argv[++i]);
    else if (argv[i] === '--sample-out') a.sampleOut = argv[++i];
    else if (argv[i] === '--missed') a.missed = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return a;
}

/** Deterministic PRNG (mulberry32) for the fixed-seed sample. */
function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LabelLine {
  conv: number;
  /** The triple, prefixed names, subject and object IRIs with the memory base cut ("e:…", "P:…"). */
  triple: string;
  dia: string[];
  label: 'right' | 'wrong';
  reason: string;
}

const PREFIX_SHORT: [string, string][] = [
  [`${PREFIXES.mem}entity/`, 'e:'],
  [`${PREFIXES.mem}person/`, 'P:'],
];

/** A triple line in the fixture's readable form: source keys (content hashes) replaced by the conversation number. */
function readable(line: string, key: string, conv: number): string {
  const q = parseRdf(`${line} .`, 'n-triples')[0];
  const term = (t: typeof q.subject | typeof q.object): string => {
    if (t.termType === 'Literal') return JSON.stringify(t.value) + (t.datatype.value !== `${PREFIXES.xsd}string` ? `^^${compactIri(t.datatype.value)}` : '');
    let v = t.value.replace(`/${key}/`, `/${conv}/`);
    for (const [ns, p] of PREFIX_SHORT) if (v.startsWith(ns)) return p + v.slice(ns.length);
    v = compactIri(v);
    return v;
  };
  return `${term(q.subject)} ${term(q.predicate)} ${term(q.object)}`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(DATASET)) {
    console.log(`skipped: ${DATASET} not found (the LoCoMo logs go beside the repository)`);
    return;
  }
  const args = parseArgs(process.argv.slice(2));
  const dataDir = args.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-auto-'));
  const convs = [...DEV_SPLIT, ...HELD_OUT_SPLIT];
  const engine = await Engine.open({ dataDir });
  try {
    await engine.whenReady();
    const t0 = performance.now();
    for (const n of convs) {
      const file = path.join(DATASET, `${n}.json`);
      if (engine.chat.listSources().some((s) => s.path === file)) continue;
      const job = await engine.importPaths({ paths: [file] });
      const end = await engine.waitForJob(job);
      if (end.state !== 'done') throw new Error(`import of ${n} ${end.state}: ${end.error}`);
    }
    const importMs = performance.now() - t0;
    const auto = engine.autoGraph.current();
    if (auto) await engine.waitForJob(auto);
    const status = await engine.autoGraphStatus();
    const sources = engine.chat.listSources();

    const perConv = new Map<number, { key: string; lines: string[]; messages: number; ms: number; read: number; skipped: number }>();
    for (const n of convs) {
      const s = sources.find((x) => x.path === path.join(DATASET, `${n}.json`))!;
      const st = status.find((x) => x.sourceId === s.id)!;
      const { data } = await engine.graph.request({ op: 'export', graph: GRAPHS.auto(s.key), format: 'n-triples' });
      perConv.set(n, {
        key: s.key,
        lines: data.split('\n').map((l) => l.replace(/\s*\.\s*$/, '')).filter(Boolean),
        messages: s.messages,
        ms: st.durationMs,
        read: st.read,
        skipped: Object.values(st.skipped).reduce((a, b) => a + b, 0),
      });
    }

    // ---- coverage
    const report: Record<string, unknown> = { date: '2026-11-24', importMs: Math.round(importMs) };
    const missed: string[] = [];
    const coverage: Record<string, Record<string, { n: number; covered: number; byStrategy: Record<CoverageStrategy, number> }>> = {};
    for (const [split, list] of [['dev', DEV_SPLIT], ['held-out', HELD_OUT_SPLIT]] as const) {
      const acc: Record<string, { n: number; covered: number; byStrategy: Record<CoverageStrategy, number> }> = {};
      for (const n of list) {
        const c = perConv.get(n)!;
        const quads = parseRdf(c.lines.map((l) => `${l} .`).join('\n'), 'n-triples');
        const literals = [...new Set(quads.filter((q) => q.object.termType === 'Literal' && isCoveragePredicate(q.predicate.value)).map((q) => q.object.value))];
        const qa = (JSON.parse(fs.readFileSync(path.join(DATASET, `${n}.json`), 'utf8')) as { qa: { question: string; answer?: unknown; category: number; evidence?: string[] }[] }).qa;
        for (const cat of Object.keys(CATEGORIES).map(Number)) {
          const asked = qa.filter((q) => q.category === cat && q.answer !== undefined);
          const answers = asked.map((q) => ({ question: q.question, answer: q.answer }));
          const r = coverageOf(answers, literals.map((value) => ({ value, origins: new Set(['auto' as const]) })));
          if (args.missed && split === 'dev') {
            r.items.forEach((it, i) => {
              if (!it.matched.length) missed.push(`${n} [${CATEGORIES[cat]}] ${it.question} → ${it.answer}  (${(asked[i].evidence ?? []).join(', ')})`);
            });
          }
          for (const k of [CATEGORIES[cat], 'all']) {
            const a = (acc[k] ??= { n: 0, covered: 0, byStrategy: Object.fromEntries(STRATEGIES.map((s) => [s, 0])) as Record<CoverageStrategy, number> });
            a.n += r.questions;
            a.covered += r.covered;
            for (const s of STRATEGIES) a.byStrategy[s] += r.byStrategy[s];
          }
        }
      }
      coverage[split] = acc;
    }
    report.coverage = coverage;
    if (args.missed) fs.writeFileSync(args.missed, missed.join('\n') + '\n');
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '–');
    for (const [split, acc] of Object.entries(coverage)) {
      console.log(`\ncoverage over the automatic graph alone, ${split} split (${split === 'dev' ? DEV_SPLIT.join(', ') : HELD_OUT_SPLIT.join(', ')}):`);
      console.log(`  ${'category'.padEnd(12)} ${'n'.padStart(4)} ${'covered'.padStart(14)}  ${STRATEGIES.map((s) => s.padStart(10)).join(' ')}`);
      for (const [k, a] of Object.entries(acc)) {
        console.log(`  ${k.padEnd(12)} ${String(a.n).padStart(4)} ${`${a.covered} (${pct(a.covered, a.n)})`.padStart(14)}  ${STRATEGIES.map((s) => pct(a.byStrategy[s], a.n).padStart(10)).join(' ')}`);
      }
    }

    // ---- size and speed
    const sum = (f: (c: NonNullable<ReturnType<typeof perConv.get>>) => number) => [...perConv.values()].reduce((a, c) => a + f(c), 0);
    const messages = sum((c) => c.messages);
    const triples = sum((c) => c.lines.length);
    const entities = sum((c) => new Set(c.lines.filter((l) => l.includes(`<${PREFIXES.rdf}type>`)).map((l) => l.slice(1, l.indexOf('>')))).size);
    const ms = sum((c) => c.ms);
    const size = {
      messages,
      read: sum((c) => c.read),
      skipped: sum((c) => c.skipped),
      triples,
      triplesPerMessage: +(triples / messages).toFixed(2),
      entitiesPer1000Messages: Math.round((1000 * entities) / messages),
      msPer1000Messages: Math.round((1000 * ms) / messages),
      messagesPerSecond: Math.round(messages / (ms / 1000)),
    };
    report.size = size;
    console.log(`\nall six logs: ${messages} messages (${size.read} read, ${size.skipped} skipped), ${triples} triples = ${size.triplesPerMessage} per message; ` +
      `${size.entitiesPer1000Messages} entities per 1,000 messages; ${size.msPer1000Messages} ms per 1,000 messages (${size.messagesPerSecond} messages/s, in the engine's job)`);

    // ---- the pass alone, in this process: the first pass (cold) and two more (warm)
    const all = convs.map((n) => {
      const src = sources.find((x) => x.path === path.join(DATASET, `${n}.json`))!;
      return { src, rows: [...engine.chat.iterateSourceMessages(src.id)], speakers: engine.chat.sourceSpeakers(src.id) };
    });
    const passes: number[] = [];
    for (let rep = 0; rep < 3; rep++) {
      const t = performance.now();
      for (const a of all) {
        const x = new SourceExtractor(a.src.key, a.speakers, null);
        for (const m of a.rows) x.add(m);
        x.finish(loadOntology());
      }
      passes.push(Math.round(messages / ((performance.now() - t) / 1000)));
    }
    report.passMessagesPerSecond = passes;
    console.log(`the pass alone over the ${messages} messages: ${passes[0]} messages/s (first, cold), then ${passes.slice(1).join(', ')} (warm)`);

    // ---- precision on the labelled sample
    const devTriples = new Map<string, string[]>();
    for (const n of DEV_SPLIT) {
      const c = perConv.get(n)!;
      const lines = c.lines.filter((l) => !l.includes(`<${PREFIXES.prov}wasDerivedFrom>`));
      const provBy = new Map<string, string[]>();
      for (const l of c.lines) if (l.includes(`<${PREFIXES.prov}wasDerivedFrom>`)) {
        const s = l.slice(1, l.indexOf('>'));
        provBy.set(s, [...(provBy.get(s) ?? []), l.slice(l.lastIndexOf('<') + 1, -1)]);
      }
      const diaOf = new Map(engine.chat.listMessages({ sourceIds: [sources.find((x) => x.key === c.key)!.id] }, 0, 100_000).map((m) => [m.iri, m.externalId ?? '']));
      for (const l of lines) {
        const s = l.slice(1, l.indexOf('>'));
        const o = /<([^>]*)>$/.exec(l)?.[1];
        const posts = provBy.get(s) ?? (o ? provBy.get(o) : undefined) ?? [];
        devTriples.set(`${n} ${readable(l, c.key, n)}`, posts.map((p) => diaOf.get(p) ?? '?'));
      }
    }
    const labels: LabelLine[] = fs.existsSync(LABELS)
      ? fs.readFileSync(LABELS, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as LabelLine)
      : [];
    const still = labels.filter((l) => devTriples.has(`${l.conv} ${l.triple}`));
    const right = still.filter((l) => l.label === 'right').length;
    const labelled = new Set(labels.map((l) => `${l.conv} ${l.triple}`));
    const keys = [...devTriples.keys()].sort();
    const rand = rng(SEED);
    const fresh = keys.map((k) => ({ k, r: rand() })).sort((a, b) => a.r - b.r).slice(0, Math.max(200, labels.length)).map((x) => x.k);
    const unlabelled = fresh.filter((k) => !labelled.has(k)).length;
    report.precision = { labels: labels.length, stillProduced: still.length, right, precision: still.length ? +(right / still.length).toFixed(3) : null, noLongerProduced: labels.length - still.length, freshSample: fresh.length, unlabelledInFreshSample: unlabelled, devTriples: keys.length };
    console.log(`\nprecision on ${labels.length} hand-labelled dev triples: ${right}/${still.length} right = ${still.length ? pct(right, still.length) : '–'} ` +
      `(${labels.length - still.length} labelled triples no longer produced; ${unlabelled} of a fresh ${fresh.length}-triple sample not labelled; ${keys.length} dev triples without provenance links)`);

    if (args.sample) {
      const out = args.sampleOut ?? path.join(os.tmpdir(), 'auto-graph-sample.jsonl');
      const texts = new Map<string, string>();
      for (const n of DEV_SPLIT) {
        const d = JSON.parse(fs.readFileSync(path.join(DATASET, `${n}.json`), 'utf8')) as Record<string, unknown>;
        for (const [k, v] of Object.entries(d)) if (/^session_\d+$/.test(k) && Array.isArray(v)) for (const t of v as { dia_id: string; text: string; speaker: string }[]) texts.set(`${n} ${t.dia_id}`, `${t.speaker}: ${t.text}`);
      }
      const sample = fresh.slice(0, args.sample).map((k) => {
        const conv = Number(k.split(' ')[0]);
        const dia = devTriples.get(k)!;
        return { conv, triple: k.slice(k.indexOf(' ') + 1), dia, text: dia.slice(0, 3).map((d) => texts.get(`${conv} ${d}`)), label: labelled.has(k) ? 'labelled' : '' };
      });
      fs.writeFileSync(out, sample.map((s) => JSON.stringify(s)).join('\n') + '\n');
      console.log(`sample of ${sample.length} triples for labelling: ${out}`);
    }
    if (args.json) fs.writeFileSync(args.json, JSON.stringify(report, null, 2));
  } finally {
    await engine.close();
    if (!args.data) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
