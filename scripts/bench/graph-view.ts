// `npm run bench:graph`: the Graph tab at 2,000 nodes and 5,000 edges (or the demo memory).
//
// First, the overview the tab opens on (clusters found by Louvain in the engine): the API call
// (median of 3, with its size next to the whole view's), and in the page the time from asking
// for it to the frame that shows it (query included). Then the whole graph:
//
// Builds a data folder with a small chat (so the workbench is past its first-run screen) and a
// generated, entity-shaped knowledge graph in an extraction graph: people around one person,
// organizations, places in a hierarchy, events, actions (purchases, trips, exercise), products,
// preferences, habits, creative works and concepts, every one labelled, typed from the PCM
// ontology and derived from a message; exactly NODES nodes and EDGES edges between them (plus
// provenance, which the view hides). Starts `engram serve` on it, opens the Graph tab in
// Chromium (the e2e launch flags) and measures:
//   - graphView: the API call for the whole view (median of 3, outside the page);
//   - in the page: the query, adding the elements, first paint, the force layout (worker) and
//     the frame with the final layout; the hierarchical and concentric layouts;
//   - interaction: expanding a node (double-click to the frame with its neighbours), frame
//     times while panning (drag) and zooming (wheel).
//
//   npm run bench:graph [-- --nodes 2000 --edges 5000 --demo --overview-only --keep --json FILE --headed]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { GRAPHS, MEMORY_BASE, PREFIXES } from '../../shared/rdf';
import type { GraphOverview as Overview, JobInfo, MessageRow } from '../../shared/types';
import type { GraphMetrics } from '../../renderer/src/tabs/graph/graph-store';
import { startServe } from '../../e2e/support/serve';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Args {
  nodes: number;
  edges: number;
  /** The bundled demo memory instead of a generated graph. */
  demo: boolean;
  /** Measure the overview only (not the whole graph's layouts and interaction). */
  overviewOnly: boolean;
  keep: boolean;
  json?: string;
  headed: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { nodes: 2000, edges: 5000, demo: false, overviewOnly: false, keep: false, headed: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--nodes') args.nodes = Number(argv[++i]);
    else if (a === '--edges') args.edges = Number(argv[++i]);
    else if (a === '--keep') args.keep = true;
    else if (a === '--demo') args.demo = true;
    else if (a === '--overview-only') args.overviewOnly = true;
    else if (a === '--json') args.json = argv[++i];
    else if (a === '--headed') args.headed = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

// ---- data

/** A deterministic random source (the same graph on every run). */
function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** A chat of a few conversations, in the generic JSON format the demo uses. */
function chat(): string {
  const conversations = [];
  for (let c = 0; c < 6; c++) {
    const messages = [];
    for (let m = 0; m < 10; m++) {
      const day = String(1 + c * 4).padStart(2, '0');
      const minute = String(m * 2).padStart(2, '0');
      messages.push({
        id: `bench-${c}-${m}`,
        speaker: m % 2 ? 'Assistant' : 'Alex',
        role: m % 2 ? 'assistant' : 'user',
        text: m % 2 ? `Noted, thanks (${c}.${m}).` : `Conversation ${c}, message ${m}: plans, people and places.`,
        timestamp: `2026-03-${day}T18:${minute}:00+01:00`,
      });
    }
    conversations.push({ id: `bench-${c}`, title: `Bench conversation ${c + 1}`, messages });
  }
  return JSON.stringify({ title: 'Graph benchmark chat', conversations }, null, 1);
}

const KINDS: { name: string; share: number; types: string[] }[] = [
  { name: 'person', share: 0.1, types: ['foaf:Person', 'schema:Person'] },
  { name: 'org', share: 0.06, types: ['schema:Organization'] },
  { name: 'place', share: 0.125, types: ['schema:City', 'schema:Restaurant', 'schema:Park', 'schema:TouristAttraction'] },
  { name: 'event', share: 0.125, types: ['schema:SocialEvent', 'schema:MusicEvent', 'schema:SportsEvent'] },
  { name: 'action', share: 0.25, types: ['schema:BuyAction', 'schema:TravelAction', 'schema:ExerciseAction', 'schema:ReadAction'] },
  { name: 'product', share: 0.1, types: ['schema:Product', 'pcm:Clothing'] },
  { name: 'preference', share: 0.06, types: ['pcm:Preference'] },
  { name: 'habit', share: 0.05, types: ['pcm:ExerciseHabit', 'pcm:FoodHabit', 'pcm:DailyRoutine'] },
  { name: 'work', share: 0.08, types: ['schema:Book', 'schema:MusicAlbum', 'schema:Movie'] },
  { name: 'concept', share: 0.05, types: ['skos:Concept'] },
];

/** The knowledge graph: exactly `nodes` entities and `edges` links between them, as Turtle. */
export function benchGraph(nodes: number, edges: number, posts: string[]): { turtle: string; nodes: number; edges: number } {
  const rand = rng(42);
  const pick = <T,>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const byKind = new Map<string, string[]>();
  const all: { iri: string; kind: string; type: string }[] = [];
  let made = 0;
  for (const k of KINDS) {
    const n = k === KINDS[KINDS.length - 1] ? nodes - made : Math.round(nodes * k.share);
    for (let i = 0; i < n; i++) {
      const iri = `${MEMORY_BASE}entity/bench-${k.name}-${i}`;
      all.push({ iri, kind: k.name, type: k.types[i % k.types.length] });
      byKind.set(k.name, [...(byKind.get(k.name) ?? []), iri]);
    }
    made += n;
  }
  const me = byKind.get('person')![0];
  const links = new Map<string, [string, string, string]>();
  const link = (s: string, p: string, o: string) => {
    if (s === o || links.size >= edges) return;
    links.set(`${s} ${p} ${o}`, [s, p, o]);
  };
  const of = (k: string) => byKind.get(k)!;
  // The shape of a personal graph: the person at the centre, hierarchies of places, actions and
  // events tying people, places and things together.
  for (const p of of('person').slice(1)) link(me, pick(['rel:friendOf', 'rel:colleagueOf', 'rel:siblingOf', 'foaf:knows']), p);
  for (const p of of('person')) link(p, 'schema:worksFor', pick(of('org')));
  const cities = of('place').filter((_, i) => i % 4 === 0);
  for (const pl of of('place')) if (!cities.includes(pl)) link(pl, 'schema:containedInPlace', pick(cities));
  for (const o of of('org')) link(o, 'schema:location', pick(of('place')));
  for (const a of of('action')) {
    link(a, 'schema:agent', rand() < 0.7 ? me : pick(of('person')));
    link(a, 'schema:object', pick([...of('product'), ...of('work')]));
    if (rand() < 0.6) link(a, 'schema:location', pick(of('place')));
    if (rand() < 0.4) link(a, 'schema:participant', pick(of('person')));
  }
  for (const e of of('event')) {
    link(e, 'schema:location', pick(of('place')));
    link(e, 'schema:attendee', me);
    for (let i = 0; i < 2; i++) link(e, 'schema:attendee', pick(of('person')));
    if (rand() < 0.5) link(e, 'schema:performer', pick(of('org')));
  }
  for (const p of of('preference')) {
    link(me, 'pcm:hasPreference', p);
    link(p, 'pcm:preferenceObject', pick([...of('concept'), ...of('product'), ...of('work')]));
  }
  for (const h of of('habit')) {
    link(me, 'ob:hasHabit', h);
    if (rand() < 0.6) link(h, 'schema:location', pick(of('place')));
  }
  for (const w of of('work')) {
    link(w, 'schema:author', pick([...of('person'), ...of('org')]));
    link(w, 'schema:about', pick(of('concept')));
  }
  for (const pr of of('product')) if (rand() < 0.5) link(me, 'schema:owns', pr);
  // No entity left alone (the view shows linked entities only).
  const linked = new Set([...links.values()].flatMap(([s, , o]) => [s, o]));
  for (const n of all) if (!linked.has(n.iri)) link(pick(all).iri, 'schema:about', n.iri);
  // Top up to the wanted number of edges with links between random entities.
  const preds = ['schema:about', 'schema:relatedTo', 'schema:location', 'schema:participant', 'pcm:affects'];
  while (links.size < edges) link(pick(all).iri, pick(preds), pick(all).iri);

  const prefixes = Object.entries(PREFIXES).map(([p, iri]) => `@prefix ${p}: <${iri}> .`);
  const lines = [...prefixes, ''];
  all.forEach((n, i) => {
    const label = `${n.kind[0].toUpperCase()}${n.kind.slice(1)} ${i}`;
    lines.push(`<${n.iri}> a ${n.type} ; rdfs:label "${label}" ; prov:wasDerivedFrom <${posts[i % posts.length]}> .`);
  });
  for (const [s, p, o] of links.values()) lines.push(`<${s}> ${p} <${o}> .`);
  return { turtle: lines.join('\n'), nodes: all.length, edges: links.size };
}

// ---- measuring in the page

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : NaN;
};

type Metrics = GraphMetrics;

async function metrics(page: Page): Promise<Metrics> {
  return page.evaluate(() => window.__engramGraph!.metrics() as Metrics);
}

async function waitSettled(page: Page, timeoutMs = Number(process.env.BENCH_SETTLE_MS ?? 300_000)): Promise<Metrics> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = await page.evaluate(() => (window.__engramGraph ? (window.__engramGraph.metrics() as Metrics) : null));
    if (m && m.apiMs !== null && m.settledMs !== null && m.layoutMs !== null) return m;
    if (Date.now() > until) throw new Error(`the layout did not settle: ${JSON.stringify(m)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Frame intervals (ms) while `act` runs. */
async function frameTimes(page: Page, act: () => Promise<void>): Promise<number[]> {
  // A string: functions passed to the page must not carry the bundler's helpers.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__rafOn = true;
    const tick = (t) => { window.__frames.push(t); if (window.__rafOn) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  await act();
  const stamps = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __rafOn: boolean };
    w.__rafOn = false;
    return w.__frames;
  });
  return stamps.slice(1).map((t, i) => t - stamps[i]);
}

async function canvasBox(page: Page) {
  const box = await page.getByTestId('graph-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-graph-'));
  const chatFile = path.join(dataDir, 'bench-chat.json');
  fs.writeFileSync(chatFile, chat());
  const served = await startServe({ dataDir });
  const out: Record<string, unknown> = { date: new Date().toISOString().slice(0, 10), demo: args.demo, nodes: args.nodes, edges: args.edges, load: os.loadavg()[0].toFixed(1), cores: os.cpus().length };
  try {
    // Ready, then the chat, then the graph (or the demo memory, with its graph).
    for (let i = 0; i < 300 && !(await served.api<{ graphReady: boolean }>('stats')).graphReady; i++) await new Promise((r) => setTimeout(r, 100));
    let t = performance.now();
    if (args.demo) {
      for (let i = 0; i < 300 && !(await served.api<{ kind: string }[]>('listGraphs')).some((g) => g.kind === 'ontology'); i++) await new Promise((r) => setTimeout(r, 100));
      const job = await served.api<JobInfo>('importDemo');
      const done = await served.waitForJob(job.id);
      if (done.state !== 'done') throw new Error(`demo import ${done.state}: ${done.error}`);
      // The automatic graph follows the import as a job of its own: wait until no job runs.
      for (let i = 0; i < 600; i++) {
        const jobs = await served.api<JobInfo[]>('listJobs').catch(() => [] as JobInfo[]);
        if (!jobs.some((j) => j.state === 'running')) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    } else {
      const job = await served.api<JobInfo>('importPaths', { paths: [chatFile] });
      const done = await served.waitForJob(job.id);
      if (done.state !== 'done') throw new Error(`import ${done.state}: ${done.error}`);
      const { rows } = await served.api<{ rows: MessageRow[] }>('listMessages', { filter: {}, limit: 1000 });
      const g = benchGraph(args.nodes, args.edges, rows.map((r) => r.iri));
      await served.api('applyTurtle', { graph: GRAPHS.extraction('bench-graph'), turtle: g.turtle });
    }
    out.loadGraphMs = Math.round(performance.now() - t);

    const view = { limit: 20_000 };
    const apiTimes: number[] = [];
    let shape = { nodes: 0, edges: 0 };
    let viewBytes = 0;
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      const v = await served.api<{ nodes: unknown[]; edges: unknown[] }>('graphView', view);
      apiTimes.push(performance.now() - t);
      shape = { nodes: v.nodes.length, edges: v.edges.length };
      viewBytes = JSON.stringify(v).length;
    }
    out.view = { ...shape, bytes: viewBytes };
    out.graphViewApiMs = Math.round(median(apiTimes));
    // The automatic graph of the small chat adds its speakers (a node or two, a link): no more.
    if (!args.demo && (shape.nodes < args.nodes || shape.edges < args.edges || shape.nodes > args.nodes + 5 || shape.edges > args.edges + 5)) {
      throw new Error(`the view has ${shape.nodes} nodes / ${shape.edges} edges, expected ${args.nodes} / ${args.edges}`);
    }
    // The overview as the engine builds it: the same view, summarised (median of 3).
    const overviewTimes: number[] = [];
    let overview: Overview | null = null;
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      overview = await served.api<Overview>('graphOverview', {});
      overviewTimes.push(performance.now() - t);
    }
    out.overviewApi = {
      ms: Math.round(median(overviewTimes)),
      engineQueryMs: overview!.timings.queryMs,
      communitiesMs: overview!.timings.communitiesMs,
      clusters: overview!.clusters.length,
      hubs: overview!.hubs.length,
      entities: overview!.entities,
      bytes: JSON.stringify(overview).length,
    };

    // The browser, as the e2e runs it.
    const { CHROMIUM_ARGS } = await import('../../playwright.config');
    const executablePath = [process.env.ENGRAM_CHROMIUM, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: !args.headed });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.on('pageerror', (e) => console.error('page error:', e.message));
      // As a person would: the workbench opens on Messages, then the Graph tab is clicked.
      await page.goto(served.url);
      await page.locator('.app[data-ready="true"]').waitFor();
      await page.waitForTimeout(2500);
      // The overview: the tab opens on it.
      let clicked = Date.now();
      await page.getByTestId('tab-graph').click();
      const om = await page.waitForFunction(() => (window.__engramOverview?.metrics() as Metrics | undefined)?.overviewPaintMs ?? null, undefined, { timeout: 120_000 });
      const overviewPaintMs = (await om.jsonValue()) as number;
      const clickToOverviewMs = Date.now() - clicked;
      const overviewQueryMs = await page.evaluate(() => (window.__engramOverview!.metrics() as Metrics).overviewQueryMs);
      out.overviewPage = { paintMs: Math.round(overviewPaintMs), queryMs: Math.round(overviewQueryMs ?? NaN), clickToPaintMs: clickToOverviewMs };
      fs.mkdirSync(path.join(ROOT, 'e2e', 'artifacts'), { recursive: true });
      await page.screenshot({ path: path.join(ROOT, 'e2e', 'artifacts', `bench-graph-overview-${args.demo ? 'demo' : args.nodes}.png`) });
      // The whole graph, one click away (its layouts, interaction and expansion).
      const wholeGraph = async () => {
        // The whole graph, one click away.
        clicked = Date.now();
        await page.getByTestId('graph-scope-all').click();
        const expected = args.demo ? shape.nodes / 2 : args.nodes;
        await page.waitForFunction((n) => (window.__engramGraph?.cy.nodes().length ?? 0) >= n, expected, { timeout: 120_000 });
        const m = await waitSettled(page);
        out.clickToSettledMs = Date.now() - clicked;
        const counted = await page.evaluate(() => ({ nodes: window.__engramGraph!.cy.nodes().length, edges: window.__engramGraph!.cy.edges().length }));
        out.page = { ...counted, ...roundAll(m) };
        await page.screenshot({ path: path.join(ROOT, 'e2e', 'artifacts', `bench-graph-${args.demo ? 'demo' : args.nodes}.png`) });

        // The other layouts.
        for (const layout of ['hierarchical', 'concentric', 'force'] as const) {
          await page.getByTestId('graph-layout').selectOption(layout);
          await page.waitForFunction(() => (window.__engramGraph!.metrics() as Metrics).layoutMs === null, undefined, { timeout: 10_000 }).catch(() => {});
          const lm = await waitSettled(page);
          out[`layout_${layout}`] = { layoutMs: Math.round(lm.layoutMs!), settledMs: Math.round(lm.settledMs!), engine: lm.layoutEngine };
        }

        // Interaction: pan (drag) and zoom (wheel) frame times.
        const box = await canvasBox(page);
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height / 2;
        const pan = await frameTimes(page, async () => {
          await page.mouse.move(cx, cy);
          await page.mouse.down();
          for (let i = 0; i < 60; i++) {
            await page.mouse.move(cx + Math.sin(i / 6) * 220, cy + Math.cos(i / 6) * 120);
            await page.waitForTimeout(16);
          }
          await page.mouse.up();
          await page.waitForTimeout(300);
        });
        out.pan = frameStats(pan);
        const zoom = await frameTimes(page, async () => {
          await page.mouse.move(cx, cy);
          for (let i = 0; i < 24; i++) {
            await page.mouse.wheel(0, i < 12 ? -120 : 120);
            await page.waitForTimeout(30);
          }
          await page.waitForTimeout(300);
        });
        out.zoom = frameStats(zoom);


        if (args.demo) return;
        // Expand: in a neighbourhood (grown from one person), double-click neighbours; time from
        // the double-click to the frame with their neighbours.
        await page.getByTestId('graph-grow').fill('Person 7');
        await page.getByTestId('combobox-option').filter({ hasText: /^Person 7Person/ }).click();
        await page.waitForFunction(() => (window.__engramGraph!.metrics() as Metrics).settledMs === null, undefined, { timeout: 10_000 }).catch(() => {});
        await waitSettled(page);
        const expand: number[] = [];
        const ids = await page.evaluate(() =>
          window.__engramGraph!.cy
            .nodes()
            .filter((n) => n.degree(false) === 1)
            .slice(0, 3)
            .map((n) => n.id()),
        );
        out.neighbourhood = await page.evaluate(() => ({ nodes: window.__engramGraph!.cy.nodes().length, edges: window.__engramGraph!.cy.edges().length }));
        for (const id of ids) {
          const before = (await metrics(page)).expandMs;
          const p = await page.evaluate((id) => {
            const cy = window.__engramGraph!.cy;
            const n = cy.getElementById(id);
            cy.zoom(1);
            cy.center(n);
            const q = n.renderedPosition();
            const r = cy.container()!.getBoundingClientRect();
            return { x: r.left + q.x, y: r.top + q.y };
          }, id);
          await page.waitForTimeout(400);
          await page.mouse.dblclick(p.x, p.y);
          await page.waitForFunction((b) => { const m = window.__engramGraph!.metrics() as Metrics; return m.expandMs !== null && m.expandMs !== b; }, before, { timeout: 30_000 });
          expand.push((await metrics(page)).expandMs!);
        }
        out.expandMs = { median: Math.round(median(expand)), all: expand.map(Math.round) };
        out.afterExpand = await page.evaluate(() => ({ nodes: window.__engramGraph!.cy.nodes().length, edges: window.__engramGraph!.cy.edges().length }));
      };
      if (!args.overviewOnly) await wholeGraph();
    } finally {
      await browser.close();
    }
  } finally {
    await served.close(args.keep ? { keepData: true } : undefined);
    if (args.keep) console.error(`data folder kept: ${dataDir}`);
  }
  out.loadAfter = os.loadavg()[0].toFixed(1);
  report(out);
  if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(out, null, 2)}\n`);
}

