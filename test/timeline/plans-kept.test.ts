// Timeline.plan keeps the plans of questions asked lately, per version of the chat table: the
// same question under the same now gives the same plan, and a memory that changed plans anew.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';
import { GARDEN_LOG, NOW, TRAVEL_LOG } from './fixtures';

const dir = tempDir('engram-plans-kept-');
let engine: Engine;

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('kept plans', () => {
  it('are the plans of a fresh planning, and are planned anew once the memory changed', async () => {
    fs.writeFileSync(path.join(dir, 'garden.json'), JSON.stringify(GARDEN_LOG));
    fs.writeFileSync(path.join(dir, 'travel.json'), JSON.stringify(TRAVEL_LOG));
    engine = await openEngine(path.join(dir, 'data'));
    await importFiles(engine, path.join(dir, 'garden.json'));
    const ask = { question: 'What did we talk about in our last session?', now: NOW };
    const first = engine.timeline.plan(ask);
    expect(engine.timeline.plan({ ...ask })).toEqual(first);
    // another now is another question
    expect(engine.timeline.plan({ ...ask, now: '2001-01-01T00:00:00' }).plan.now).toBe('2001-01-01T00:00:00');
    await importFiles(engine, path.join(dir, 'travel.json'));
    const after = engine.timeline.plan(ask);
    expect(after.plan.chain).not.toEqual(first.plan.chain);
    engine.timeline.invalidate();
    expect(engine.timeline.plan(ask)).toEqual(after);
  });
});
