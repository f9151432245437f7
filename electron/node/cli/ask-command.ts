// `engram ask`: questions in plain language, answered from the memory with their evidence.
//
//   engram ask "how many days between buying my shoes and the race?" [--now ISO] [--source S]
//              [--conversation ID] [--no-llm] [--json]
//   engram ask --batch IN.jsonl --out OUT.jsonl [--no-llm] [--k N]
//   engram ask --rerun TURN_ID --sparql-file FILE      (run an edited query for a stored turn)
//   engram ask --conversations                          (stored Ask conversations)
//
// The batch form mirrors `engram retrieve --batch` (electron/node/engine/ask/batch.ts) with the
// answer and its evidence added to each line.
import fs from 'node:fs';
import type { AskTurn } from '../../../shared/types';
import type { Engine } from '../engine/engine';
import { parseWhole, readTextFile, withEngineAt } from './command';
import { runAskBatchFiles, type AskBatchContext } from '../engine/ask/batch';
import { formatOf, printRows } from './output';
import { countOf } from '../../../shared/text/plural';

export interface AskCommandOptions {
  batch?: string;
  out?: string;
  now?: string;
  source?: string;
  conversation?: string;
  llm: boolean;
  k: string;
  rerun?: string;
  sparqlFile?: string;
  conversations?: boolean;
  json?: boolean;
  csv?: boolean;
}

export function batchContext(engine: Engine): AskBatchContext {
  const names = new Map(engine.chat.listSources().map((s) => [s.id, s.name]));
  return {
    ask: engine.askEngine,
    sourcesNamed: (n) => engine.timeline.sourcesNamed(n),
    sourceName: (id) => names.get(id) ?? String(id),
    sourceSessionIndex: (ids) => engine.chat.sourceSessionIndexes(ids),
  };
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function printTurn(turn: AskTurn, out: NodeJS.WritableStream = process.stdout): void {
  const w = (s = '') => out.write(`${s}\n`);
  w(`conversation ${turn.conversationId}, turn ${turn.id}`);
  if (turn.rewritten) w(`rewrite:  ${turn.rewrite}`);
  w(`intent:   ${turn.classification.intent} → ${turn.classification.routes.join(' + ') || 'no route'}`);
  for (const why of turn.classification.why) w(`  · ${why}`);
  w(`answer:   ${turn.answer.text}`);
  w(`          (${turn.answer.status.replace('_', ' ')}; ${turn.answer.how})`);
  if (turn.answer.computation) w(`computed: ${turn.answer.computation.value} — ${turn.answer.computation.detail}`);
  if (turn.evidence.messages.length) {
    w('evidence:');
    for (const e of turn.evidence.messages.slice(0, 10)) w(`  ${e.ref.padEnd(4)} ${e.message.timestamp.slice(0, 16).replace('T', ' ')}  ${e.message.speaker}: ${clip(e.message.text.replace(/\s+/g, ' '), 100)}  [${e.route}: ${clip(e.why, 60)}]`);
  }
  for (const t of turn.evidence.triples.slice(0, 10)) w(`  ${t.ref.padEnd(4)} ${t.s.label} — ${t.p.label} — ${t.o.type === 'uri' ? (t.o.label ?? t.o.value) : t.o.value}  [${t.origins.join(', ')}]`);
  for (const warning of turn.warnings) w(`warning:  ${warning}`);
  if (turn.plan.sparql) {
    w(`sparql (${turn.plan.sparql.origin}${turn.plan.sparql.template ? ` ${turn.plan.sparql.template}` : ''}, ${countOf(turn.results.sparql?.rows.length ?? 0, 'row')}${turn.results.sparql?.error ? `, error: ${turn.results.sparql.error}` : ''}):`);
    for (const line of turn.plan.sparql.query.split('\n')) w(`  ${line}`);
  }
  w(`(${turn.timings.total} ms)`);
}

export async function runAsk(dataDir: string, words: string[], opts: AskCommandOptions): Promise<void> {
  if (opts.batch && !opts.out) throw new Error('--batch needs --out FILE');
  if (opts.batch && !fs.existsSync(opts.batch)) throw new Error(`${opts.batch}: no such file`);
  if (opts.rerun && !opts.sparqlFile) throw new Error('--rerun needs --sparql-file FILE');
  if (!opts.batch && !opts.rerun && !opts.conversations && !words.length) throw new Error('give a question, or --batch IN.jsonl --out OUT.jsonl');
  const k = parseWhole(opts.k, '--k', { min: 1, max: 1000 });
  await withEngineAt(dataDir, async (engine) => {
    const format = formatOf(opts);
    if (opts.conversations) {
      printRows((await engine.listAskConversations()) as unknown as Record<string, unknown>[], ['id', 'title', 'turnCount', 'updatedAt'], format);
      return;
    }
    if (opts.batch) {
      const stats = await runAskBatchFiles(batchContext(engine), opts.batch, opts.out!, { llm: opts.llm, k });
      const rate = stats.lines ? (stats.lines / (stats.elapsedMs / 1000)).toFixed(1) : '0';
      process.stderr.write(`engram: ${countOf(stats.lines, 'question')} in ${(stats.elapsedMs / 1000).toFixed(1)} s (${rate}/s)${stats.errors ? `, ${stats.errors} with errors (see their "error" field)` : ''}\n`);
      return;
    }
    let turn: AskTurn;
    if (opts.rerun) {
      if (!fs.existsSync(opts.sparqlFile!)) throw new Error(`${opts.sparqlFile}: no such file`);
      turn = await engine.rerunAskSparql({ turnId: parseWhole(opts.rerun, '--rerun', { min: 1 }), sparql: readTextFile(opts.sparqlFile!) });
    } else {
      let sourceIds: number[] | undefined;
      if (opts.source) {
        sourceIds = engine.timeline.sourcesNamed(opts.source);
        if (!sourceIds.length) throw new Error(`no imported source '${opts.source}'`);
      }
      turn = await engine.ask({ question: words.join(' '), now: opts.now, sourceIds, llm: opts.llm, ...(opts.conversation ? { conversationId: parseWhole(opts.conversation, '--conversation', { min: 1 }) } : {}) });
    }
    if (format === 'json') process.stdout.write(`${JSON.stringify(turn, null, 2)}\n`);
    else printTurn(turn);
  }, { waitForGraph: true });
}
