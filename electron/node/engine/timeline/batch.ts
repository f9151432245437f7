// The batch interface for evaluation from outside: JSONL questions in, JSONL plans and rows out.
//
// Input line:  {"id": "...", "question": "...", "context": [{"speaker": "...", "text": "..."}]?,
//               "now": "ISO-8601"?, "source": "source id or file name"?}
// Output line: {"id": "...", "rewrite": "...", "classification": "...", "plan": {...},
//               "messages": [{"id": "...", "source": "...", "session": N, "response_index": N,
//               "external_id": "..."}]}  (rank order), or {"id": "...", "error": "..."}.
// One timeline (one loaded engine) serves the whole batch; lines are answered in order.
import fs from 'node:fs';
import readline from 'node:readline';
import { z } from 'zod';
import type { Timeline } from './timeline';

const lineSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  question: z.string().min(1).max(10_000),
  context: z.array(z.object({ speaker: z.string().optional().default(''), text: z.string() })).max(500).optional(),
  now: z.string().max(60).optional(),
  source: z.union([z.string(), z.number()]).optional(),
});

export interface BatchMessage {
  id: string;
  source: string;
  session: number;
  response_index: number;
  external_id: string | null;
}

export interface BatchOutput {
  id: string;
  rewrite?: string;
  classification?: string;
  plan?: unknown;
  messages?: BatchMessage[];
  error?: string;
}

export interface BatchStats {
  lines: number;
  errors: number;
  elapsedMs: number;
}

/** Answers one parsed input line. */
export async function answerLine(timeline: Timeline, raw: unknown, sourceName: (id: number) => string, lineNo: number): Promise<BatchOutput> {
  const parsed = lineSchema.safeParse(raw);
  const rawId = (raw as { id?: unknown } | null)?.id;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : String(lineNo);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { id, error: `line ${lineNo}: ${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}` };
  }
  const line = parsed.data;
  try {
    let sourceIds: number[] | undefined;
    if (line.source !== undefined && String(line.source).trim()) {
      sourceIds = timeline.sourcesNamed(String(line.source));
      if (!sourceIds.length) return { id, error: `line ${lineNo}: no imported source '${String(line.source).slice(0, 200)}'` };
    }
    const { planned, rows } = await timeline.retrieve({
      question: line.question,
      context: line.context?.map((t) => ({ speaker: t.speaker ?? '', text: t.text })),
      now: line.now,
      sourceIds,
    });
    return {
      id,
      rewrite: planned.rewrite,
      classification: planned.classification,
      plan: planned.plan,
      messages: rows.map((r) => ({
        id: String(r.id),
        source: sourceName(r.sourceId),
        session: r.session,
        response_index: r.responseIndex,
        external_id: r.externalId,
      })),
    };
  } catch (e) {
    return { id, error: `line ${lineNo}: ${(e as Error).message.split('\n')[0]}` };
  }
}

/** Reads JSONL from `input`, writes JSONL to `output`, in input order. */
export async function runBatch(
  timeline: Timeline,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  sourceName: (id: number) => string,
  opts: { concurrency?: number } = {},
): Promise<BatchStats> {
  const t0 = performance.now();
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  let lines = 0;
  let errors = 0;
  const pending: Promise<BatchOutput>[] = [];
  let writing = Promise.resolve();
  let failure: Error | null = null;
  output.on('error', (e: Error) => (failure ??= e));
  const write = (text: string): Promise<void> => {
    if (failure) return Promise.reject(failure);
    return output.write(text) ? Promise.resolve() : new Promise((resolve) => output.once('drain', () => resolve()));
  };
  const flush = async (keep: number) => {
    while (pending.length > keep) {
      const out = await pending.shift()!;
      if (out.error) errors++;
      writing = writing.then(() => write(`${JSON.stringify(out)}\n`));
    }
    await writing;
  };
  for await (const text of rl) {
    if (!text.trim()) continue;
    lines++;
    const lineNo = lines;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      pending.push(Promise.resolve({ id: String(lineNo), error: `line ${lineNo}: not JSON` }));
      await flush(concurrency);
      continue;
    }
    pending.push(answerLine(timeline, raw, sourceName, lineNo));
    if (pending.length >= concurrency) await flush(concurrency - 1);
  }
  await flush(0);
  return { lines, errors, elapsedMs: performance.now() - t0 };
}

/** Runs a batch between files. */
export async function runBatchFiles(timeline: Timeline, inFile: string, outFile: string, sourceName: (id: number) => string): Promise<BatchStats> {
  const input = fs.createReadStream(inFile, { encoding: 'utf8' });
  const output = fs.createWriteStream(outFile, { encoding: 'utf8' });
  try {
    return await runBatch(timeline, input, output, sourceName);
  } finally {
    await new Promise<void>((resolve, reject) => output.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
}
