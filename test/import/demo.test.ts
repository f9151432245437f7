// The bundled demo: its conversations plus the knowledge graph written by hand for them.
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { finished, openEngine, tempDir } from '../support/temp-engine';

const DEMO_GRAPH = GRAPHS.extraction('demo-by-hand');
let engine: Engine;
afterEach(async () => engine?.close());

const demoTriples = async (e: Engine) => (await e.listGraphs()).find((g) => g.iri === DEMO_GRAPH)?.triples ?? 0;

describe('the demo memory', () => {
  it('imports with its hand-written graph, which survives a restart and leaves with the demo', async () => {
    const dir = tempDir();
    engine = await openEngine(dir, { withoutOntology: false });
    const job = await finished(engine, engine.importDemo());
    expect(job.state).toBe('done');
    const loaded = await demoTriples(engine);
    expect(loaded).toBeGreaterThan(100);
    await engine.close();
    engine = await openEngine(dir, { withoutOntology: false });
    expect(await demoTriples(engine)).toBe(loaded);
    const [demo] = await engine.listSources();
    await engine.deleteSource({ id: demo.id });
    expect(await demoTriples(engine)).toBe(0);
  });
});
