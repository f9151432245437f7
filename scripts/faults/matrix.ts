// The damage matrix: for each kind of file the memory keeps (SQLite, the LanceDB search index,
// the graph's snapshot, its memory image, a journal row) and each kind of damage (cut short,
// bytes flipped, a page zeroed, deleted), a copy of one memory is damaged and opened as the app
// opens it. Each case must end one of these ways: repaired automatically at start-up, or named
// (file/entry and `engram doctor --repair`) and repaired by it, or harmless (what is served is
// unchanged); never served silently (the memory serves something else and nothing says so).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { IntegrityProblem } from '../../shared/types';
import { damageFile, damageJournalRow, DAMAGES, filesUnder, type Damage } from '../../test/support/damage';

export type FileKind = 'sqlite' | 'lancedb' | 'snapshot' | 'image' | 'journal';
export const FILE_KINDS: FileKind[] = ['sqlite', 'lancedb', 'snapshot', 'image', 'journal'];

type Served = Record<string, string> | { error: string };

interface Inspect {
  openError?: string;
  startup?: IntegrityProblem[];
  served?: Served;
  found?: IntegrityProblem[];
  repaired?: IntegrityProblem[];
  left?: IntegrityProblem[];
  after?: Record<string, string>;
}

export type Outcome = 'repaired at start' | 'named, then repaired' | 'named, not repairable' | 'harmless' | 'refused, named' | 'SERVED SILENTLY' | 'NOT REPAIRED' | 'CRASHED';

export interface MatrixCase {
  kind: FileKind;
  damage: Damage;
  seed: number;
  what: string;
  outcome: Outcome;
  /** The first line a person sees about it. */
  said: string;
  ms: number;
}

function runInspect(child: string, dataDir: string): Promise<Inspect> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child], { env: { ...process.env, FAULTS_CHILD: JSON.stringify({ mode: 'inspect', dataDir }) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const guard = setTimeout(() => proc.kill('SIGKILL'), 120_000);
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (err += d));
    // 'close', not 'exit': at 'exit' the last of its stdout may not have been read yet.
    proc.on('close', (code) => {
      clearTimeout(guard);
      const line = out.split('\n').find((l) => l.startsWith('inspect '));
      if (!line) return reject(new Error(`inspect gave no report (${code}): ${err.slice(-1500)}`));
      resolve(JSON.parse(line.slice(8)) as Inspect);
    });
  });
}

/** The offline doctor (engram.sqlite checked and salvaged before any engine opens the folder). */
type OfflineDoctor = (dataDir: string, repair: boolean) => IntegrityProblem[];

const same = (a: Served | undefined, b: Record<string, string>) => !!a && !('error' in a) && a.chat === b.chat && a.graph === b.graph && a.search === b.search;
const namesRepair = (p: IntegrityProblem) => /engram doctor --repair|restore it from a backup|restore engram\.sqlite from a backup/.test(p.action);

/** Damages the file of `kind` in a data folder; returns what was done. */
function damage(dataDir: string, kind: FileKind, how: Damage, seed: number): string {
  const graphDir = path.join(dataDir, 'graph');
  switch (kind) {
    case 'sqlite':
      return damageFile(path.join(dataDir, 'engram.sqlite'), how, seed, { page: 4096, keepHead: 100, flips: 3 });
    case 'lancedb': {
      // The biggest data file, or the manifest, by turn.
      const files = filesUnder(path.join(dataDir, 'search')).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
      const data = files.find((f) => f.includes(`${path.sep}data${path.sep}`))!;
      const manifest = files.filter((f) => f.endsWith('.manifest')).sort()[0];
      return damageFile(seed % 2 ? data : manifest, how, seed, { page: 4096 });
    }
    case 'snapshot': {
      const snap = fs.readdirSync(graphDir).filter((f) => f.startsWith('snapshot-')).sort((a, b) => Number(/\d+/.exec(b)![0]) - Number(/\d+/.exec(a)![0]))[0];
      return damageFile(path.join(graphDir, snap), how, seed, { page: 4096, flips: 2 });
    }
    case 'image': {
      const image = fs.readdirSync(graphDir).find((f) => f.startsWith('image-'))!;
      return damageFile(path.join(graphDir, image), how, seed, { page: 65536, keepHead: 65536, flips: 3 });
    }
    case 'journal':
      // The newest row (an edit of the person's, with a copy in the undo log) or an import's (none).
      return damageJournalRow(path.join(dataDir, 'engram.sqlite'), how, seed % 2 ? undefined : 'Import b.jsonl') ?? 'no journal row';
  }
}

