// A worker thread of a retrieve batch (timeline/batch-workers.ts): its own read-only connection
// to the chat table, its own search index reader and timeline (so its own caches), answering the
// lines it is sent as the main thread's batch would, and sending back each line's JSON.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ChatStore } from '../stores/chat/chat-store';
import { SearchIndex } from '../stores/search-index';
import { answerJsonText } from '../common/jsonl-batch';
import { answerLine, batchLineJson } from './batch';
import { LineQueue, type AnsweredLine } from './batch-lines';
import { Timeline, type TimelineWorkerSpec } from './timeline';

/** main → worker */
export type BatchWorkerRequest = { type: 'lines'; lines: [lineNo: number, text: string][] } | { type: 'close' };
/** worker → main: answered lines, in the order they were sent */
export type BatchWorkerReply = { type: 'answers'; answers: AnsweredLine[] } | { type: 'failed'; message: string };

const spec = workerData as TimelineWorkerSpec & { names: [number, string][] };
const port = parentPort!;
const db = new Database(spec.dbFile, { readonly: true, fileMustExist: true, ...(spec.options.sqliteNativeBinding ? { nativeBinding: spec.options.sqliteNativeBinding } : {}) });
db.pragma('busy_timeout = 5000');
const search = await SearchIndex.open(spec.searchDir);
const timeline = new Timeline(ChatStore.over(db), search, spec.options);
const names = new Map(spec.names);
const sourceName = (id: number) => names.get(id) ?? String(id);
const serialize = batchLineJson();
let closing = false;

async function close(): Promise<void> {
  await search.close();
  db.close();
  port.close();
}

const lines = new LineQueue(
  (text, lineNo) => answerJsonText(text, lineNo, (raw, n) => answerLine(timeline, raw, sourceName, n)).then((o) => ({ json: serialize(o), error: !!o.error })),
  (answers) => port.postMessage({ type: 'answers', answers } satisfies BatchWorkerReply),
  (e) => port.postMessage({ type: 'failed', message: e.message } satisfies BatchWorkerReply),
  () => closing && void close(),
);

port.on('message', (m: BatchWorkerRequest) => {
  if (m.type === 'lines') return lines.push(m.lines);
  closing = true;
  if (!lines.busy) void close();
});
