// `engram extract`, `engram chunks`, `engram embed` (and, via their own files, `engram coverage`
// and `engram settings`): knowledge-graph extraction with Ollama from the command line.
import type { Command } from 'commander';
import type { ExtractionScope, JobInfo, MessageFilter } from '../../../shared/types';
import type { Engine } from '../engine/engine';
import { CliError, followJob, parseIds, parsePositive, parseRange, withEngine } from './command';
import { registerCoverageCommand } from './coverage-command';
import { registerOwnerCommands } from './owner-command';
import { formatOf, printRows } from './output';
import { registerSettingsCommand } from './settings-command';
import { countOf } from '../../../shared/text/plural';

interface ExtractFlags {
  source?: string;
  session?: string;
  from?: string;
  to?: string;
  messages?: string;
  chunk?: string;
  model?: string;
  host?: string;
  chunkSize?: string;
  includeAssistant?: boolean;
  concurrency?: string;
  redo?: boolean;
  rechunk?: boolean;
  resume?: boolean;
  json?: boolean;
  quiet?: boolean;
}

/** The scope the flags name (default: every source). */
async function scopeOf(engine: Engine, f: ExtractFlags): Promise<ExtractionScope> {
  const given = [f.source, f.session, f.from || f.to, f.messages].filter(Boolean).length;
  if (given > 1 && !(f.source && (f.from || f.to))) throw new CliError('give one of --source, --session, --from/--to, --messages (--source may go with --from/--to)');
  if (f.messages) return { kind: 'messages', messageIds: parseIds(f.messages, '--messages') };
  if (f.from || f.to) {
    const filter: MessageFilter = {};
    return { kind: 'range', from: f.from ?? '0001-01-01', to: f.to ?? '9999-12-31', ...(f.source ? { sourceIds: parseIds(f.source, '--source') } : filter) };
  }
  if (f.session) {
    const [a, b] = parseRange(f.session, '--session');
    const sessions = (await engine.listSessions({})).filter((s) => s.index >= Math.min(a, b) && s.index <= Math.max(a, b));
    if (!sessions.length) throw new CliError(`no session ${f.session} (see \`engram sessions\`)`);
    return { kind: 'sessions', sessionIds: sessions.map((s) => s.id) };
  }
  const sourceIds = f.source ? parseIds(f.source, '--source') : (await engine.listSources()).map((s) => s.id);
  if (!sourceIds.length) throw new CliError('the memory is empty: import something first (`engram import FILE`)');
  return { kind: 'source', sourceIds };
}

function summary(r: Record<string, unknown>): string {
  return (
    `${countOf(Number(r.chunks), 'chunk')}: ${r.extracted} extracted, ${r.failed} failed, ${r.skipped} already done · ` +
    `${countOf(Number(r.triples), 'triple')} kept, ${r.dropped} dropped · ${r.tokensPerSecond} tok/s (${r.model})`
  );
}

