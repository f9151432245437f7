import { describe, expect, it } from 'vitest';
import { JobRunner } from '../../electron/node/engine/common/jobs';
import type { JobInfo } from '../../shared/types';

describe('jobs', () => {
  it('throttles progress events but always delivers the latest state', async () => {
    const events: JobInfo[] = [];
    const runner = new JobRunner((j) => events.push(j));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    runner.start('import', 'test', 'items', async (ctx) => {
      for (let i = 1; i <= 50; i++) ctx.progress(i, 50, i === 50 ? 'almost there' : undefined);
      await gate;
      return { ok: true };
    });
    await new Promise((r) => setTimeout(r, 250));
    // Many updates within 100 ms collapse into few events, the last one carrying the latest state.
    const running = events.filter((e) => e.state === 'running');
    expect(running.length).toBeLessThan(5);
    expect(running.at(-1)).toMatchObject({ done: 50, message: 'almost there' });
    release();
    await runner.idle();
    expect(events.at(-1)).toMatchObject({ state: 'done', result: { ok: true } });
  });

  it('cancels a running job', async () => {
    const runner = new JobRunner(() => undefined);
    const job = runner.start('import', 'slow', 'items', async (ctx) => {
      while (true) {
        ctx.throwIfCancelled();
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(runner.cancel(job.id)).toBe(true);
    await runner.idle();
    expect(runner.list()[0].state).toBe('cancelled');
    expect(runner.cancel(job.id)).toBe(false);
  });
});
