// `npx tsx scripts/bench/nlp-compare.ts`: the measurement behind the choice of NLP library for the
// automatic extraction (docs/extraction.md, "Automatic extraction: choice of library").
//
// compromise (+ compromise-dates) against wink-nlp (+ wink-eng-lite-web-model) on LoCoMo text
// (../shared/datasets/locomo): (1) speed, messages/s over all six logs (3,435 messages), for
// what the extraction needs of each (tags + entities + dates); (2) quality on 100 messages of
// the dev logs (26, 30, 41), sampled at random (fixed seeds) and labelled by hand below with the
// people, places, organizations and time expressions they name. compromise types people,
// places and organizations; wink-eng-lite-web-model has no such types (its entities are dates,
// times, money, numbers…), so for wink only untyped names (runs of PROPN tokens) are scored.
//
// The libraries are not dependencies of Engram's engine; install them to re-run this:
//   npm install --no-save compromise@14.17.0 compromise-dates@3.9.0 wink-nlp@2.4.0 wink-eng-lite-web-model@1.8.1
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = path.resolve(ROOT, '../shared/datasets/locomo');

/** Hand labels: `conv/dia_id` → people | places | orgs | dates (lower case, as named in the text). */
const GOLD: Record<string, { people?: string[]; places?: string[]; orgs?: string[]; dates?: string[] }> = {
  '30/D7:7': { people: ['gina'] },
  '26/D11:15': { people: ['caroline'] },
  '30/D15:1': { people: ['gina'], places: ['rome'], dates: ['last week'] },
  '41/D14:12': {},
  '26/D4:13': { dates: ['last friday'] },
  '26/D6:12': { people: ['caroline'] },
  '41/D27:1': { people: ['maria'] },
  '41/D6:19': { people: ['john'] },
  '26/D8:3': { people: ['mel'] },
  '30/D11:15': { people: ['gina'] },
  '41/D10:6': { people: ['john'] },
  '26/D5:5': { people: ['melanie'] },
  '41/D4:16': { dates: ['next week'] },
  '26/D15:23': { people: ['sara bareilles'] },
  '26/D3:23': { people: ['mel'] },
  '30/D18:11': { people: ['jon'] },
  '30/D17:2': { people: ['gina'] },
  '26/D6:4': { people: ['caroline'], dates: ['yesterday'] },
  '26/D17:22': { people: ['caroline'] },
  '26/D7:25': { people: ['melanie'] },
  '41/D8:1': { people: ['john'], dates: ['last week'] },
  '30/D17:15': { people: ['jon'] },
  '26/D5:8': { people: ['caroline'] },
  '41/D27:9': { people: ['maria'], dates: ['last week'] },
  '41/D8:24': { people: ['maria'] },
  '26/D9:13': { people: ['caroline'] },
  '26/D16:12': { people: ['caroline'] },
  '41/D13:18': { people: ['john'] },
  '41/D13:14': { people: ['john'] },
  '26/D5:12': { people: ['caroline'] },
  '41/D9:15': { people: ['john'] },
  '41/D10:10': { dates: ['last weekend'] },
  '30/D15:5': { dates: ['tomorrow'] },
  '26/D4:14': { people: ['caroline'] },
  '26/D16:6': { people: ['caroline'] },
  '26/D4:9': { people: ['melanie'] },
  '41/D8:12': { dates: ['last week'] },
  '41/D30:6': { people: ['maria', 'max'], dates: ['last summer'] },
  '26/D10:7': { dates: ['last weekend'] },
  '30/D4:1': { people: ['gina'] },
  '30/D17:5': { people: ['jon'] },
  '26/D11:3': { people: ['caroline', 'matt patterson'] },
  '41/D7:2': { people: ['maria'] },
  '26/D9:2': { people: ['melanie'], dates: ['last weekend'] },
  '41/D9:4': { people: ['maria'], dates: ['last week'] },
  '30/D5:16': { people: ['gina'] },
  '41/D8:16': { places: ['england'] },
  '41/D26:13': { people: ['john'] },
  '41/D16:8': { people: ['john'] },
  '26/D14:1': { people: ['mel'], dates: ['last week'] },
  '26/D8:22': { people: ['caroline'] },
  '41/D10:3': {},
  '41/D13:34': { people: ['john'] },
  '26/D14:10': { dates: ['yesterday'] },
  '30/D12:9': { people: ['jon'] },
  '26/D8:8': { people: ['caroline'] },
  '41/D7:13': { people: ['john'] },
  '41/D18:17': { people: ['john'] },
  '26/D5:13': { people: ['mel'], dates: ['this month'] },
  '30/D19:4': { people: ['shia labeouf'] },
  '41/D12:17': { places: ['east coast'] },
  '30/D19:12': { people: ['jon'] },
  '41/D32:14': { people: ['john'], dates: ['last friday'] },
  '41/D7:16': { people: ['maria', 'rob'] },
  '41/D17:1': { people: ['maria'] },
  '26/D11:6': { people: ['mel'] },
  '26/D11:4': { people: ['mel'], dates: ['last friday'] },
  '41/D30:1': { people: ['john'], dates: ['two weeks ago'] },
  '30/D19:13': {},
  '41/D18:15': {},
  '41/D18:1': { people: ['john'], dates: ['last weekend'] },
  '41/D24:3': { people: ['samuel'] },
  '26/D7:11': { people: ['amy ellis nutt'] },
  '41/D30:4': {},
  '26/D15:28': { people: ['bach', 'mozart', 'ed sheeran'] },
  '26/D9:12': { dates: ['next month'] },
  '26/D7:5': { people: ['mell'] },
  '41/D8:17': { places: ['london'] },
  '26/D4:3': { people: ['melanie'], places: ['sweden'] },
  '30/D2:4': { people: ['gina'], places: ['paris'], dates: ['yesterday'] },
  '41/D21:29': { people: ['john'] },
  '26/D10:3': { people: ['mel'], dates: ['last tues'] },
  '26/D2:1': { people: ['caroline'], dates: ['last saturday'] },
  '41/D8:15': { people: ['john'], places: ['england'], dates: ['a few years ago'] },
  '26/D6:10': {},
  '26/D5:2': { people: ['caroline'] },
  '26/D3:2': { people: ['caroline'] },
  '41/D26:4': { people: ['maria'], dates: ['last sunday'] },
  '26/D13:5': {},
  '26/D3:1': { people: ['melanie'], dates: ['last week', 'three years ago'] },
  '41/D30:7': { people: ['john'] },
  '41/D13:24': { places: ['spain'], dates: ['last year'] },
  '26/D12:15': { people: ['mel'], dates: ['last year'] },
  '26/D15:16': { orgs: ['summer sounds'] },
  '30/D6:4': { people: ['jon'], orgs: ['door dash'] },
  '41/D19:22': { people: ['maria'], places: ['california'] },
  '26/D14:33': { dates: ['next month'] },
  '26/D8:9': { dates: ['last friday'] },
  '26/D16:14': { people: ['caro'] },
};

