// kill -9 trials: a child process works on a data folder (imports, edits, compactions,
// extraction against the Ollama double, repairs) and is killed at a random moment or right after
// an acknowledgement; the next process opens the folder as `engram doctor` would (start-up
// recovery, then every check, repaired if need be) and reports the stores' state, which is
// checked against every write acknowledged before the kill. Each section keeps its folder across
// its trials, so later kills land on what earlier ones left.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { IntegrityProblem } from '../../shared/types';
import { random } from '../../test/support/damage';

export type Mode = 'import' | 'edits' | 'compact' | 'extract' | 'repair';

export interface DoctorState {
  startup: IntegrityProblem[];
  found: IntegrityProblem[];
  left: IntegrityProblem[];
  sources: { name: string; path: string | null; messages: number }[];
  unfinished: number;
  nodes: Record<string, number>;
  graphs: Record<string, number>;
  chunks: { key: string; graph: string; status: string; triples: number | null }[];
}

export interface TrialOutcome {
  mode: Mode;
  trial: number;
  /** Acknowledged writes in the killed run. */
  acks: number;
  killedAfterMs: number;
  /** How the kill was placed: at a random moment, or just after an acknowledgement. */
  aim: 'random' | 'after-ack';
  /** Acknowledged writes not found afterwards (must be none). */
  lost: string[];
  /** Sources present with part of their messages (must be none). */
  partial: string[];
  /** What the doctor found that start-up had not already repaired (repaired then), and what stayed unrepaired (must be none). */
  doctorFound: number;
  unrepaired: string[];
  /** Other inconsistencies (an edit half applied, a chunk marked done without its graph). */
  inconsistent: string[];
  ms: number;
}

interface RunResult {
  acks: Record<string, unknown>[];
  doctor: DoctorState | null;
  killedAfterMs: number;
  aim: 'random' | 'after-ack';
  stderr: string;
}

/** Starts the bundled child; kills it (SIGKILL) per `kill`, unless it is a doctor-only run. */
function runChild(child: string, config: Record<string, unknown>, kill: { afterMs?: number; afterAcks?: number; jitterMs?: number } | null): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child], { env: { ...process.env, FAULTS_CHILD: JSON.stringify(config) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: Record<string, unknown>[] = [];
    let doctor: DoctorState | null = null;
    let stderr = '';
    let buffer = '';
    let readyAt = 0;
    let killedAt = 0;
    let timer: NodeJS.Timeout | null = null;
    const killNow = () => {
      if (killedAt) return;
      killedAt = performance.now();
      proc.kill('SIGKILL');
    };
    // A run that never reaches its kill point is killed anyway (a stuck child is a finding too).
    const guard = setTimeout(killNow, 60_000);
    proc.stderr.on('data', (d) => (stderr += d));
    proc.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('doctor ')) doctor = JSON.parse(line.slice(7)) as DoctorState;
        else if (line === 'ready') {
          readyAt = performance.now();
          if (kill?.afterMs !== undefined) timer = setTimeout(killNow, kill.afterMs);
        } else if (line.startsWith('ack ')) {
          if (!killedAt) acks.push(JSON.parse(line.slice(4)) as Record<string, unknown>);
          if (kill?.afterAcks !== undefined && acks.length >= kill.afterAcks && !timer) timer = setTimeout(killNow, kill.jitterMs ?? 0);
        }
      }
    });
    // 'close': its stdout read to the end (the doctor's line may come in after 'exit')
    proc.on('close', (code, signal) => {
      clearTimeout(guard);
      if (timer) clearTimeout(timer);
      if (kill && signal !== 'SIGKILL') return reject(new Error(`the child ended by itself (${code ?? signal}): ${stderr.slice(-2000)}`));
      if (!kill && code !== 0) return reject(new Error(`the doctor run failed (${code ?? signal}): ${stderr.slice(-2000)}`));
      resolve({ acks, doctor, killedAfterMs: killedAt && readyAt ? Math.round(killedAt - readyAt) : 0, aim: kill?.afterAcks !== undefined ? 'after-ack' : 'random', stderr });
    });
    proc.on('error', reject);
  });
}

// ---- expected state, per section

/** The person's edits as the suite tracks them (the in-flight one at a kill may or may not have landed). */
class EditModel {
  present = new Set<number>();
  /** The person's edits in effect, oldest first (what undo takes back). */
  stack: { kind: 'insert' | 'delete'; n: number }[] = [];
  next = 0;

  clone(): EditModel {
    const m = new EditModel();
    m.present = new Set(this.present);
    m.stack = [...this.stack];
    m.next = this.next;
    return m;
  }

