// The analysis worker thread (analysis.ts): messages in, their text-only analyses out, batch by
// batch in the order asked. Its own wink-nlp instances; it touches no store.
import { parentPort } from 'node:worker_threads';
import { analyseMessage, type AnalysisInput, type EncodedAnalysis } from './analysis';

export type AnalysisRequest = { id: number; messages: AnalysisInput[] };
export type AnalysisReply = { id: number; results: EncodedAnalysis[] } | { id: number; error: string };

parentPort!.on('message', (req: AnalysisRequest) => {
  try {
    parentPort!.postMessage({ id: req.id, results: req.messages.map(analyseMessage) } satisfies AnalysisReply);
  } catch (e) {
    parentPort!.postMessage({ id: req.id, error: (e as Error).message } satisfies AnalysisReply);
  }
});