type Kind = 'people' | 'places' | 'orgs' | 'dates' | 'names';
type Found = Partial<Record<Kind, string[]>>;

function loadTurns(files: number[]): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  for (const n of files) {
    const d = JSON.parse(fs.readFileSync(path.join(DATASET, `${n}.json`), 'utf8')) as Record<string, unknown>;
    for (const [k, v] of Object.entries(d)) {
      if (!/^session_\d+$/.test(k) || !Array.isArray(v)) continue;
      for (const t of v as { dia_id: string; text: string }[]) out.push({ key: `${n}/${t.dia_id}`, text: t.text });
    }
  }
  return out;
}

/** A name as compared: lower case, no possessive, no punctuation, no lower-case words around it ("sister Ana" → "ana"). */
function nameKey(s: string): string {
  const kept = s
    .replace(/['’]s\b/g, '')
    .split(/\s+/)
    .filter((w) => /^[A-Z0-9]/.test(w) || w === w.toUpperCase());
  return (kept.length ? kept : s.split(/\s+/)).join(' ').toLowerCase().replace(/[^\p{L}\p{N} ]+/gu, '').trim();
}
const dateKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N} ]+/gu, ' ').replace(/^\s*(on|in|at|the)\s+/, '').replace(/\s+/g, ' ').trim();

function score(pred: string[], gold: string[], fuzzy: boolean) {
  const g = new Set(gold);
  const p = new Set(pred.filter(Boolean));
  let tp = 0;
  for (const x of p) if (g.has(x) || (fuzzy && [...g].some((y) => x.includes(y) || y.includes(x)))) tp++;
  let found = 0;
  for (const y of g) if (p.has(y) || (fuzzy && [...p].some((x) => x.includes(y) || y.includes(x)))) found++;
  return { tp, predicted: p.size, gold: g.size, found };
}