  apply(op: string): void {
    const [kind, arg] = op.split(' ');
    const n = Number(arg);
    if (kind === 'insert') {
      this.present.add(n);
      this.stack.push({ kind: 'insert', n });
    } else if (kind === 'delete') {
      // A delete of an absent node changes nothing, but is still an edit in the log.
      const had = this.present.delete(n);
      this.stack.push({ kind: 'delete', n: had ? n : -1 });
    } else if (kind === 'undo') {
      const last = this.stack.pop();
      if (last?.kind === 'insert') this.present.delete(last.n);
      if (last?.kind === 'delete' && last.n >= 0) this.present.add(last.n);
    }
  }

  matches(nodes: Record<string, number>): boolean {
    const have = new Set(Object.keys(nodes).map((k) => Number(k.slice('http://ex/n'.length))));
    return have.size === this.present.size && [...this.present].every((n) => have.has(n));
  }

  /** Operations for a run: mostly inserts, some deletes of nodes present, some undos, compactions when asked. */
  plan(rnd: () => number, count: number, compactions: boolean): string[] {
    const ops: string[] = [];
    const present = [...this.present];
    for (let i = 0; i < count; i++) {
      const r = rnd();
      if (compactions && r < 0.12) ops.push('compact');
      else if (r < 0.25 && present.length) ops.push(`delete ${present[Math.floor(rnd() * present.length)]}`);
      else if (r < 0.35) ops.push('undo');
      else {
        ops.push(`insert ${this.next}`);
        present.push(this.next++);
      }
    }
    return ops;
  }
}

export interface SectionSetup {
  child: string;
  dir: string;
  /** The files an import section imports (made by the runner, with their message counts). */
  files?: { file: string; messages: number }[];
  host?: string;
}

/**
 * Runs `count` kill trials of one kind; returns each trial's outcome. `beforeTrial` may change
 * the folder between two runs (the repair section damages derived data there).
 */
