// `engram`: the command line over the same engine facade as the desktop app.
//
// Every command takes `--data DIR` (default: the desktop app's per-user folder). Errors are
// one line on stderr and a non-zero exit; results go to stdout as a table, --json or --csv.
import fs from 'node:fs';
import { Command, Option } from 'commander';
import { compactIri } from '../../../shared/rdf';
import type { ImportReport, MessageFilter, RdfFormat, RdfTerm } from '../../../shared/types';
import { defaultDataDir } from '../engine/paths';
import { CliError, endOnClosedStdout, readTextFile, followJob, parseIds, parsePositive, parseRange, parseSeconds, parseWhole, withEngine } from './command';
import { MAX_QUERY_SECONDS } from '../../../shared/limits';
import { formatOf, printObject, printRows } from './output';
import { registerExtractionCommands } from './extract-command';
import { countOf } from '../../../shared/text/plural';

interface GlobalOpts {
  data?: string;
}

/** "conversation 3 "Title" (id)" for the import summary. */
function describeConversation(c: { position: number; id?: string; title?: string }): string {
  return `conversation ${c.position}${c.title ? ` "${c.title}"` : ''}${c.id ? ` (${c.id})` : ''}`;
}

function termText(t: RdfTerm | undefined): string {
  if (!t) return '';
  return t.type === 'uri' ? compactIri(t.value) : t.value;
}

