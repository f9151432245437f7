// The end of the graph's loading is reported (a 'graph' change): a page that opened while it
// loaded shows the graph's figures once they are there, instead of "Graph loading…" until
// something else changes.
import { afterEach, expect, it } from 'vitest';
import { Engine } from '../../electron/node/engine/engine';
import type { EngineEvent } from '../../shared/types';
import { DEMO_CLOCK, fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

it('reports a graph change once a started graph has loaded, and stats then say it is ready', async () => {
  const dir = tempDir('engram-graph-loaded-');
  const first = await openEngine(dir);
  await importFiles(first, fixture('chatgpt', 'conversations.json'));
  await first.close();

  engine = await Engine.open({ dataDir: dir, withoutOntology: true, clock: DEMO_CLOCK, startGraph: true });
  const events: EngineEvent[] = [];
  engine.onEvent((e) => events.push(e));
  expect((await engine.stats()).graphReady).toBe(false);
  const loaded = () => events.some((e) => e.type === 'changed' && e.topics.includes('graph'));
  const end = Date.now() + 30_000;
  while (!loaded() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(loaded()).toBe(true);
  expect((await engine.stats()).graphReady).toBe(true);
});
