// `engram retrieve`: time and session questions from the command line.
//
//   engram retrieve "what did we talk about last Friday?" [--now ISO] [--source S] [--json]
//   engram retrieve --batch IN.jsonl --out OUT.jsonl
//
// The batch form is the evaluation interface (see electron/node/engine/timeline/batch.ts for
// the line formats): one engine serves every line, lines are answered in order.
import fs from 'node:fs';
import { parseWhole, withEngineAt } from './command';
import { runBatchFiles } from '../engine/timeline/batch';
import { chainNotation } from '../engine/timeline/plan';
import { formatOf, printRows } from './output';
import { countOf } from '../../../shared/text/plural';

export interface RetrieveOptions {
  batch?: string;
  out?: string;
  now?: string;
  source?: string;
  limit: string;
  json?: boolean;
  csv?: boolean;
  /** Locale setting of the dates (en-US when absent). */
  locale?: string;
  /** 'rules' (default) or 'llm' (Ollama; the rules' plan is the fallback). */
  planner?: string;
  llmHost?: string;
  llmModel?: string;
}

export async function runRetrieve(dataDir: string, words: string[], opts: RetrieveOptions): Promise<void> {
  if (opts.batch && !opts.out) throw new Error('--batch needs --out FILE');
  if (!opts.batch && !words.length) throw new Error('give a question, or --batch IN.jsonl --out OUT.jsonl');
  if (opts.batch && !fs.existsSync(opts.batch)) throw new Error(`${opts.batch}: no such file`);
  if (opts.planner && !['rules', 'llm'].includes(opts.planner)) throw new Error(`--planner: expected rules or llm, got '${opts.planner}'`);
  if (opts.locale && !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/.test(opts.locale)) throw new Error(`--locale: expected a language tag such as en-US or en-GB, got '${opts.locale}'`);
  const limit = parseWhole(opts.limit, '--limit', { min: 1, max: 100_000 });
  await withEngineAt(dataDir, async (engine) => {
    let timeline = engine.timeline;
    if (opts.planner === 'llm' || opts.locale) {
      const { Timeline } = await import('../engine/timeline/timeline');
      let llm: import('../engine/timeline/timeline').TimelineOptions['llm'];
      if (opts.planner === 'llm') {
        const { OllamaClient } = await import('../engine/llm/ollama');
        const client = new OllamaClient({ host: opts.llmHost ?? process.env.OLLAMA_HOST, model: opts.llmModel });
        const check = await client.check();
        if (!check.modelReady) throw new Error(`the LLM planner needs Ollama with ${client.settings.model}: ${check.problems.join('; ') || 'not reachable'}`);
        llm = client;
      }
      timeline = new Timeline(engine.chat, engine.search, { ...(llm ? { llm } : {}), ...(opts.locale ? { locale: opts.locale } : {}) });
    }
    const names = new Map(engine.chat.listSources().map((s) => [s.id, s.name]));
    const sourceName = (id: number) => names.get(id) ?? String(id);
    if (opts.batch) {
      const stats = await runBatchFiles(timeline, opts.batch, opts.out!, sourceName);
      const rate = stats.lines ? Math.round(stats.lines / (stats.elapsedMs / 1000)) : 0;
      process.stderr.write(`engram: ${countOf(stats.lines, 'question')} in ${(stats.elapsedMs / 1000).toFixed(1)} s (${rate}/s)${stats.errors ? `, ${stats.errors} with errors (see their "error" field)` : ''}\n`);
      return;
    }
    let sourceIds: number[] | undefined;
    if (opts.source) {
      sourceIds = timeline.sourcesNamed(opts.source);
      if (!sourceIds.length) throw new Error(`no imported source '${opts.source}'`);
    }
    const planned = await timeline.planAsync({ question: words.join(' '), now: opts.now, sourceIds });
    const run = await timeline.run(planned.plan, { limit });
    const format = formatOf(opts);
    if (format === 'json') {
      process.stdout.write(`${JSON.stringify({ ...planned, run }, null, 2)}\n`);
      return;
    }
    if (format === 'table') {
      if (planned.rewritten) process.stdout.write(`rewrite: ${planned.rewrite}\n`);
      process.stdout.write(`kind:    ${planned.classification}\nplan:    ${chainNotation(planned.plan)}${planned.plan.rank ? ` → rank(“${planned.plan.rank.query}”, ≤ ${planned.plan.rank.limit})` : ''}\n`);
      for (const line of planned.explanation) process.stdout.write(`  · ${line}\n`);
      process.stdout.write(`${countOf(run.total, 'message')} in ${countOf(run.sessionIds.length, 'session')} (${run.elapsedMs} ms)\n\n`);
    }
    printRows(run.rows as unknown as Record<string, unknown>[], ['id', 'sessionIndex', 'responseIndex', 'timestamp', 'speaker', 'text'], format);
  }, { waitForGraph: false });
}
