// A worker thread of the retrieve batch's pool (batch-pool.ts): chunks of raw input lines in,
// their JSONL answers out, over its own read-only connections to the memory's chat table and
// search index. It writes nothing: the engine that started it owns the stores and the lock.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { ChatStore } from '../stores/chat/chat-store';
import { SearchIndex } from '../stores/search-index';
import { answerRawLine } from './batch';
import { Timeline } from './timeline';

export interface BatchWorkerData {
  dbFile: string;
  searchDir: string;
  sqliteNativeBinding?: string;
  locale?: string;
}

/** One chunk of input: the lines' numbers (1-based, blank lines not counted) and texts. */
export type BatchWorkerRequest = { id: number; lineNos: number[]; texts: string[] } | { close: true };
/** A chunk's answers as JSONL text (one line per input line, in order), or why it failed. */
export type BatchWorkerReply = { id: number; jsonl: string; errors: number } | { id: number; failure: string } | { closed: true };

const config = workerData as BatchWorkerData;
const port = parentPort!;
const db = new Database(config.dbFile, { readonly: true, fileMustExist: true, ...(config.sqliteNativeBinding ? { nativeBinding: config.sqliteNativeBinding } : {}) });
db.pragma('busy_timeout = 5000');
const chat = ChatStore.over(db);
const search = SearchIndex.reader(config.searchDir);
const timeline = new Timeline(chat, search, config.locale ? { locale: config.locale } : {});
let names: Map<number, string> | null = null;
const sourceName = (id: number) => (names ??= new Map(chat.listSources().map((s) => [s.id, s.name]))).get(id) ?? String(id);

port.on('message', async (req: BatchWorkerRequest) => {
  if ('close' in req) {
    await search.close().catch(() => undefined);
    db.close();
    port.postMessage({ closed: true } satisfies BatchWorkerReply);
    return;
  }
  try {
    let jsonl = '';
    let errors = 0;
    for (let i = 0; i < req.texts.length; i++) {
      const out = await answerRawLine(timeline, req.texts[i], req.lineNos[i], sourceName);
      if (out.error) errors++;
      jsonl += `${JSON.stringify(out)}\n`;
    }
    port.postMessage({ id: req.id, jsonl, errors } satisfies BatchWorkerReply);
  } catch (e) {
    port.postMessage({ id: req.id, failure: (e as Error).message.split('\n')[0] } satisfies BatchWorkerReply);
  }
});