/**
 * Runs one case on a copy of `template` (whose served digests are `baseline`). The snapshot's
 * image is removed first for snapshot damage (else the image, checked and whole, is what opens).
 */
export async function runCase(child: string, offline: OfflineDoctor, template: string, baseline: Record<string, string>, work: string, kind: FileKind, how: Damage, seed: number): Promise<MatrixCase> {
  const t0 = performance.now();
  const dir = path.join(work, `${kind}-${how}-${seed}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(template, dir, { recursive: true });
  if (kind === 'snapshot') for (const f of fs.readdirSync(path.join(dir, 'graph'))) if (f.startsWith('image-')) fs.rmSync(path.join(dir, 'graph', f));
  const what = damage(dir, kind, how, seed);
  const done = (outcome: Outcome, said: string): MatrixCase => ({ kind, damage: how, seed, what, outcome, said, ms: Math.round(performance.now() - t0) });

  // A probe that dies (an error escaping the engine) is a finding of its own, not the end of the matrix.
  const inspect = (): Promise<Inspect | MatrixCase> => runInspect(child, dir).catch((e: Error) => done('CRASHED', e.message.replace(/\s+/g, ' ').slice(0, 400)));
  const first = await inspect();
  if ('outcome' in first) return first;
  let r = first;
  if (r.openError) {
    const refusal = r.openError;
    // Refused to open: the message must name the file and the repair; the offline doctor repairs.
    if (!/engram doctor --repair/.test(refusal)) return done('SERVED SILENTLY', `refused without naming the repair: ${refusal}`);
    const named = offline(dir, false);
    const fixed = offline(dir, true);
    const again = await inspect();
    if ('outcome' in again) return again;
    r = again;
    if (r.openError) return done('NOT REPAIRED', `still refused after repair: ${r.openError}`);
    const left = r.left ?? [];
    if (left.length) return done(left.every(namesRepair) ? 'named, not repairable' : 'NOT REPAIRED', `${named[0] ? `${named[0].where}: ${named[0].problem}` : refusal}; left: ${left[0].where}: ${left[0].problem}`);
    return done('refused, named', `${refusal.slice(0, 160)} → ${fixed.map((p) => p.action).join('; ').slice(0, 160)}`);
  }
  const startup = r.startup ?? [];
  const found = r.found ?? [];
  let left = r.left ?? [];
  // What asks for Engram to be closed first (the salvage of engram.sqlite) is run as a person
  // would: the offline doctor, then the folder opened again.
  if (left.some((p) => p.where === 'engram.sqlite' && /^close Engram/.test(p.action))) {
    offline(dir, true);
    const again = await inspect();
    if ('outcome' in again) return again;
    if (again.openError) return done('NOT REPAIRED', `refused after the salvage: ${again.openError}`);
    left = again.left ?? [];
  }
  const firstSaid = startup[0] ?? found[0];
  const said = firstSaid ? `${firstSaid.where}: ${firstSaid.problem} (${firstSaid.action})` : '';
  const servedSame = same(r.served, baseline);
  const announced = startup.length > 0;
  if (!servedSame && !announced) {
    // What start-up served differs and start-up said nothing: only the doctor's deeper check may
    // name it (the chat table's checksums, the search index's rows); that is damage served until then.
    if (!found.length) return done('SERVED SILENTLY', `served ${JSON.stringify(r.served)} ≠ the original, nothing reported`);
  }
  if (left.length) return done(left.every(namesRepair) ? 'named, not repairable' : 'NOT REPAIRED', `${said || `${found[0]?.where}: ${found[0]?.problem}`}; left: ${left[0].where}: ${left[0].problem} (${left[0].action})`);
  if (!startup.length && !found.length) return done('harmless', 'nothing found; what is served is unchanged');
  if (found.length === 0 && startup.every((p) => p.repaired)) return done('repaired at start', said);
  return done('named, then repaired', said || `${found[0].where}: ${found[0].problem} (${found[0].action})`);
}

export { DAMAGES };
