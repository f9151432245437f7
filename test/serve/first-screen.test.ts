// `engram serve` writes the first screen's data into the workbench's page opened with its token:
// the answers of the first calls, in a JSON data block, current after every engine change, never
// without the token, never cached, and with no way for a message's text to end the block.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent, MessagePage } from '../../shared/types';
import { FIRST_SCREEN_CALLS, FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../shared/transport/first-screen';
import { startServer, type RunningServer, type ServedApi } from '../../electron/node/serve/server';

const PAGE = '<!doctype html><html><head><title>Engram</title></head><body><div id="root"></div></body></html>';

function blockOf(html: string): FirstScreenData | null {
  const m = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]) as FirstScreenData) : null;
}

describe('the first screen in the page', () => {
  let dir: string;
  let server: RunningServer;
  const listeners = new Set<(e: EngineEvent) => void>();
  let messages = 3;
  let failStats = false;
  let graphReady: boolean | undefined;
  const calls: string[] = [];
  const page: MessagePage = {
    total: 1,
    rows: [{ id: 1, text: 'closing tags: </script><script>alert(1)</script> <!-- end' } as never],
    highlight: [],
  } as unknown as MessagePage;
  const api = {
    async stats() {
      calls.push('stats');
      if (failStats) throw new Error('no stats today');
      return (graphReady === undefined ? { messages } : { messages, graphReady }) as never;
    },
    async listSources() {
      return [{ id: 1, name: 'ChatGPT' }] as never;
    },
    async memoryInfo() {
      return { dataDir: '/data', version: '0.1.0' };
    },
    async timelinePeriods() {
      return [['2026-01-01T09:00:00', '2026-02-01T10:00:00']];
    },
    async listMessages(args: unknown) {
      calls.push(`listMessages ${JSON.stringify(args)}`);
      return page;
    },
    onEvent(listener: (e: EngineEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const get = (path: string) => fetch(`${server.origin}${path}`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-first-screen-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    server = await startServer({ api: api as unknown as ServedApi, rendererDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is written into the page opened with the token, before </body>, and not kept by any cache', async () => {
    const res = await get(`/?token=${encodeURIComponent(server.token)}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html.startsWith(PAGE.slice(0, PAGE.indexOf('</body>')))).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    const data = blockOf(html)!;
    expect(data.stats.answer).toEqual({ ok: true, result: { messages: 3 } });
    expect(data.listSources.answer.result).toEqual([{ id: 1, name: 'ChatGPT' }]);
    expect(data.memoryInfo.answer.result).toEqual({ dataDir: '/data', version: '0.1.0' });
    expect(data.timelinePeriods).toEqual({ args: { minGapDays: 21 }, answer: { ok: true, result: [['2026-01-01T09:00:00', '2026-02-01T10:00:00']] } });
    expect(data.listMessages.args).toEqual(FIRST_SCREEN_CALLS.listMessages);
    expect(data.listMessages.answer.result).toEqual(page);
  });

  it('cannot be ended by the text of a message', async () => {
    const html = await (await get(`/?token=${encodeURIComponent(server.token)}`)).text();
    const block = html.slice(html.indexOf(`id="${FIRST_SCREEN_ELEMENT_ID}"`));
    // one closing tag: the block's own; the message's '</script>' and '<!--' are escaped
    expect(block.match(/<\/script/gi)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect((blockOf(html)!.listMessages.answer.result as MessagePage).rows[0].text).toBe(page.rows[0].text);
  });

  it('is never in a page asked for without the token, or with another one', async () => {
    for (const path of ['/', '/?token=not-the-token', '/messages', `/assets/x.js?token=${server.token}`]) {
      const res = await get(path);
      const html = await res.text();
      expect(html).not.toContain(FIRST_SCREEN_ELEMENT_ID);
      expect(html).not.toContain('alert(1)');
    }
  });

  it('is made once, kept, and made again after the engine reports a change', async () => {
    const before = calls.length;
    await get(`/?token=${encodeURIComponent(server.token)}`);
    await get(`/?token=${encodeURIComponent(server.token)}`);
    expect(calls.length).toBe(before);
    messages = 4;
    for (const l of listeners) l({ type: 'changed', topics: ['messages'] });
    const data = blockOf(await (await get(`/?token=${encodeURIComponent(server.token)}`)).text())!;
    expect(data.stats.answer.result).toEqual({ messages: 4 });
    expect(calls.slice(before)).toEqual(['stats', `listMessages ${JSON.stringify(FIRST_SCREEN_CALLS.listMessages)}`]);
  });

  it('is left out when a call fails (the page then asks for itself), and made again for the next page', async () => {
    failStats = true;
    for (const l of listeners) l({ type: 'changed', topics: ['sources'] });
    const html = await (await get(`/?token=${encodeURIComponent(server.token)}`)).text();
    expect(html).toBe(PAGE);
    failStats = false;
    // no event in between: a failure is not kept
    expect(blockOf(await (await get(`/?token=${encodeURIComponent(server.token)}`)).text())).not.toBeNull();
  });

  it('is kept while the graph is loading, and made again when the engine reports its end', async () => {
    graphReady = false;
    for (const l of listeners) l({ type: 'changed', topics: ['graph'] });
    const page = () => get(`/?token=${encodeURIComponent(server.token)}`).then(async (r) => blockOf(await r.text())!);
    expect((await page()).stats.answer.result).toMatchObject({ graphReady: false });
    const before = calls.length;
    expect((await page()).stats.answer.result).toMatchObject({ graphReady: false });
    expect(calls.length).toBe(before);
    // loaded: the engine says so (Engine emits a 'graph' change), and the next page has it
    graphReady = true;
    for (const l of listeners) l({ type: 'changed', topics: ['graph'] });
    expect((await page()).stats.answer.result).toMatchObject({ graphReady: true });
    expect(calls.length).toBeGreaterThan(before);
    graphReady = undefined;
  });
});
