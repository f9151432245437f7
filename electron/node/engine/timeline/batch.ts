// The batch interface for evaluation from outside: JSONL questions in, JSONL plans and rows out.
//
// Input line:  {"id": "...", "question": "...", "context": [{"speaker": "...", "text": "..."}]?,
//               "now": "ISO-8601"?, "source": "source id or file name"?}
// Output line: {"id": "...", "rewrite": "...", "classification": "...", "plan": {...},
//               "messages": [{"id": "...", "source": "...", "session": N, "response_index": N,
//               "external_id": "..."}]}  (rank order), or {"id": "...", "error": "..."}.
// One timeline (one loaded engine) serves the whole batch; lines are answered in order.
import { answerBatchQuestion, runJsonlBatch, runJsonlBatchFiles, type BatchStats } from '../common/jsonl-batch';
import type { SelectedRow, Timeline } from './timeline';

export type { BatchStats };

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

/**
 * A row's message as the batch writes it, kept per row object: the chain store hands out one
 * object per message, and the same rows come back in many answers (a day's, a session's).
 */
export type KeptMessages = WeakMap<SelectedRow, { rowId: number; message: BatchMessage }>;

function messageOf(r: SelectedRow, sourceName: (id: number) => string, kept: KeptMessages | undefined): BatchMessage {
  const source = sourceName(r.sourceId);
  const e = kept?.get(r);
  // (checked: a row object is not expected to change, and a source may be renamed)
  if (e && e.rowId === r.id && e.message.source === source && e.message.session === r.session && e.message.response_index === r.responseIndex && e.message.external_id === r.externalId) return e.message;
  const message = { id: String(r.id), source, session: r.session, response_index: r.responseIndex, external_id: r.externalId };
  kept?.set(r, { rowId: r.id, message });
  return message;
}

/** Answers one input line (`kept`: the messages of rows seen before, shared by a batch's lines). */
export function answerLine(timeline: Timeline, raw: unknown, sourceName: (id: number) => string, lineNo: number, kept?: KeptMessages): Promise<BatchOutput> {
  return answerBatchQuestion(raw, lineNo, (name) => timeline.sourcesNamed(name), async (id, line, sourceIds) => {
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
      messages: rows.map((r) => messageOf(r, sourceName, kept)),
    };
  });
}

/** Reads JSONL from `input`, writes JSONL to `output`, in input order. */
export function runBatch(
  timeline: Timeline,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  sourceName: (id: number) => string,
  opts: { concurrency?: number } = {},
): Promise<BatchStats> {
  const kept: KeptMessages = new WeakMap();
  return runJsonlBatch(input, output, (raw, lineNo) => answerLine(timeline, raw, sourceName, lineNo, kept), opts.concurrency ?? 8, batchLineJson());
}

/** Messages' JSON kept at most (a message's is ~80 characters). */
const KEPT_MESSAGE_JSON = 200_000;

/**
 * JSON.stringify of an output line, byte for byte, with each message's JSON kept by its id:
 * the same messages come back in many answers (the rows of a day, a session), and writing
 * them took more than a tenth of a batch.
 */
export function batchLineJson(): (out: BatchOutput) => string {
  const kept = new Map<string, { message: BatchMessage; json: string }>();
  const messageJson = (m: BatchMessage): string => {
    const e = kept.get(m.id);
    if (e && e.message.source === m.source && e.message.session === m.session && e.message.response_index === m.response_index && e.message.external_id === m.external_id) return e.json;
    const json = JSON.stringify(m);
    if (kept.size >= KEPT_MESSAGE_JSON) kept.clear();
    kept.set(m.id, { message: m, json });
    return json;
  };
  return (out) => {
    const keys = Object.keys(out);
    // only the shape answerLine makes: messages last, as plain objects of these keys
    if (!out.messages || keys[keys.length - 1] !== 'messages') return JSON.stringify(out);
    const { messages, ...head } = out;
    let json = `${JSON.stringify(head).slice(0, -1)},"messages":[`;
    for (let i = 0; i < messages.length; i++) {
      json += (i ? ',' : '') + messageJson(messages[i]);
    }
    return `${json}]}`;
  };
}

/** Runs a batch between files. */
export function runBatchFiles(timeline: Timeline, inFile: string, outFile: string, sourceName: (id: number) => string): Promise<BatchStats> {
  return runJsonlBatchFiles(inFile, outFile, (input, output) => runBatch(timeline, input, output, sourceName));
}
