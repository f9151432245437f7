// The count of a message filter (the Messages tab's total) is the number of rows the filter
// lists, whichever columns it reads, including a session range (the one that needs the
// sessions table).
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import type { MessageFilter } from '../../shared/types';
import { fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

describe('counting messages', () => {
  it('counts what the filter lists', async () => {
    engine = await openEngine(tempDir());
    await importFiles(engine, fixture('claude', 'conversations.json'));
    await importFiles(engine, fixture('chatgpt', 'conversations.json'));
    const chat = engine.chat;
    const all = chat.listMessages({}, 0, 1_000_000);
    expect(all.length).toBeGreaterThan(10);
    const [a, b] = [all[0], all[all.length - 1]];
    const filters: MessageFilter[] = [
      {},
      { sourceIds: [a.sourceId] },
      { sessionIds: [a.sessionId, b.sessionId] },
      { speakers: [a.speaker] },
      { sessionRange: [1, 2] },
      { sessionRange: [2, 2], speakers: [b.speaker] },
      { from: a.date, to: b.date },
      { ids: [a.id, b.id, 999_999] },
      { sourceIds: [] },
    ];
    for (const filter of filters) {
      expect(chat.countMessages(filter), JSON.stringify(filter)).toBe(chat.listMessages(filter, 0, 1_000_000).length);
    }
    expect(chat.countMessages({ sessionRange: [1, 2] })).toBeGreaterThan(0);
    expect(chat.countMessages({ sessionRange: [1, 2] })).toBeLessThan(all.length);
  });
});