async function finish(engine: Engine, end: JobInfo, json: boolean | undefined): Promise<void> {
  if (end.state === 'cancelled') throw new CliError('cancelled; run the same command again to resume (finished chunks are kept)');
  if (end.state === 'failed') throw new CliError(end.error ?? 'failed');
  const r = end.result ?? {};
  if (json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  else if (end.kind === 'extract') process.stdout.write(`${summary(r)}\n`);
  else process.stdout.write(`${countOf(Number(r.messages), 'message')} and ${countOf(Number(r.entities), 'entity', 'entities')} embedded (${countOf(Number(r.totalMessages), 'message vector')}, ${countOf(Number(r.totalEntities), 'entity vector')}, ${r.model})\n`);
  for (const f of (r.failures as { key: string; error: string }[] | undefined) ?? []) process.stderr.write(`engram: chunk ${f.key} failed: ${f.error}\n`);
}

export function registerExtractionCommands(program: Command): void {
  const run = (work: (engine: Engine) => Promise<void>) => withEngine(program, work);

  program
    .command('extract')
    .description('extract the knowledge graph with a local Ollama model (resumable: finished chunks are kept)')
    .option('--source <ids>', 'only these sources (comma-separated ids)')
    .option('--session <n|n-m>', 'only this memory-wide session index or range')
    .option('--from <date>', 'only messages from this date/time (YYYY-MM-DD[THH:MM])')
    .option('--to <date>', 'only messages up to this date/time (inclusive)')
    .option('--messages <ids>', 'only the chunks holding these message ids (comma-separated)')
    .option('--chunk <key>', 'extract this one chunk again (see `engram chunks`)')
    .option('--model <name>', 'Ollama model for this run (default: the saved setting)')
    .option('--host <url>', 'Ollama host for this run, e.g. http://127.0.0.1:11434')
    .option('--chunk-size <n>', 'messages of the person per chunk (new chunks only)')
    .option('--include-assistant', 'extract from the assistant’s messages too (new chunks only)')
    .option('--concurrency <n>', 'chunks extracted at the same time')
    .option('--redo', 'extract chunks that are already done again')
    .option('--rechunk', 'forget the sessions’ chunks and chunk them again with the current settings')
    .option('--resume', 'continue the jobs a crash or shutdown interrupted')
    .option('--quiet', 'no progress on stderr')
    .option('--json', 'output the job result as JSON')
    .action(async (f: ExtractFlags) =>
      run(async (engine) => {
        let jobs: JobInfo[];
        if (f.resume) {
          jobs = await engine.resumeExtraction();
          if (!jobs.length) {
            process.stdout.write('nothing to resume\n');
            return;
          }
        } else if (f.chunk) {
          jobs = [await engine.reextractChunk({ key: f.chunk })];
        } else {
          const scope = await scopeOf(engine, f);
          jobs = [
            await engine.startExtraction({
              scope,
              redo: f.redo,
              rechunk: f.rechunk,
              model: f.model,
              host: f.host,
              chunkSize: parsePositive(f.chunkSize, '--chunk-size'),
              includeAssistant: f.includeAssistant,
              concurrency: parsePositive(f.concurrency, '--concurrency'),
            }),
          ];
        }
        for (const job of jobs) {
          if (!f.quiet) process.stderr.write(`${job.title}\n`);
          await finish(engine, await followJob(engine, job, f), f.json);
        }
      }),
    );

  const output = (cmd: Command) => cmd.option('--json', 'output JSON').option('--csv', 'output CSV');
  output(
    program
      .command('chunks')
      .description('extraction chunks with their status, records and failure reasons')
      .option('--status <status>', 'pending, running, done or failed')
      .option('--source <ids>', 'only these sources')
      .option('--limit <n>', 'at most this many', '200'),
  ).action(async (f: { status?: string; source?: string; limit: string; json?: boolean; csv?: boolean }) =>
    run(async (engine) => {
      if (f.status && !['pending', 'running', 'done', 'failed'].includes(f.status)) throw new CliError(`--status: expected pending, running, done or failed`);
      const { chunks } = await engine.listChunks({
        status: f.status as 'pending' | 'running' | 'done' | 'failed' | undefined,
        sourceIds: f.source ? parseIds(f.source, '--source') : undefined,
        limit: parsePositive(f.limit, '--limit'),
      });
      printRows(
        chunks.map((c) => ({ ...c, messages: c.messageIds.length, durationS: c.durationMs === null ? '' : (c.durationMs / 1000).toFixed(1) })),
        ['key', 'sessionId', 'messages', 'status', 'model', 'promptVersion', 'tries', 'durationS', 'triplesKept', 'triplesDropped', 'error'],
        formatOf(f),
      );
    }),
  );

  program
    .command('embed')
    .description('embed messages and entities with Ollama (turns on hybrid search)')
    .option('--source <ids>', 'only these sources')
    .option('--model <name>', 'embedding model for this run (default: the saved setting)')
    .option('--host <url>', 'Ollama host for this run')
    .option('--no-entities', 'messages only')
    .option('--quiet', 'no progress on stderr')
    .option('--json', 'output the job result as JSON')
    .action(async (f: { source?: string; model?: string; host?: string; entities: boolean; quiet?: boolean; json?: boolean }) =>
      run(async (engine) => {
        const job = await engine.startEmbedding({ sourceIds: f.source ? parseIds(f.source, '--source') : undefined, entities: f.entities, model: f.model, host: f.host });
        await finish(engine, await followJob(engine, job, f), f.json);
      }),
    );

  registerCoverageCommand(program, run);
  registerOwnerCommands(program, run);
  registerSettingsCommand(program, run);
}
