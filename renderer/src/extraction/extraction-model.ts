// Pure helpers of the extraction UI: reading the engine's progress and problem lines, naming
// jobs and scopes for people, choosing the scope of a Messages query. Tested in
// test/serve/workbench/extraction-model.test.ts.
import type {
  ExtractionCounts,
  ExtractionScope,
  ExtractionStatus,
  JobInfo,
  MessageFilter,
  OllamaStatus,
} from '../../../shared/types';
import { formatCount, formatRange, plural } from '../ui/format';

// ---- problem lines ("… — start it with `ollama serve`")

export type LineSegment = { kind: 'text'; text: string } | { kind: 'command'; text: string };

/** Splits a line of the engine into text and the `commands` it quotes in backticks. */
export function splitCommands(line: string): LineSegment[] {
  const out: LineSegment[] = [];
  const re = /`([^`]+)`/g;
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > last) out.push({ kind: 'text', text: line.slice(last, m.index) });
    out.push({ kind: 'command', text: m[1] });
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

/** The commands a line asks to run, in order. */
export function commandsOf(line: string): string[] {
  return splitCommands(line)
    .filter((s) => s.kind === 'command')
    .map((s) => s.text);
}

/**
 * The problems that stop a job of this kind: extraction needs the server and the extraction
 * model; embeddings need the server and the embedding model. Empty when it can run.
 */
export function blockingProblems(status: OllamaStatus, kind: 'extract' | 'embed'): string[] {
  if (!status.reachable) return status.problems.length ? status.problems : [`Ollama is not running at ${status.host} — start it with \`ollama serve\``];
  const ready = kind === 'extract' ? status.modelReady : status.embedModelReady;
  if (ready) return [];
  const model = kind === 'extract' ? status.model : status.embedModel;
  const about = status.problems.filter((p) => p.includes(`ollama pull ${model}`));
  return about.length ? about : [`Model ${model} is not installed — run \`ollama pull ${model}\``];
}

/** Ollama's state in a word, for the header's dot. */
export function ollamaTone(status: OllamaStatus | null): 'unknown' | 'ready' | 'warning' | 'down' {
  if (!status) return 'unknown';
  if (!status.reachable) return 'down';
  return status.modelReady ? 'ready' : 'warning';
}

// ---- job progress

export type ExtractProgress =
  | { kind: 'progress'; done: number; total: number; failed: number; triples: number; tokensPerSecond: number; eta: string | null; note: string | null }
  | { kind: 'paused'; line: string }
  | { kind: 'text'; text: string };

/**
 * Reads an extraction job's message:
 * `12/40 chunks · 1 failed · 356 triples · 23.4 tok/s · ETA 4 min`,
 * `Paused: Ollama is not running at HOST — start it with \`ollama serve\``, or anything else.
 */
export function parseJobMessage(message: string | undefined | null): ExtractProgress | null {
  if (!message) return null;
  if (/^Paused:/.test(message)) return { kind: 'paused', line: message.replace(/^Paused:\s*/, '') };
  const m = /^(\d+)\/(\d+) chunks(?: · (\d+) failed)?(?: · (\d+) triples)?(?: · ([\d.]+) tok\/s)?(?: · ETA (.+?))?(?: · (.+))?$/.exec(message);
  if (!m) return { kind: 'text', text: message };
  return {
    kind: 'progress',
    done: Number(m[1]),
    total: Number(m[2]),
    failed: Number(m[3] ?? 0),
    triples: Number(m[4] ?? 0),
    tokensPerSecond: Number(m[5] ?? 0),
    eta: m[6] ?? null,
    note: m[7] ?? null,
  };
}

export interface ExtractResult {
  chunks: number;
  extracted: number;
  failed: number;
  skipped: number;
  triples: number;
  dropped: number;
  tokensPerSecond: number;
  model: string;
  pauses: number;
  failures: { key: string; error: string }[];
}

/** The `result` of a finished extraction job, when it has that shape. */
export function extractResultOf(job: JobInfo): ExtractResult | null {
  const r = job.result as Partial<ExtractResult> | undefined;
  if (!r || typeof r.chunks !== 'number' || typeof r.extracted !== 'number') return null;
  return {
    chunks: r.chunks,
    extracted: r.extracted,
    failed: r.failed ?? 0,
    skipped: r.skipped ?? 0,
    triples: r.triples ?? 0,
    dropped: r.dropped ?? 0,
    tokensPerSecond: r.tokensPerSecond ?? 0,
    model: r.model ?? '',
    pauses: r.pauses ?? 0,
    failures: Array.isArray(r.failures) ? r.failures : [],
  };
}

/** One line for a finished extraction, as `engram extract` prints it. */
export function summarizeResult(r: ExtractResult): string {
  const parts = [
    `${plural(r.chunks, 'chunk')}: ${formatCount(r.extracted)} extracted, ${formatCount(r.failed)} failed, ${formatCount(r.skipped)} already done`,
    `${plural(r.triples, 'triple')} kept, ${formatCount(r.dropped)} dropped`,
  ];
  if (r.tokensPerSecond > 0) parts.push(`${r.tokensPerSecond.toFixed(1)} tok/s${r.model ? ` (${r.model})` : ''}`);
  if (r.pauses > 0) parts.push(`paused ${r.pauses === 1 ? 'once' : `${r.pauses} times`} while Ollama was away`);
  return parts.join(' · ');
}