function readQuery(query: string | undefined, file: string | undefined): string {
  if (file) return readTextFile(file);
  if (!query) throw new CliError('give a query, or --file FILE');
  return query;
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('engram')
    .description('Engram: explore the memory of your conversations with AI assistants')
    .option('--data <dir>', 'data folder (default: the desktop app’s folder)')
    .showHelpAfterError();

  const output = (cmd: Command) => cmd.option('--json', 'output JSON').option('--csv', 'output CSV');

  program
    .command('import')
    .description('import chat exports (ChatGPT, Claude, DeepSeek, Open WebUI, LibreChat, Grok, Gemini, SillyTavern, chatbot-ui, Markdown, LoCoMo, LongMemEval, JSON/JSONL/CSV)')
    .argument('<files...>', 'files to import')
    .option('--gap <minutes>', 'start a new session after this many silent minutes (sources without sessions)', '20')
    .option('--strict', 'all or nothing per file: refuse a file if any conversation in it cannot be read')
    .option('--no-auto-graph', 'do not wait for the automatic knowledge graph (it then runs at the next start)')
    .action(async (files: string[], opts: { gap: string; strict?: boolean; autoGraph: boolean }) => {
      const gap = parseWhole(opts.gap, '--gap', { min: 1, max: 525_600 });
      return withEngine(program, async (engine) => {
        const job = await engine.importPaths({ paths: files, strict: opts.strict === true });
        const tty = process.stderr.isTTY;
        // Progress on a terminal only: a script reads just the per-file lines.
        const end = await followJob(engine, job, { quiet: !tty });
        const result = (end.result ?? {}) as { sources?: Record<string, unknown>[]; errors?: { error: string }[] };
        for (const s of result.sources ?? []) {
          const counts = s.status === 'imported' ? `: ${countOf(Number(s.messages), 'message')}, ${countOf(Number(s.sessions), 'session')}, ${countOf(Number(s.conversations), 'conversation')}` : '';
          const skipped = (s.skipped as ImportReport['skipped'] | undefined) ?? [];
          const warnings = (s.warnings as ImportReport['warnings'] | undefined) ?? [];
          const note = skipped.length ? `; ${skipped.length} conversation${skipped.length === 1 ? '' : 's'} skipped` : '';
          process.stdout.write(`${s.name}: ${s.status}${counts}${note}\n`);
          for (const k of skipped) process.stdout.write(`  skipped ${describeConversation(k)}: ${k.reason}\n`);
          for (const w of warnings) process.stdout.write(`  note: ${describeConversation(w)}: ${w.message}\n`);
        }
        const errors = result.errors ?? (end.error ? end.error.split('\n').map((error) => ({ error })) : []);
        for (const e of errors) process.stderr.write(`engram: ${e.error}\n`);
        if (end.state === 'cancelled') throw new CliError('import cancelled');
        if (errors.length) process.exitCode = 1;
        // The automatic knowledge graph runs after the chat table is written, in the background;
        // the command waits for it (or leaves it for the next start with --no-auto-graph).
        const imported = (result.sources ?? []).filter((s) => s.status === 'imported').map((s) => s.sourceId as number);
        for (let auto = opts.autoGraph ? engine.autoGraph.current() : null; auto; auto = engine.autoGraph.current()) {
          const done = await followJob(engine, auto, { quiet: !tty });
          if (done.state === 'failed') process.stderr.write(`engram: the automatic knowledge graph failed: ${done.error}\n`);
          if (done.state !== 'done') break;
        }
        const auto = (await engine.autoGraphStatus()).filter((s) => imported.includes(s.sourceId) && s.state === 'done');
        if (opts.autoGraph && auto.length) {
          const skipped = auto.reduce((n, s) => n + Object.values(s.skipped).reduce((a, b) => a + b, 0), 0);
          const triples = auto.reduce((n, s) => n + s.triples, 0);
          process.stdout.write(`automatic knowledge graph: ${countOf(auto.length, 'source')} · ${countOf(triples, 'triple')}${skipped ? ` · ${countOf(skipped, 'message')} skipped` : ''}\n`);
        }
      }, { waitForGraph: false, sessionGapMinutes: gap });
    });

  output(program.command('stats').description('what the memory holds')).action(async (opts) =>
    withEngine(program, async (engine) => {
      const s = await engine.stats();
      const { topTypes, ...rest } = s;
      const format = formatOf(opts);
      if (format === 'json') printObject(s as unknown as Record<string, unknown>, format);
      else printObject({ ...rest, topTypes: topTypes.map((t) => `${compactIri(t.iri)} ${t.count}`).join(', ') }, format);
    }),
  );

  output(program.command('sources').description('imported sources')).action(async (opts) =>
    withEngine(program, async (engine) => {
      const rows = await engine.listSources();
      printRows(rows as unknown as Record<string, unknown>[], ['id', 'name', 'format', 'conversations', 'sessions', 'messages', 'firstAt', 'lastAt'], formatOf(opts));
    }),
  );

  program
    .command('delete-source')
    .description('delete a source and everything derived from it')
    .argument('<id>', 'source id (see `engram sources`)')
    .action(async (id: string) => {
      const sourceId = parseWhole(id, 'source id', { min: 1 });
      return withEngine(program, async (engine) => {
        const { deleted } = await engine.deleteSource({ id: sourceId });
        if (!deleted) throw new CliError(`no source with id ${id}`);
        process.stdout.write(`deleted source ${id}\n`);
      });
    });

  output(
    program.command('sessions').description('sessions in time order').option('--source <id>', 'only this source'),
  ).action(async (opts: { source?: string; json?: boolean; csv?: boolean }) => {
    const sourceIds = opts.source ? parseIds(opts.source, '--source') : undefined;
    return withEngine(program, async (engine) => {
      const rows = await engine.listSessions({ sourceIds });
      printRows(
        rows.map((s) => ({ ...s, speakers: s.speakers.join(', ') })),
        ['index', 'id', 'ordinal', 'start', 'end', 'messageCount', 'conversationTitle', 'speakers'],
        formatOf(opts),
      );
    }, { waitForGraph: false });
  });

  output(
    program
      .command('messages')
      .description('messages, filtered')
      .option('--source <id>', 'only this source')
      .option('--session <n|n-m>', 'memory-wide session index or range')
      .option('--speaker <name>', 'only this speaker (repeatable)', (v: string, acc: string[]) => [...acc, v], [] as string[])
      .option('--from <date>', 'from this date/time (YYYY-MM-DD[THH:MM])')
      .option('--to <date>', 'up to this date/time (inclusive)')
      .option('--text <query>', 'full-text query (results ranked)')
      .option('--limit <n>', 'at most this many', '100')
      .option('--offset <n>', 'skip this many', '0'),
  ).action(async (opts: { source?: string; session?: string; speaker: string[]; from?: string; to?: string; text?: string; limit: string; offset: string; json?: boolean; csv?: boolean }) => {
    const filter: MessageFilter = {};
    if (opts.source) filter.sourceIds = parseIds(opts.source, '--source');
    if (opts.session) filter.sessionRange = parseRange(opts.session, '--session');
    if (opts.speaker.length) filter.speakers = opts.speaker;
    if (opts.from) filter.from = parseWallClock(opts.from, '--from');
    if (opts.to) filter.to = parseWallClock(opts.to, '--to');
    if (opts.text) filter.text = opts.text;
    const offset = parseWhole(opts.offset, '--offset', { min: 0 });
    const limit = parseWhole(opts.limit, '--limit', { min: 1, max: 100_000 });
    return withEngine(program, async (engine) => {
      const page = await engine.listMessages({ filter, offset, limit });
      printRows(page.rows as unknown as Record<string, unknown>[], ['id', 'sessionIndex', 'responseIndex', 'timestamp', 'speaker', 'text'], formatOf(opts));
    }, { waitForGraph: false });
  });

  output(
    program.command('search').description('full-text search over messages').argument('<text...>', 'what to look for').option('--limit <n>', 'at most this many', '20'),
  ).action(async (words: string[], opts: { limit: string; json?: boolean; csv?: boolean }) => {
    const limit = parseWhole(opts.limit, '--limit', { min: 1, max: 1000 });
    return withEngine(program, async (engine) => {
      const hits = await engine.searchMessages({ text: words.join(' '), limit });
      printRows(
        hits.map((h) => ({ score: h.score.toFixed(3), ...h.message })),
        ['score', 'id', 'sessionIndex', 'timestamp', 'speaker', 'text'],
        formatOf(opts),
      );
    }, { waitForGraph: false });
  });

  output(
    program
      .command('sparql')
      .description('run a SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) over all graphs')
      .argument('[query]', 'the query text')
      .option('--file <file>', 'read the query from a file')
      .option('--limit <n>', 'at most this many rows', '10000')
      .option('--timeout <seconds>', `stop the query after this long (at most ${MAX_QUERY_SECONDS})`, '60'),
  ).action(async (query: string | undefined, opts: { file?: string; limit: string; timeout: string; json?: boolean; csv?: boolean }) => {
    const limit = parseWhole(opts.limit, '--limit', { min: 1, max: 1_000_000 });
    const timeoutMs = Math.round(parseSeconds(opts.timeout, '--timeout', MAX_QUERY_SECONDS) * 1000);
    const text = readQuery(query, opts.file);
    return withEngine(program, async (engine) => {
      const r = await engine.sparqlQuery({ query: text, limit, timeoutMs });
      const format = formatOf(opts);
      if (r.kind === 'boolean') {
        process.stdout.write(format === 'json' ? `${JSON.stringify({ boolean: r.value })}\n` : `${r.value}\n`);
      } else if (r.kind === 'graph') {
        process.stdout.write(r.turtle);
      } else if (format === 'json') {
        process.stdout.write(`${JSON.stringify({ vars: r.vars, rows: r.rows, truncated: r.truncated }, null, 2)}\n`);
      } else {
        printRows(r.rows.map((row) => Object.fromEntries(r.vars.map((v) => [v, termText(row[v])]))), r.vars, format);
      }
      if (r.kind === 'select' && r.truncated) process.stderr.write(`engram: only the first ${countOf(r.rows.length, 'row')} are shown (--limit)\n`);
    });
  });

  program
    .command('update')
    .description('run a SPARQL UPDATE as one journaled, undoable edit')
    .argument('[update]', 'the update text')
    .option('--file <file>', 'read the update from a file')
    .option('--timeout <seconds>', `stop (and roll back) the update after this long (at most ${MAX_QUERY_SECONDS})`, '30')
    .action(async (update: string | undefined, opts: { file?: string; timeout: string }) => {
      const timeoutMs = Math.round(parseSeconds(opts.timeout, '--timeout', MAX_QUERY_SECONDS) * 1000);
      const text = readQuery(update, opts.file);
      return withEngine(program, async (engine) => {
        const rec = await engine.sparqlUpdate({ update: text, label: 'CLI update', timeoutMs });
        process.stdout.write(`edit ${rec.seq} applied\n`);
      });
    });

  program
    .command('export')
    .description('export a graph (or the whole store) as RDF')
    .option('--graph <iri>', 'only this named graph')
    .addOption(new Option('--format <format>', 'RDF format').choices(['turtle', 'n-quads', 'n-triples', 'trig', 'json-ld']).default('n-quads'))
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (opts: { graph?: string; format: RdfFormat; out?: string }) =>
      withEngine(program, async (engine) => {
        const { data } = await engine.exportGraph({ graph: opts.graph, format: opts.format });
        if (opts.out) fs.writeFileSync(opts.out, data);
        else process.stdout.write(data);
      }),
    );

  program
    .command('serve')
    .description('serve the workbench in a browser (127.0.0.1 only, with a per-run token)')
    .option('--port <port>', 'port (default: a free one)')
    .option('--open', 'open the workbench in the default browser')
    .action(async (opts: { port?: string; open?: boolean }) => {
      const { runServe } = await import('./serve-command');
      const port = opts.port !== undefined ? parseWhole(opts.port, '--port', { min: 0, max: 65_535 }) : undefined;
      await runServe(program.opts<GlobalOpts>().data ?? defaultDataDir(), { port, open: !!opts.open });
    });

  program
    .command('retrieve')
    .description('answer time and session questions with a chain-of-table plan ("what did we discuss last Friday?"); --batch for JSONL')
    .argument('[question...]', 'the question')
    .option('--batch <file>', 'JSONL questions, one {"id","question","context"?,"now"?,"source"?} per line')
    .option('--out <file>', 'JSONL answers (with --batch)')
    .option('--now <iso>', 'the current time, ISO-8601 (default: the clock)')
    .option('--source <source>', 'only this source (id or file name); sessions are counted within it')
    .option('--limit <n>', 'show at most this many messages', '200')
    .option('--locale <tag>', 'how numeric dates are written and whose holidays count: en-US (5/11 = May 11, default) or en-GB (5 November)…', process.env.ENGRAM_LOCALE)
    .option('--json', 'output JSON')
    .option('--csv', 'output CSV')
    .option('--planner <planner>', 'rules (default, no LLM) or llm (Ollama, the study\'s path)', 'rules')
    .option('--llm-host <url>', 'Ollama URL for --planner llm')
    .option('--llm-model <name>', 'model for --planner llm')
    .action(async (words: string[], opts: import('./retrieve-command').RetrieveOptions) => {
      const { runRetrieve } = await import('./retrieve-command');
      await runRetrieve(program.opts<GlobalOpts>().data ?? defaultDataDir(), words, opts);
    });

  program
    .command('ask')
    .description('answer a question from the memory, with its evidence (timeline, message search, SPARQL); --batch for JSONL')
    .argument('[question...]', 'the question')
    .option('--batch <file>', 'JSONL questions, one {"id","question","context"?,"now"?,"source"?} per line')
    .option('--out <file>', 'JSONL answers (with --batch)')
    .option('--now <iso>', 'the current time, ISO-8601 (default: the clock)')
    .option('--source <source>', 'only this source (id or file name)')
    .option('--conversation <id>', 'continue this Ask conversation (follow-ups)')
    .option('--no-llm', 'do not use the local model even when Ollama is ready')
    .option('--k <n>', 'messages per answer line (with --batch)', '25')
    .option('--rerun <turnId>', 'run an edited SPARQL query for a stored turn (with --sparql-file)')
    .option('--sparql-file <file>', 'the edited query (with --rerun)')
    .option('--conversations', 'list the stored Ask conversations')
    .option('--json', 'output JSON')
    .option('--csv', 'output CSV')
    .action(async (words: string[], opts: import('./ask-command').AskCommandOptions) => {
      const { runAsk } = await import('./ask-command');
      await runAsk(program.opts<GlobalOpts>().data ?? defaultDataDir(), words, opts);
    });

  program
    .command('doctor')
    .description('check every store (SQLite, the search index, the graph\'s snapshot, image and journal) against the record; --repair rebuilds what is derived')
    .option('--repair', 'rebuild what is derived from the record (search index, messages graphs, the graph from snapshot + journal) and salvage a damaged engram.sqlite')
    .option('--json', 'output the report as JSON')
    .action(async (opts: { repair?: boolean; json?: boolean }) => {
      const { runDoctor } = await import('./doctor-command');
      await runDoctor(program.opts<GlobalOpts>().data ?? defaultDataDir(), opts);
    });

  // extract, chunks, embed, coverage, settings (extract-command.ts)
  registerExtractionCommands(program);

  return program;
}

/** `YYYY-MM-DD[THH:MM[:SS]]`, as the API takes it. */
function parseWallClock(text: string, flag: string): string {
  const t = text.trim().replace(' ', 'T');
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(t)) throw new CliError(`${flag}: expected YYYY-MM-DD or YYYY-MM-DDTHH:MM, got '${text}'`);
  return t;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  endOnClosedStdout();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    process.stderr.write(`engram: ${(e as Error).message.split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}
