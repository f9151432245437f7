// Embeddings against the protocol double: the job fills message and entity vectors, a text
// search then fuses BM25 and vectors, and it falls back to BM25 when Ollama is away.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { OllamaDouble } from '../support/ollama-double';
import { importFixture, openEngine, tmpDir, validReply, waitForJob } from './support';

const open: { engine: Engine; double: OllamaDouble }[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) {
    await c.engine.close().catch(() => undefined);
    await c.double.close();
  }
});

async function setup(models?: string[]) {
  const double = await OllamaDouble.start({ defaultReply: validReply, models });
  const dir = tmpDir();
  const engine = await openEngine(dir);
  open.push({ engine, double });
  await importFixture(engine, dir);
  await engine.setExtractionSettings({ host: double.url, chunkSize: 3 });
  return { engine, double, dir };
}

describe('embeddings and hybrid search', () => {
  it('embeds messages and entities, then fuses BM25 and vectors', async () => {
    const { engine, double } = await setup();
    const bm25 = await engine.searchMessages({ text: 'francesinha' });
    expect(bm25.length).toBeGreaterThan(0);
    expect(double.requestsTo('/api/embed')).toHaveLength(0);
    expect((await engine.searchEntities({ text: 'lena' })).length).toBe(0);

    await waitForJob(engine, await engine.startExtraction({ scope: { kind: 'source', sourceIds: [1] } }));
    // without vectors, entity search falls back to labels
    expect((await engine.searchEntities({ text: 'lena vogel' })).map((h) => h.label)).toContain('Lena Vogel');

    const end = await waitForJob(engine, await engine.startEmbedding({}));
    expect(end.state).toBe('done');
    expect(end.kind).toBe('embed');
    expect(end.result).toMatchObject({ model: 'nomic-embed-text', messages: 30, totalMessages: 30 });
    expect((end.result as { entities: number }).entities).toBeGreaterThan(10);
    const docs = double.requestsTo('/api/embed').flatMap((r) => r.body.input as string[]);
    expect(docs).toContain('search_document: Maya: I want to eat francesinha at least once.');
    const status = await engine.extractionStatus({});
    expect(status.vectors).toMatchObject({ messages: 30, model: 'nomic-embed-text' });
    expect(status.vectors.entities).toBe((end.result as { entities: number }).entities);

    const hybrid = await engine.searchMessages({ text: 'francesinha', limit: 10 });
    expect(double.requestsTo('/api/embed').at(-1)!.body.input).toEqual(['search_query: francesinha']);
    expect(hybrid[0].message.text).toMatch(/francesinha/);
    expect(hybrid.length).toBeGreaterThan(bm25.length); // the vector list brought more candidates
    // filters apply to the vector side too
    const scoped = await engine.searchMessages({ text: 'francesinha', filter: { from: '2026-09-01', to: '2026-09-30' }, limit: 10 });
    expect(scoped.every((h) => h.message.date < '2026-10-01')).toBe(true);
    expect((await engine.searchEntities({ text: 'Lena', limit: 5 })).length).toBe(5);

    // nothing new to embed the second time
    const again = await waitForJob(engine, await engine.startEmbedding({}));
    expect(again.result).toMatchObject({ messages: 0, entities: 0 });

    // Ollama away: BM25 alone, at once
    await double.close();
    const t0 = Date.now();
    const fallback = await engine.searchMessages({ text: 'francesinha' });
    expect(fallback.map((h) => h.message.id)).toEqual(bm25.map((h) => h.message.id));
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('stops with the pull line when the embedding model is missing', async () => {
    const { engine } = await setup(['qwen2.5:7b-instruct']);
    const end = await waitForJob(engine, await engine.startEmbedding({}));
    expect(end.state).toBe('failed');
    expect(end.error).toBe('Model nomic-embed-text is not installed — run `ollama pull nomic-embed-text`');
  });

  it('starts over when the embedding model changes', async () => {
    const { engine, double } = await setup(['qwen2.5:7b-instruct', 'nomic-embed-text', 'mxbai-embed-large']);
    await waitForJob(engine, await engine.startEmbedding({ entities: false }));
    double.embedDimension = 64;
    const end = await waitForJob(engine, await engine.startEmbedding({ entities: false, model: 'mxbai-embed-large' }));
    expect(end.result).toMatchObject({ model: 'mxbai-embed-large', messages: 30, totalMessages: 30 });
    expect((await engine.extractionStatus({})).vectors.model).toBe('mxbai-embed-large');
    expect((await engine.searchMessages({ text: 'Porto' })).length).toBeGreaterThan(0);
  });
});