export async function runTrials(
  mode: Mode,
  count: number,
  setup: SectionSetup & { present?: number[]; beforeTrial?: (dataDir: string, trial: number) => void },
  seed: number,
  onTrial?: (o: TrialOutcome) => void,
): Promise<TrialOutcome[]> {
  const rnd = random(seed);
  const out: TrialOutcome[] = [];
  const dataDir = setup.dir;
  fs.mkdirSync(dataDir, { recursive: true });
  const edits = new EditModel();
  for (const n of setup.present ?? []) edits.present.add(n);
  const acked = new Map<string, number>(); // import: file → messages; extract: chunk → triples
  let pending: { ops: string[]; acked: number } | null = null;
  let redo = false;

  const check = (trial: number, run: RunResult | null, doctor: DoctorState, ms: number) => {
    const o: TrialOutcome = { mode, trial, acks: run?.acks.length ?? 0, killedAfterMs: run?.killedAfterMs ?? 0, aim: run?.aim ?? 'random', lost: [], partial: [], doctorFound: doctor.found.length, unrepaired: doctor.left.map((p) => `${p.where}: ${p.problem}`), inconsistent: [], ms };
    if (doctor.unfinished) o.partial.push(`${doctor.unfinished} source(s) still importing after start-up`);
    if (mode === 'import') {
      const byPath = new Map(doctor.sources.map((s) => [s.path, s]));
      for (const [file, messages] of acked) {
        const s = byPath.get(file);
        if (!s) o.lost.push(`${path.basename(file)} (acknowledged with ${messages} messages) is gone`);
        else if (s.messages !== messages) o.partial.push(`${path.basename(file)}: ${s.messages} of ${messages} messages`);
      }
      const expected = new Map(setup.files!.map((f) => [f.file, f.messages]));
      for (const s of doctor.sources) if (s.path && expected.get(s.path) !== s.messages) o.partial.push(`${s.name}: ${s.messages} of ${expected.get(s.path)} messages`);
    }
    if (mode === 'edits' || mode === 'compact' || mode === 'repair') {
      for (const [node, n] of Object.entries(doctor.nodes)) if (n !== 2) o.inconsistent.push(`${node} has ${n} of its 2 triples (an edit half applied)`);
      if (mode === 'repair') {
        for (const n of edits.present) if (!(`http://ex/n${n}` in doctor.nodes)) o.lost.push(`node ${n}`);
      } else if (pending) {
        // The operation in flight at the kill may have landed or not; nothing else may differ.
        const without = edits.clone();
        const withIt = edits.clone();
        pending.ops.slice(pending.acked, pending.acked + 1).forEach((op) => withIt.apply(op));
        if (withIt.matches(doctor.nodes)) Object.assign(edits, withIt);
        else if (!without.matches(doctor.nodes)) {
          const have = new Set(Object.keys(doctor.nodes));
          for (const n of without.present) if (!have.has(`http://ex/n${n}`)) o.lost.push(`node ${n}`);
          if (!o.lost.length) o.inconsistent.push(`the graph holds ${have.size} edit nodes, the acknowledged edits ${without.present.size}`);
          edits.present = new Set([...have].map((k) => Number(k.slice('http://ex/n'.length))));
        }
      }
    }
    if (mode === 'extract') {
      const chunks = new Map(doctor.chunks.map((c) => [c.key, c]));
      for (const [key, triples] of acked) {
        const c = chunks.get(key);
        if (!c || c.status !== 'done') o.lost.push(`chunk ${key.slice(0, 8)} (acknowledged done) is ${c?.status ?? 'gone'}`);
        else if ((doctor.graphs[c.graph] ?? 0) < Math.min(1, triples)) o.lost.push(`chunk ${key.slice(0, 8)}: its graph is missing`);
      }
      for (const c of doctor.chunks) {
        if (c.status === 'done' && (c.triples ?? 0) > 0 && !doctor.graphs[c.graph]) o.inconsistent.push(`chunk ${c.key.slice(0, 8)} done without its graph`);
        if (c.status !== 'done' && doctor.graphs[c.graph] && c.status !== 'failed') {
          // A chunk being redone keeps its last graph until the new one replaces it.
          if (!redo) o.inconsistent.push(`chunk ${c.key.slice(0, 8)} is ${c.status} but has a graph`);
        }
      }
    }
    out.push(o);
    onTrial?.(o);
  };

  const child = setup.child;
  const base = { dataDir, compactBytes: mode === 'compact' ? 3000 : undefined, host: setup.host };
  let previous: RunResult | null = null;
  let previousStart = performance.now();
  for (let trial = 1; trial <= count + 1; trial++) {
    const last = trial === count + 1;
    const aimAfterAck = rnd() < 0.5;
    const kill = last ? null : aimAfterAck ? { afterAcks: 1 + Math.floor(rnd() * 12), jitterMs: Math.floor(rnd() * 25) } : { afterMs: Math.floor(rnd() * 1500) };
    let config: Record<string, unknown> = { ...base, mode: last ? 'doctor' : mode === 'compact' ? 'edits' : mode };
    let ops: string[] = [];
    if (mode === 'import') config.files = setup.files!.map((f) => f.file);
    if (mode === 'edits' || mode === 'compact') {
      ops = edits.plan(rnd, 40, mode === 'compact');
      config.ops = ops;
    }
    if (mode === 'extract') config.redo = redo;
    if (!last) setup.beforeTrial?.(dataDir, trial);
    const run = await runChild(child, config, kill);
    if (!run.doctor) throw new Error(`${mode} trial ${trial}: the child reported no doctor state: ${run.stderr.slice(-1000)}`);
    // This run's doctor report is the check of the previous trial's kill.
    if (trial > 1) check(trial - 1, previous, run.doctor, Math.round(performance.now() - previousStart));
    else if (run.doctor.left.length) throw new Error(`${mode}: the fresh folder has problems: ${JSON.stringify(run.doctor.left)}`);
    if (last) break;
    previous = run;
    previousStart = performance.now();
    // What this run acknowledged.
    pending = null;
    // An import acknowledged (imported now, or found already imported) must hold all of its file's messages.
    if (mode === 'import') for (const a of run.acks) if (typeof a.file === 'string') acked.set(a.file, setup.files!.find((f) => f.file === a.file)!.messages);
    if (mode === 'extract') {
      for (const a of run.acks) if (typeof a.chunk === 'string') acked.set(a.chunk, (a.triples as number) ?? 0);
      // Every chunk done: the next runs extract them all again (redo), so kills keep landing on work.
      if (run.acks.some((a) => a.finished)) redo = true;
    }
    if (mode === 'edits' || mode === 'compact') {
      // Acks come in order, one per operation (compactions too): the next one was in flight.
      const done = run.acks.filter((a) => typeof a.op === 'string');
      for (const a of done) edits.apply(a.op as string);
      pending = { ops, acked: done.length };
    }
  }
  return out;
}

/** Runs the child to the end of its work (a section's setup), then stops it; returns its acks. */
export async function setupRun(child: string, config: Record<string, unknown>, acks: number): Promise<Record<string, unknown>[]> {
  return (await runChild(child, config, { afterAcks: acks, jitterMs: 50 })).acks;
}

/** Opens the folder and closes it cleanly (SQLite's write-ahead log checkpointed into engram.sqlite); returns the doctor's report. */
export async function closeCleanly(child: string, dataDir: string): Promise<DoctorState> {
  const run = await runChild(child, { mode: 'doctor', dataDir }, null);
  if (!run.doctor) throw new Error(`the doctor run on ${dataDir} reported nothing: ${run.stderr.slice(-1000)}`);
  return run.doctor;
}
