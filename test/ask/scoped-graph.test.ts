// Ask reads the graph only where it can answer: with nothing extracted, templates (which match
// extracted facts) are not run and the graph is not even loaded; "who did I talk with most"
// counts messages in the chat table, and gives the rows its query gives on the messages graph.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { runAskQuery } from '../../electron/node/engine/ask/graph-route';
import { fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';
import { demoEngine } from './support';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

describe('Ask and the graph', () => {
  it('with nothing extracted, a template is shown but not run, and the graph stays unloaded', async () => {
    // (no automatic graph either: nothing extracted at all)
    engine = await openEngine(tempDir(), { withoutOntology: false, autoGraph: false });
    await importFiles(engine, fixture('locomo', 'mini.json'));
    const t = await engine.askEngine.answer({ question: 'List all the concerts I went to.', now: '2023-12-01T10:00:00', llm: false });
    expect(t.plan.sparql).toMatchObject({ origin: 'template', template: 'list-class' });
    expect(t.plan.sparql!.explanation.at(-1)).toMatch(/not run: the graph has no extracted facts/);
    expect(t.results.sparql?.rows).toEqual([]);
    expect(t.warnings.join(' ')).toMatch(/no extracted facts yet/);
    expect(engine.graph.started).toBe(false);
  });

  it('who-most: the chat table gives the rows the template’s query gives on the messages graph', async () => {
    engine = await demoEngine();
    for (const question of ['Who did I talk to most?', 'Who did I talk with the most in October 2026?']) {
      const t = await engine.askEngine.answer({ question, now: '2026-11-22T10:00:00', llm: false });
      expect(t.plan.sparql?.template).toBe('who-most');
      const fromGraph = await runAskQuery(engine.graph, t.plan.sparql!.query);
      const rows = (r: { rows: Record<string, { value: string }>[] }) => r.rows.map((x) => [x.person.value, x.name.value, Number(x.messages.value), x.last.value]);
      expect(rows(fromGraph).length).toBeGreaterThan(0);
      expect(rows(t.results.sparql!)).toEqual(rows(fromGraph));
    }
  });
});