async function main(): Promise<void> {
  if (!fs.existsSync(DATASET)) {
    console.log(`skipped: ${DATASET} not found`);
    return;
  }
  // Imported by name at run time: compromise is not a dependency of Engram (install it to re-run).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Any = any;
  const load = async (name: string): Promise<Any> => (await import(name)).default;
  const nlp: Any = await load('compromise');
  nlp.plugin(await load('compromise-dates'));
  const winkNLP: Any = await load('wink-nlp');
  const wink: Any = winkNLP(await load('wink-eng-lite-web-model'));
  const its: Any = wink.its;

  const compromiseOf = (text: string): Found => {
    const doc = nlp(text);
    const people = doc.people().out('array') as string[];
    const places = doc.places().out('array') as string[];
    const orgs = doc.organizations().out('array') as string[];
    const ds = (doc as unknown as { dates: (o: object) => { out: (f: string) => string[] } }).dates({ today: '2023-05-08' }).out('array');
    return { people, places, orgs, dates: ds, names: [...people, ...places, ...orgs] };
  };
  const winkOf = (text: string): Found => {
    const doc = wink.readDoc(text);
    const names: string[] = [];
    let run: string[] = [];
    doc.tokens().each((t: { out: (f?: unknown) => string }) => {
      if (t.out(its.pos) === 'PROPN') run.push(t.out());
      else if (run.length) names.push(run.join(' ')), (run = []);
    });
    if (run.length) names.push(run.join(' '));
    const dts = (doc.entities().out(its.detail) as { value: string; type: string }[]).filter((e) => e.type === 'DATE').map((e) => e.value);
    return { names, dates: dts };
  };

  // ---- speed
  const all = loadTurns([26, 30, 41, 42, 43, 44]);
  const speed = (f: (t: string) => unknown) => {
    f(all[0].text);
    const t0 = performance.now();
    for (const t of all) f(t.text);
    return Math.round(all.length / ((performance.now() - t0) / 1000));
  };
  console.log(`speed on ${all.length} LoCoMo messages (messages/s):`);
  console.log(`  compromise: tagging only ${speed((t) => nlp(t))}; + people/places/orgs + dates ${speed(compromiseOf)}`);
  console.log(`  wink-nlp: readDoc ${speed((t) => wink.readDoc(t))}; + POS, lemmas, entities ${speed((t) => {
    const d = wink.readDoc(t);
    d.tokens().out(its.pos);
    d.tokens().out(its.lemma);
    d.entities().out(its.detail);
  })}`);

  // ---- quality
  const byKey = new Map(loadTurns([26, 30, 41]).map((t) => [t.key, t.text]));
  const totals: Record<string, Record<Kind, { tp: number; predicted: number; gold: number; found: number }>> = {};
  const add = (lib: string, kind: Kind, s: ReturnType<typeof score>) => {
    totals[lib] ??= {} as never;
    const t = (totals[lib][kind] ??= { tp: 0, predicted: 0, gold: 0, found: 0 });
    t.tp += s.tp;
    t.predicted += s.predicted;
    t.gold += s.gold;
    t.found += s.found;
  };
  for (const [key, gold] of Object.entries(GOLD)) {
    const text = byKey.get(key);
    if (!text) throw new Error(`no message ${key}`);
    const goldNames = [...(gold.people ?? []), ...(gold.places ?? []), ...(gold.orgs ?? [])];
    for (const [lib, found] of [['compromise', compromiseOf(text)], ['wink-nlp', winkOf(text)]] as const) {
      for (const kind of ['people', 'places', 'orgs'] as const) {
        if (found[kind]) add(lib, kind, score(found[kind]!.map(nameKey), gold[kind] ?? [], false));
      }
      add(lib, 'names', score((found.names ?? []).map(nameKey), goldNames, false));
      add(lib, 'dates', score((found.dates ?? []).map(dateKey), (gold.dates ?? []).map(dateKey), true));
    }
  }
  console.log(`\nquality on ${Object.keys(GOLD).length} hand-labelled messages (precision / recall):`);
  for (const [lib, kinds] of Object.entries(totals)) {
    const line = Object.entries(kinds)
      .map(([k, t]) => `${k} ${(t.tp / Math.max(1, t.predicted)).toFixed(2)} / ${(t.found / Math.max(1, t.gold)).toFixed(2)} (${t.gold})`)
      .join(' · ');
    console.log(`  ${lib}: ${line}`);
  }
}

await main();
