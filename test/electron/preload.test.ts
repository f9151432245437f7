// The preload with a stand-in for electron: it exposes exactly one object, `engram`, with the
// API methods and onEvent, and every call goes over the one API channel.
import { describe, expect, it, vi } from 'vitest';
import { apiMethodNames } from '../../shared/api';

const fake = vi.hoisted(() => ({
  exposed: [] as [string, Record<string, (...a: unknown[]) => unknown>][],
  invoked: [] as unknown[][],
  listeners: new Map<string, Set<(...a: unknown[]) => void>>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: Record<string, (...a: unknown[]) => unknown>) => fake.exposed.push([key, api]) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      fake.invoked.push(args);
      return { ok: true, result: 'r' };
    },
    on: (channel: string, fn: (...a: unknown[]) => void) => {
      if (!fake.listeners.has(channel)) fake.listeners.set(channel, new Set());
      fake.listeners.get(channel)!.add(fn);
    },
    removeListener: (channel: string, fn: (...a: unknown[]) => void) => fake.listeners.get(channel)?.delete(fn),
  },
}));

describe('preload', () => {
  it('exposes only window.engram: the API methods, onEvent and openExternal', async () => {
    await import('../../electron/preload/preload');
    expect(fake.exposed).toHaveLength(1);
    const [key, api] = fake.exposed[0];
    expect(key).toBe('engram');
    expect(Object.keys(api).sort()).toEqual([...apiMethodNames, 'onEvent', 'openExternal'].sort());

    expect(await api.listSources({})).toEqual({ ok: true, result: 'r' });
    expect(fake.invoked).toEqual([['engram:api', 'listSources', {}]]);

    const seen: unknown[] = [];
    const off = api.onEvent((e: unknown) => seen.push(e)) as () => void;
    for (const fn of fake.listeners.get('engram:event') ?? []) fn({ sender: 'ipc' }, { type: 'changed', topics: ['sources'] });
    expect(seen).toEqual([{ type: 'changed', topics: ['sources'] }]);
    off();
    expect(fake.listeners.get('engram:event')?.size).toBe(0);
  });
});
