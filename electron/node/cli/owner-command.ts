// `engram owner` (who "you" are in each source) and `engram auto-graph` (the automatic
// knowledge graph: status per source, run again).
import type { Command } from 'commander';
import type { Engine } from '../engine/engine';
import { formatOf, printObject, printRows } from './output';

export function registerOwnerCommands(program: Command, run: (work: (engine: Engine) => Promise<void>) => Promise<void>): void {
  program
    .command('owner')
    .description('who "you" are: the speaker of each source who is the memory’s owner (list, or set one)')
    .argument('[action]', '"set" to change a source’s owner speaker, "name" to set the owner’s name')
    .argument('[args...]', 'set: SOURCE_ID SPEAKER (or --none); name: NAME')
    .option('--none', 'with set: the owner is not a speaker of this source')
    .option('--json', 'output JSON')
    .option('--csv', 'output CSV')
    .action(async (action: string | undefined, args: string[], opts: { none?: boolean; json?: boolean; csv?: boolean }) => {
      await run(async (engine) => {
        let info;
        if (action === 'set') {
          const id = Number(args[0]);
          if (!Number.isInteger(id)) throw new Error('owner set: give a source id (see `engram owner`)');
          const speaker = opts.none ? null : args.slice(1).join(' ');
          if (speaker === '') throw new Error('owner set: give the speaker, or --none');
          info = await engine.setOwner({ sourceId: id, speaker });
          const auto = engine.autoGraph.current();
          if (auto) await engine.waitForJob(auto);
        } else if (action === 'name') {
          if (!args.length) throw new Error('owner name: give the name');
          info = await engine.setOwnerName({ name: args.join(' ') });
        } else if (action) {
          throw new Error(`owner: unknown action '${action}' (use "set" or "name")`);
        } else {
          info = await engine.owner();
        }
        const format = formatOf(opts);
        if (format === 'json') {
          process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
          return;
        }
        if (format !== 'csv') process.stdout.write(`You: ${info.name} <${info.iri}>\n`);
        printRows(
          info.sources.map((s) => ({ source: s.sourceId, name: s.sourceName, you: s.speaker ?? '(not a speaker)', chosen: s.chosenBy === 'guess' ? 'guessed' : 'by you', speakers: s.speakers.join(', ') })),
          ['source', 'name', 'you', 'chosen', 'speakers'],
          format,
        );
      });
    });

  program
    .command('auto-graph')
    .description('the automatic knowledge graph (no model): status per source, or run it again')
    .option('--run', 'run the automatic extraction again (all sources, or --source)')
    .option('--source <ids>', 'with --run: only these sources (comma-separated ids)')
    .option('--json', 'output JSON')
    .option('--csv', 'output CSV')
    .action(async (opts: { run?: boolean; source?: string; json?: boolean; csv?: boolean }) => {
      await run(async (engine) => {
        if (opts.run) {
          const sourceIds = opts.source ? opts.source.split(',').map(Number) : undefined;
          const job = await engine.runAutoGraph({ sourceIds });
          if (job) {
            const end = await engine.waitForJob(job, (j) => process.stderr.isTTY && j.state === 'running' && process.stderr.write(`\r\x1b[K${j.done}/${j.total ?? '?'} messages · ${j.message ?? ''}`));
            if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
            if (end.state !== 'done') throw new Error(`the automatic knowledge graph ${end.state}: ${end.error ?? ''}`);
          }
        }
        const rows = (await engine.autoGraphStatus()).map((s) => ({
          source: s.sourceId,
          state: s.state,
          version: `${s.version}${s.current ? '' : ' (old)'}`,
          read: s.read,
          skipped: Object.entries(s.skipped).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', '),
          triples: s.triples,
          superseded: s.superseded,
          ms: s.durationMs,
        }));
        const format = formatOf(opts);
        if (format === 'json') printObject({ sources: rows } as unknown as Record<string, unknown>, format);
        else printRows(rows, ['source', 'state', 'version', 'read', 'skipped', 'triples', 'superseded', 'ms'], format);
      });
    });
}
