// `engram doctor [--repair] [--json]`: checks every store against the record and, with
// --repair, rebuilds what is derived (see engine/doctor/). Exit status 1 while anything is left
// unrepaired, so scripts (and the fault-injection suite) can tell.
import type { IntegrityProblem } from '../../../shared/types';
import { checkRecord } from '../engine/doctor/offline';
import { problemLine, REPAIR_COMMAND } from '../engine/doctor/doctor';
import { Engine } from '../engine/engine';
import { stopOnSignals } from './command';

export interface DoctorOptions {
  repair?: boolean;
  json?: boolean;
}

export async function runDoctor(dataDir: string, opts: DoctorOptions): Promise<void> {
  const repair = opts.repair === true;
  // The record first, with no engine open on it.
  const problems: IntegrityProblem[] = checkRecord(dataDir, repair);
  const summary: Record<string, unknown> = {};
  if (!problems.some((p) => p.store === 'chat' && !p.repaired)) {
    const engine = await Engine.open({ dataDir });
    const unlisten = stopOnSignals((deadlineMs) => engine.close({ deadlineMs }));
    try {
      await engine.whenReady();
      let found = await engine.checkMemory();
      if (repair && found.some((p) => !p.repaired)) {
        const repaired = (await engine.repairMemory()).problems;
        // What a second look still finds was not repaired.
        const left = (await engine.checkMemory()).filter((p) => !p.repaired);
        found = [...repaired.filter((p) => !left.some((l) => l.where === p.where)), ...left];
      }
      problems.push(...found);
      const stats = await engine.stats();
      Object.assign(summary, { sources: stats.sources, messages: stats.messages, searchRows: await engine.search.count(), triples: stats.triples, graphs: stats.graphs });
    } finally {
      await engine.close();
      unlisten();
    }
  }
  const unrepaired = problems.filter((p) => !p.repaired);
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ dataDir, ...summary, problems, unrepaired: unrepaired.length }, null, 2)}\n`);
  } else {
    process.stdout.write(`engram doctor: ${dataDir}\n`);
    if (Object.keys(summary).length) {
      process.stdout.write(`  chat table:   ${summary.messages} messages in ${summary.sources} sources (engram.sqlite)\n`);
      process.stdout.write(`  search index: ${summary.searchRows} rows (search/)\n`);
      process.stdout.write(`  graph:        ${summary.triples} triples in ${summary.graphs} graphs (graph/ + the journal)\n`);
    }
    for (const p of problems) process.stdout.write(`  ${p.repaired ? 'repaired' : 'DAMAGED '}  ${problemLine(p)}\n`);
    process.stdout.write(
      unrepaired.length
        ? `${unrepaired.length} problem${unrepaired.length === 1 ? '' : 's'} left${repair ? '' : `: run \`${REPAIR_COMMAND}\``}\n`
        : problems.length
          ? 'everything found was repaired\n'
          : 'every store agrees with the record\n',
    );
  }
  if (unrepaired.length) process.exitCode = 1;
}
