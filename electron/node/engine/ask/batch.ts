// The Ask batch interface (`engram ask --batch`), the same line format as `engram retrieve
// --batch` (timeline/batch.ts) with the answer and its evidence added:
//
// Input line:  {"id": "...", "question": "...", "context": [{"speaker": "...", "text": "..."}]?,
//               "now": "ISO-8601"?, "source": "source id or file name"?}
// Output line: {"id": "...", "rewrite": "...", "classification": "...", "routes": [...],
//               "answered_by": "graph|search|timeline|none", "status": "answered|related|not_found", "plan": {"timeline"?, "sparql"?, "search"?},
//               "messages": [{"id", "source", "session", "response_index", "external_id"}] (rank order),
//               "answer": "...", "evidence": {"messages": [...], "triples": [...]}}
//               or {"id": "...", "error": "..."}.
// Lines are independent questions (no Ask conversation is stored); earlier dialogue comes in
// `context`. One engine serves the whole batch; lines are answered in order.
import type { AskStatus, AskTurn } from '../../../../shared/types';
import { answerBatchQuestion, runJsonlBatch, runJsonlBatchFiles, type BatchStats } from '../common/jsonl-batch';
import type { AskService } from './ask-service';

export interface AskBatchOptions {
  /** Use the local model when Ollama is ready (default true). */
  llm?: boolean;
  /** Messages listed per line (default 25). */
  k?: number;
  concurrency?: number;
}

export interface AskBatchContext {
  ask: AskService;
  sourcesNamed: (nameOrId: string) => number[];
  sourceName: (id: number) => string;
  /** Session_Index within a source (`source_index`), for lines scoped to one source. */
  sourceSessionIndex: (sessionIds: number[]) => Map<number, number>;
}

export interface AskBatchOutput {
  id: string;
  rewrite?: string;
  classification?: string;
  routes?: string[];
  answered_by?: string;
  /** 'answered', 'related' (messages share words, none answers) or 'not_found'. */
  status?: AskStatus;
  plan?: { timeline?: unknown; sparql?: string; search?: string };
  messages?: { id: string; source: string; session: number; response_index: number; external_id: string | null }[];
  answer?: string;
  evidence?: {
    messages: { ref: string; id: string; external_id: string | null; speaker: string; timestamp: string; route: string; why: string }[];
    triples: { ref: string; s: string; p: string; o: string; origins: string[] }[];
    computation?: { kind: string; value: string; detail: string };
  };
  warnings?: string[];
  error?: string;
}

export function batchLineOf(id: string, turn: Omit<AskTurn, 'id' | 'seq' | 'conversationId'>, ctx: AskBatchContext, oneSource: boolean): AskBatchOutput {
  const msgs = turn.evidence.messages.map((e) => e.message);
  const local = oneSource ? ctx.sourceSessionIndex([...new Set(msgs.map((m) => m.sessionId))]) : null;
  return {
    id,
    rewrite: turn.rewrite,
    classification: turn.classification.intent,
    routes: turn.classification.routes,
    answered_by: turn.answer.route,
    status: turn.answer.status,
    plan: {
      ...(turn.plan.timeline ? { timeline: turn.plan.timeline.plan } : {}),
      ...(turn.plan.sparql ? { sparql: turn.plan.sparql.query } : {}),
      ...(turn.plan.search ? { search: turn.plan.search.query } : {}),
    },
    messages: msgs.map((m) => ({
      id: String(m.id),
      source: ctx.sourceName(m.sourceId),
      session: local?.get(m.sessionId) ?? m.sessionIndex,
      response_index: m.responseIndex,
      external_id: m.externalId,
    })),
    answer: turn.answer.text,
    evidence: {
      messages: turn.evidence.messages.map((e) => ({ ref: e.ref, id: String(e.message.id), external_id: e.message.externalId, speaker: e.message.speaker, timestamp: e.message.timestamp, route: e.route, why: e.why })),
      triples: turn.evidence.triples.map((t) => ({ ref: t.ref, s: t.s.label, p: t.p.label, o: t.o.type === 'uri' ? (t.o.label ?? t.o.value) : t.o.value, origins: t.origins })),
      ...(turn.answer.computation ? { computation: { kind: turn.answer.computation.kind, value: turn.answer.computation.value, detail: turn.answer.computation.detail } } : {}),
    },
    ...(turn.warnings.length ? { warnings: turn.warnings } : {}),
  };
}

export function answerAskLine(ctx: AskBatchContext, raw: unknown, lineNo: number, opts: AskBatchOptions = {}): Promise<AskBatchOutput> {
  return answerBatchQuestion(raw, lineNo, ctx.sourcesNamed, async (id, line, sourceIds) => {
    const k = opts.k ?? 25;
    const turn = await ctx.ask.answer(
      { question: line.question, context: line.context?.map((t) => ({ speaker: t.speaker ?? '', text: t.text })), now: line.now, sourceIds, llm: opts.llm },
      [],
      { evidence: k, searchK: k },
    );
    return batchLineOf(id, turn, ctx, sourceIds?.length === 1);
  });
}

export type AskBatchStats = BatchStats;

/** Reads JSONL from `input`, writes JSONL to `output`, in input order. */
export function runAskBatch(ctx: AskBatchContext, input: NodeJS.ReadableStream, output: NodeJS.WritableStream, opts: AskBatchOptions = {}): Promise<AskBatchStats> {
  return runJsonlBatch(input, output, (raw, lineNo) => answerAskLine(ctx, raw, lineNo, opts), opts.concurrency ?? 4);
}

export function runAskBatchFiles(ctx: AskBatchContext, inFile: string, outFile: string, opts: AskBatchOptions = {}): Promise<AskBatchStats> {
  return runJsonlBatchFiles(inFile, outFile, (input, output) => runAskBatch(ctx, input, output, opts));
}
