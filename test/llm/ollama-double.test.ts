import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OllamaDouble, chunkText, fakeEmbedding } from '../support/ollama-double';

let double: OllamaDouble;
beforeEach(async () => {
  double = await OllamaDouble.start();
});
afterEach(async () => {
  await double.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${double.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const ndjson = async (res: Response) =>
  (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('OllamaDouble protocol', () => {
  it('listens on 127.0.0.1 with an ephemeral port and answers version and tags', async () => {
    expect(double.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(double.url).not.toMatch(/:11434$/);
    expect(await (await fetch(`${double.url}/api/version`)).json()).toEqual({ version: '0.12.6' });
    double.setModels(['llama3.2', 'bge-m3:567m']);
    const tags = await (await fetch(`${double.url}/api/tags`)).json();
    expect(tags.models.map((m: { name: string }) => m.name)).toEqual(['llama3.2:latest', 'bge-m3:567m']);
    expect(tags.models[0]).toMatchObject({ model: 'llama3.2:latest', details: { format: 'gguf' } });
  });

  it('streams chat as NDJSON with a final done record carrying the counters', async () => {
    double.defaultReply = 'Hello there, friend.';
    const res = await post('/api/chat', { model: 'qwen2.5:7b-instruct', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = await ndjson(res);
    const pieces = lines.filter((l) => !l.done);
    expect(pieces.map((l) => l.message.content).join('')).toBe('Hello there, friend.');
    expect(pieces.every((l) => l.model === 'qwen2.5:7b-instruct' && l.message.role === 'assistant')).toBe(true);
    const last = lines.at(-1);
    expect(last).toMatchObject({ done: true, done_reason: 'stop', eval_count: pieces.length, message: { content: '' } });
    for (const k of ['total_duration', 'prompt_eval_count', 'eval_duration', 'load_duration']) expect(last[k]).toBeGreaterThan(0);
    expect(Date.parse(last.created_at)).not.toBeNaN();
  });

  it('answers generate with stream:false as one JSON object', async () => {
    double.script([{ reply: 'forty two' }]);
    const res = await post('/api/generate', { model: 'qwen2.5:7b-instruct', prompt: 'answer?', stream: false });
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({ response: 'forty two', done: true, done_reason: 'stop', eval_count: 2 });
    expect(Array.isArray(body.context)).toBe(true);
  });

  it('returns Ollama-style 404 errors for models that are not installed', async () => {
    const chat = await post('/api/chat', { model: 'nope', messages: [] });
    expect(chat.status).toBe(404);
    expect(await chat.json()).toEqual({ error: 'model "nope" not found, try pulling it first' });
    const gen = await post('/api/generate', { model: 'nope', prompt: 'x' });
    expect(gen.status).toBe(404);
    expect(await gen.json()).toEqual({ error: "model 'nope' not found" });
    const show = await post('/api/show', { model: 'nope' });
    expect(show.status).toBe(404);
    expect(await show.json()).toEqual({ error: "model 'nope' not found" });
    expect((await post('/api/embed', { model: 'nope', input: 'x' })).status).toBe(404);
  });

  it('treats a name without a tag as :latest', async () => {
    const res = await post('/api/show', { model: 'nomic-embed-text' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.capabilities).toEqual(['embedding']);
    expect(body.model_info['nomic-bert.embedding_length']).toBe(768);
  });

  it('embeds deterministically with the configured dimension, unit length, string or array input', async () => {
    const a = await (await post('/api/embed', { model: 'nomic-embed-text', input: ['alpha', 'beta'] })).json();
    const b = await (await post('/api/embed', { model: 'nomic-embed-text', input: 'alpha' })).json();
    expect(a.embeddings).toHaveLength(2);
    expect(a.embeddings[0]).toHaveLength(768);
    expect(b.embeddings[0]).toEqual(a.embeddings[0]);
    expect(a.embeddings[1]).not.toEqual(a.embeddings[0]);
    const norm = Math.hypot(...a.embeddings[0]);
    expect(norm).toBeCloseTo(1, 6);
    expect(a.embeddings[0]).toEqual(fakeEmbedding('alpha', 768));

    double.embedDimension = 384;
    const legacy = await (await post('/api/embeddings', { model: 'nomic-embed-text', prompt: 'alpha' })).json();
    expect(legacy.embedding).toHaveLength(384);
  });

  it('consumes scripted replies in order, honours match and repeat, then falls back to the default', async () => {
    double.defaultReply = 'default';
    double.script([
      { match: (r) => r.path === '/api/generate', reply: 'for generate', repeat: true },
      { reply: 'first' },
      { reply: (r) => `echo ${r.body.messages[0].content}` },
    ]);
    const say = async (content: string) => {
      const res = await post('/api/chat', { model: 'qwen2.5:7b-instruct', messages: [{ role: 'user', content }], stream: false });
      return (await res.json()).message.content;
    };
    const gen = async () => (await (await post('/api/generate', { model: 'qwen2.5:7b-instruct', prompt: 'p', stream: false })).json()).response;
    expect(await say('a')).toBe('first');
    expect(await gen()).toBe('for generate');
    expect(await say('b')).toBe('echo b');
    expect(await say('c')).toBe('default');
    expect(await gen()).toBe('for generate');
    expect(double.pending).toHaveLength(1);
    expect(double.requestsTo('/api/chat').map((r) => r.body.messages[0].content)).toEqual(['a', 'b', 'c']);
  });

  it('serves scripted errors, with the status given', async () => {
    double.script([{ error: 'server busy, please try again.  maximum pending requests exceeded', status: 503 }]);
    const res = await post('/api/chat', { model: 'qwen2.5:7b-instruct', messages: [] });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(/server busy/);
  });

  it('restarts on the same port and records requests across restarts', async () => {
    const url = double.url;
    await double.close();
    await expect(fetch(`${url}/api/version`)).rejects.toThrow();
    await double.restart();
    expect(double.url).toBe(url);
    expect((await fetch(`${url}/api/version`)).status).toBe(200);
    expect(double.requests.map((r) => r.path)).toEqual(['/api/version']);
  });

  it('chunks text into word pieces that join back exactly', () => {
    for (const t of ['Hello world', '  lead and trail  ', 'one', '{"a": [1, 2]}', '']) {
      expect(chunkText(t).join('')).toBe(t);
    }
    expect(chunkText('a b c')).toEqual(['a', ' b', ' c']);
  });
});