function roundAll(m: Metrics) {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]));
}

function frameStats(intervals: number[]) {
  const xs = intervals.filter((x) => x > 0);
  return {
    frames: xs.length,
    medianMs: Number(median(xs).toFixed(1)),
    p95Ms: Number(pct(xs, 0.95).toFixed(1)),
    maxMs: Number(Math.max(...xs).toFixed(1)),
    fps: Number((1000 / median(xs)).toFixed(0)),
  };
}

function report(out: Record<string, unknown>) {
  const ov = out.overviewApi as Record<string, number>;
  const op = out.overviewPage as Record<string, number> | undefined;
  const viewShape = out.view as Record<string, number>;
  const head: [string, string][] = [
    ['overview: entities → clusters / hubs', `${ov.entities} → ${ov.clusters} / ${ov.hubs}`],
    ['overview API (median of 3): total, engine query, Louvain', `${ov.ms} ms, ${ov.engineQueryMs} ms, ${ov.communitiesMs} ms`],
    ['overview / whole view JSON size', `${Math.round(ov.bytes / 1024)} KB / ${Math.round(viewShape.bytes / 1024)} KB`],
    ...(op ? ([['overview first paint (asked → frame, query included)', `${op.paintMs} ms (query ${op.queryMs} ms; tab click → frame ${op.clickToPaintMs} ms)`]] as [string, string][]) : []),
  ];
  if (!out.page) {
    const w = Math.max(...head.map((r) => r[0].length));
    console.log(`Graph tab benchmark, ${out.date}: ${out.demo ? 'the demo memory' : `${out.nodes} nodes / ${out.edges} edges`}, ${out.cores} cores, load ${out.load} → ${out.loadAfter}`);
    for (const [k, v] of head) console.log(`  ${k.padEnd(w)}  ${v}`);
    console.log(JSON.stringify(out));
    return;
  }
  const page = out.page as Record<string, unknown>;
  const pan = out.pan as ReturnType<typeof frameStats>;
  const zoom = out.zoom as ReturnType<typeof frameStats>;
  const rows: [string, string][] = [
    ...head,
    ['graph (nodes / edges in the view)', `${page.nodes} / ${page.edges}`],
    ['graphView API (median of 3)', `${out.graphViewApiMs} ms`],
    ['query in the page', `${page.apiMs} ms`],
    ['add elements to cytoscape', `${page.addMs} ms`],
    ['first paint (data → first frame)', `${page.firstPaintMs} ms`],
    [`force layout (${page.layoutEngine}, in a worker)`, `${page.layoutMs} ms`],
    ['final layout on screen (data → frame)', `${page.settledMs} ms`],
    ['tab click → final layout on screen', `${out.clickToSettledMs} ms`],
    ...(['hierarchical', 'concentric', 'force'] as const).map((l) => {
      const x = out[`layout_${l}`] as { layoutMs: number; settledMs: number; engine: string };
      return [`re-layout: ${l} (${x.engine})`, `${x.layoutMs} ms (on screen ${x.settledMs} ms)`] as [string, string];
    }),
    ...(out.expandMs
      ? ([[`expand a node (double-click → frame), median of 3`, `${(out.expandMs as { median: number }).median} ms (neighbourhood ${JSON.stringify(out.neighbourhood)} → ${JSON.stringify(out.afterExpand)})`]] as [string, string][])
      : []),
    ['pan: frame time median / p95 / max', `${pan.medianMs} / ${pan.p95Ms} / ${pan.maxMs} ms (${pan.fps} fps)`],
    ['zoom: frame time median / p95 / max', `${zoom.medianMs} / ${zoom.p95Ms} / ${zoom.maxMs} ms (${zoom.fps} fps)`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`Graph tab benchmark, ${out.date}: ${out.demo ? 'the demo memory' : `${out.nodes} nodes / ${out.edges} edges`}, ${out.cores} cores, load ${out.load} → ${out.loadAfter}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
  console.log(JSON.stringify(out));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