// ---- names

interface Named {
  id: number;
  name: string;
}

/** The engine's job title with source ids and wall-clock bounds made readable. */
export function jobTitle(job: Pick<JobInfo, 'kind' | 'title'>, sources: Named[]): string {
  const t = job.title;
  const nameOf = (ids: string) =>
    ids
      .split(/,\s*/)
      .map((id) => sources.find((s) => s.id === Number(id))?.name ?? `source ${id}`)
      .join(', ');
  if (job.kind === 'embed') {
    if (t === 'Embed messages and entities') return 'Build search vectors';
    const m = /^Embed source (.+)$/.exec(t);
    return m ? `Build search vectors for ${nameOf(m[1])}` : t;
  }
  if (job.kind !== 'extract') return t;
  let m = /^Extract source ([\d, ]+?)( \(.*\))?$/.exec(t);
  if (m) return `Extract ${nameOf(m[1])}${m[2] ?? ''}`;
  m = /^Extract (\d{4}-\d{2}-\d{2}\S*) – (\d{4}-\d{2}-\d{2}\S*)( \(.*\))?$/.exec(t);
  if (m) return `Extract ${formatRange(m[1], m[2])}${m[3] ?? ''}`;
  return t;
}

/** What a scope is, for a toast or a dialog: "Session 3", "Sep 14 – Sep 20, 2026", "12 messages". */
export function describeScope(scope: ExtractionScope, ctx: { sources: Named[]; sessions: { id: number; index: number }[] }): string {
  switch (scope.kind) {
    case 'source':
      return scope.sourceIds.length === ctx.sources.length && ctx.sources.length > 1
        ? 'all sources'
        : scope.sourceIds.map((id) => ctx.sources.find((s) => s.id === id)?.name ?? `source ${id}`).join(', ');
    case 'sessions':
      if (scope.sessionIds.length === 1) {
        const s = ctx.sessions.find((x) => x.id === scope.sessionIds[0]);
        return s ? `session ${s.index}` : '1 session';
      }
      return plural(scope.sessionIds.length, 'session');
    case 'range':
      return formatRange(scope.from, scope.to);
    case 'messages':
      return plural(scope.messageIds.length, 'message');
  }
}

// ---- status

export type CountsState = 'none' | 'partial' | 'done' | 'failed' | 'running';

/** Where a source or session stands: nothing extracted, partly, all done, some failed, running. */
export function countsState(c: ExtractionCounts | undefined, unchunked = 0): CountsState {
  if (!c || c.chunks === 0) return 'none';
  if (c.running > 0) return 'running';
  if (c.failed > 0) return 'failed';
  if (c.done === c.chunks && unchunked === 0) return 'done';
  return 'partial';
}

/** "12/30 chunks · 1 failed · 356 triples", or "Not extracted yet". */
export function countsLine(c: ExtractionCounts | undefined, unchunked = 0): string {
  if (!c || c.chunks === 0) return 'Not extracted yet';
  const parts = [`${formatCount(c.done)}/${plural(c.chunks, 'chunk')}`];
  if (c.running) parts.push(`${formatCount(c.running)} running`);
  if (c.failed) parts.push(`${formatCount(c.failed)} failed`);
  parts.push(plural(c.triples, 'triple'));
  if (unchunked > 0) parts.push(`${plural(unchunked, 'message')} not yet chunked`);
  return parts.join(' · ');
}

/** Sum of the sources' messages of the person that no chunk holds yet. */
export function unchunkedTotal(status: ExtractionStatus | null): number {
  return status ? status.sources.reduce((n, s) => n + s.unchunkedMessages, 0) : 0;
}

// ---- scopes from the Messages tab

/**
 * The scope of a Messages query when one fits without listing ids: everything (null: all
 * sources), sources, sessions, a time range. 'ids' when the messages have to be listed.
 */
export function scopeOfFilter(filter: MessageFilter, allSourceIds: number[]): ExtractionScope | 'ids' {
  const keys = Object.keys(filter).filter((k) => {
    const v = (filter as Record<string, unknown>)[k];
    return v !== undefined && !(Array.isArray(v) && v.length === 0);
  });
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  if (keys.length === 0) return { kind: 'source', sourceIds: allSourceIds };
  if (only('sourceIds') && filter.sourceIds) return { kind: 'source', sourceIds: filter.sourceIds };
  if (only('sessionIds') && filter.sessionIds) return { kind: 'sessions', sessionIds: filter.sessionIds };
  if (only('from', 'to', 'sourceIds') && filter.from && filter.to) {
    return { kind: 'range', from: filter.from, to: filter.to, ...(filter.sourceIds ? { sourceIds: filter.sourceIds } : {}) };
  }
  return 'ids';
}

/** The most message ids one scope may carry (the API's limit). */
export const MAX_SCOPE_IDS = 100_000;

