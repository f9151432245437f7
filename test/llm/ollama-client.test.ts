import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LLM_SETTINGS,
  LlmAbortedError,
  LlmModelMissingError,
  LlmResponseError,
  LlmTimeoutError,
  LlmUnavailableError,
  OllamaClient,
  classifyLlmError,
  modelMatches,
  resolveLlmSettings,
  type LlmSettings,
} from '../../electron/node/engine/llm/ollama';
import { OllamaDouble, fakeEmbedding } from '../support/ollama-double';

let double: OllamaDouble;
beforeEach(async () => {
  double = await OllamaDouble.start();
});
afterEach(async () => {
  await double.close();
});

const client = (s: Partial<LlmSettings> = {}) =>
  new OllamaClient({ host: double.url, timeoutMs: 2_000, idleTimeoutMs: 1_000, checkTimeoutMs: 500, ...s });
const user = (content: string) => [{ role: 'user' as const, content }];

/** Awaits a promise that must reject and returns the rejection. */
async function failure(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

/** Resolves once `cond` holds (polling), so tests need no fixed sleeps. */
async function until(cond: () => boolean, ms = 1_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('settings', () => {
  it('has documented defaults and normalises the host', () => {
    expect(DEFAULT_LLM_SETTINGS).toMatchObject({
      host: 'http://127.0.0.1:11434',
      model: 'qwen2.5:7b-instruct',
      embedModel: 'nomic-embed-text',
      temperature: 0,
      numCtx: 8192,
    });
    expect(resolveLlmSettings({ host: 'http://gpu-box:11434/ ' }).host).toBe('http://gpu-box:11434');
    expect(resolveLlmSettings({ model: undefined }).model).toBe('qwen2.5:7b-instruct');
    expect(() => resolveLlmSettings({ timeoutMs: 0 })).toThrow(RangeError);
  });

  it('matches model names with or without :latest, case-insensitively', () => {
    expect(modelMatches('nomic-embed-text', 'nomic-embed-text:latest')).toBe(true);
    expect(modelMatches('nomic-embed-text:latest', 'nomic-embed-text')).toBe(true);
    expect(modelMatches('Qwen2.5:7B-Instruct', 'qwen2.5:7b-instruct')).toBe(true);
    expect(modelMatches('registry.ollama.ai/library/llama3.2', 'llama3.2:latest')).toBe(true);
    expect(modelMatches('qwen2.5:7b', 'qwen2.5:7b-instruct')).toBe(false);
    expect(modelMatches('qwen2.5', 'qwen2.5:7b')).toBe(false);
    expect(modelMatches('myhost:5000/team/model', 'myhost:5000/team/model:latest')).toBe(true);
  });
});

describe('check()', () => {
  it('reports a ready server with version, models and no problems', async () => {
    const c = await client().check();
    expect(c).toEqual({
      host: double.url,
      reachable: true,
      version: '0.12.6',
      models: ['qwen2.5:7b-instruct', 'nomic-embed-text:latest'],
      modelReady: true,
      embedModelReady: true,
      problems: [],
    });
  });

  it('gives one `ollama pull` line per missing model', async () => {
    double.setModels(['llama3.2']);
    const c = await client({ model: 'qwen2.5:7b-instruct', embedModel: 'nomic-embed-text' }).check();
    expect(c.reachable).toBe(true);
    expect(c.modelReady).toBe(false);
    expect(c.embedModelReady).toBe(false);
    expect(c.problems).toEqual([
      'Model qwen2.5:7b-instruct is not installed — run `ollama pull qwen2.5:7b-instruct`',
      'Model nomic-embed-text is not installed — run `ollama pull nomic-embed-text`',
    ]);

    double.setModels(['qwen2.5:7b-instruct']);
    expect((await client().check()).problems).toEqual([
      'Model nomic-embed-text is not installed — run `ollama pull nomic-embed-text`',
    ]);
  });

  it('says how to start Ollama when nothing listens at the host', async () => {
    const host = double.url;
    await double.close();
    const c = await client({ host }).check();
    expect(c).toMatchObject({ reachable: false, models: [], modelReady: false, embedModelReady: false });
    expect(c.problems).toEqual([`Ollama is not running at ${host} — start it with \`ollama serve\``]);
  });

  it('gives up within checkTimeoutMs when the server does not answer', async () => {
    double.script([{ path: '/api/tags', hang: true }]);
    const t0 = Date.now();
    const c = await client({ checkTimeoutMs: 150 }).check();
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(c.reachable).toBe(false);
    expect(c.problems).toEqual([`Ollama at ${double.url} did not answer within 150 ms — restart it with \`ollama serve\``]);
  });
});

describe('chat()', () => {
  it('streams tokens to onToken and returns text with token counts', async () => {
    double.script([{ reply: 'The quick brown fox jumps.' }]);
    const tokens: string[] = [];
    const r = await client().chat([{ role: 'system', content: 'be brief' }, ...user('tell me about foxes')], {
      onToken: (t) => tokens.push(t),
    });
    expect(tokens).toEqual(['The', ' quick', ' brown', ' fox', ' jumps.']);
    expect(r.text).toBe('The quick brown fox jumps.');
    expect(r.model).toBe('qwen2.5:7b-instruct');
    expect(r.evalTokens).toBe(5);
    expect(r.promptTokens).toBe(Math.ceil('be brief\ntell me about foxes'.length / 4));
    expect(r.durationMs).toBeGreaterThan(0);
    expect(r.tokensPerSecond).toBeGreaterThan(0);
    expect(r.doneReason).toBe('stop');

    const [req] = double.requestsTo('/api/chat');
    expect(req.body).toMatchObject({
      model: 'qwen2.5:7b-instruct',
      stream: true,
      options: { temperature: 0, num_ctx: 8192 },
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'tell me about foxes' },
      ],
    });
  });

  it('passes format, model override, maxTokens and settings through', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    double.setModels(['llama3.2', 'nomic-embed-text']);
    double.script([{ reply: '{"a":"b"}' }]);
    const r = await client({ temperature: 0.3, numCtx: 4096 }).chat(user('json please'), {
      format: schema,
      model: 'llama3.2',
      maxTokens: 64,
    });
    expect(JSON.parse(r.text)).toEqual({ a: 'b' });
    expect(double.requestsTo('/api/chat')[0].body).toMatchObject({
      model: 'llama3.2',
      format: schema,
      options: { temperature: 0.3, num_ctx: 4096, num_predict: 64 },
    });
  });

  it('supports the non-streaming path', async () => {
    double.script([{ reply: 'all at once' }]);
    const tokens: string[] = [];
    const r = await client().chat(user('hi'), { stream: false, onToken: (t) => tokens.push(t) });
    expect(r.text).toBe('all at once');
    expect(r.evalTokens).toBe(3);
    expect(tokens).toEqual(['all at once']);
    expect(double.requestsTo('/api/chat')[0].body.stream).toBe(false);
  });

  it('gets scripted replies in order, then the default', async () => {
    double.defaultReply = 'fallback';
    double.script([{ reply: 'one' }, { reply: 'two' }, { reply: 'three' }]);
    const c = client();
    const texts = [];
    for (let i = 0; i < 4; i++) texts.push((await c.chat(user(`q${i}`))).text);
    expect(texts).toEqual(['one', 'two', 'three', 'fallback']);
  });

  it('rethrows an error thrown by onToken unchanged and stops the stream', async () => {
    double.script([{ reply: 'a b c d e f', chunkDelayMs: 20 }]);
    const boom = new Error('consumer failed');
    const err = await failure(
      client().chat(user('x'), {
        onToken: () => {
          throw boom;
        },
      }),
    );
    expect(err).toBe(boom);
    await until(() => double.requestsTo('/api/chat')[0]?.aborted === true);
  });
});

describe('embed()', () => {
  it('returns one normalised vector per text, deterministic, in order, batched', async () => {
    const c = client({ embedBatchSize: 3 });
    const texts = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const progress: number[] = [];
    const v = await c.embed(texts, { onProgress: (done) => progress.push(done) });
    expect(v).toHaveLength(7);
    expect(v.every((x) => x.length === 768)).toBe(true);
    expect(v[4]).toEqual(fakeEmbedding('e', 768));
    expect(Math.hypot(...v[0])).toBeCloseTo(1, 6);
    expect(progress).toEqual([3, 6, 7]);
    const batches = double.requestsTo('/api/embed').map((r) => r.body.input);
    expect(batches).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(double.requestsTo('/api/embed')[0].body.model).toBe('nomic-embed-text');

    const again = await c.embed(['e']);
    expect(again[0]).toEqual(v[4]);
  });

  it('follows the configured dimension and makes no request for no texts', async () => {
    double.embedDimension = 1024;
    expect((await client().embed(['x']))[0]).toHaveLength(1024);
    expect(await client().embed([])).toEqual([]);
    expect(double.requestsTo('/api/embed')).toHaveLength(1);
  });

  it('reports a missing embedding model with the pull line', async () => {
    double.setModels(['qwen2.5:7b-instruct']);
    const err = await failure(client().embed(['x']));
    expect(err).toBeInstanceOf(LlmModelMissingError);
    expect(err.model).toBe('nomic-embed-text');
    expect(err.hint).toBe('Model nomic-embed-text is not installed — run `ollama pull nomic-embed-text`');
  });
});

describe('error classification', () => {
  it('server closed mid-stream → LlmUnavailableError (after the first tokens arrived)', async () => {
    double.script([{ reply: 'one two three four', afterChunks: 2, dropConnection: true }]);
    const tokens: string[] = [];
    const err = await failure(client().chat(user('x'), { onToken: (t) => tokens.push(t) }));
    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect(err.hint).toBe(`Ollama is not running at ${double.url} — start it with \`ollama serve\``);
    expect(err.host).toBe(double.url);
    expect(tokens).toEqual(['one', ' two']);
  });

  it('connection dropped before any response → LlmUnavailableError, also without streaming', async () => {
    double.script([{ dropConnection: true }, { reply: 'a b c', afterChunks: 1, dropConnection: true }]);
    expect(await failure(client().chat(user('x')))).toBeInstanceOf(LlmUnavailableError);
    expect(await failure(client().chat(user('x'), { stream: false }))).toBeInstanceOf(LlmUnavailableError);
  });

  it('server gone → LlmUnavailableError for chat, embed, immediately and after the sockets settled', async () => {
    const c = client();
    await c.chat(user('warm up a kept-alive connection'));
    await double.close();
    const immediate = await failure(c.chat(user('x')));
    expect(immediate).toBeInstanceOf(LlmUnavailableError);
    await new Promise((r) => setTimeout(r, 20));
    const refused = await failure(c.embed(['x']));
    expect(refused).toBeInstanceOf(LlmUnavailableError);
    expect(refused.code).toBe('ECONNREFUSED');
  });

  it('unknown host → LlmUnavailableError', async () => {
    // .invalid never resolves (RFC 6761); a generous timeout keeps a slow resolver from turning this into a timeout.
    const err = await failure(client({ host: 'http://engram-no-such-host.invalid:11434', timeoutMs: 20_000 }).chat(user('x')));
    expect(err).toBeInstanceOf(LlmUnavailableError);
  });

  it('404 model → LlmModelMissingError with the pull line', async () => {
    const err = await failure(client({ model: 'mistral-nemo:12b' }).chat(user('x')));
    expect(err).toBeInstanceOf(LlmModelMissingError);
    expect(err.model).toBe('mistral-nemo:12b');
    expect(err.hint).toBe('Model mistral-nemo:12b is not installed — run `ollama pull mistral-nemo:12b`');
    expect(err.message).toContain('not found');
  });

  it('hang → LlmTimeoutError within the configured total timeout, and the request is cut', async () => {
    double.script([{ hang: true }]);
    const t0 = Date.now();
    const err = await failure(client({ timeoutMs: 200, idleTimeoutMs: 5_000 }).chat(user('x')));
    const elapsed = Date.now() - t0;
    expect(err).toBeInstanceOf(LlmTimeoutError);
    expect(err.kind).toBe('total');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1_000);
    await until(() => double.requestsTo('/api/chat')[0]?.aborted === true);
  });

  it('a stream that stalls → LlmTimeoutError (idle) well before the total timeout', async () => {
    double.script([{ reply: 'a b c d', afterChunks: 2, hang: true }]);
    const t0 = Date.now();
    const err = await failure(client({ timeoutMs: 5_000, idleTimeoutMs: 150 }).chat(user('x')));
    expect(err).toBeInstanceOf(LlmTimeoutError);
    expect(err.kind).toBe('idle');
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  it('a slow but steady stream is not an idle timeout', async () => {
    double.script([{ reply: 'a b c d e f g h', chunkDelayMs: 50 }]);
    // 8 chunks × 50 ms = 400 ms in total, more than the idle limit, but no single gap comes close.
    const r = await client({ timeoutMs: 5_000, idleTimeoutMs: 300 }).chat(user('x'));
    expect(r.text).toBe('a b c d e f g h');
  });

  it('a hanging embed request → LlmTimeoutError', async () => {
    double.script([{ path: '/api/embed', hang: true }]);
    const err = await failure(client({ timeoutMs: 150 }).embed(['x']));
    expect(err).toBeInstanceOf(LlmTimeoutError);
  });

  it('other HTTP errors and in-stream errors → LlmResponseError', async () => {
    double.script([
      { error: 'server busy, please try again.  maximum pending requests exceeded', status: 503 },
      { reply: 'a b c', afterChunks: 1, error: 'model runner has unexpectedly stopped' },
      { path: '/api/embed', error: 'input exceeds maximum context length', status: 400 },
    ]);
    const busy = await failure(client().chat(user('x')));
    expect(busy).toBeInstanceOf(LlmResponseError);
    expect(busy.status).toBe(503);
    expect(busy.message).toContain('server busy');
    const inStream = await failure(client().chat(user('x')));
    expect(inStream).toBeInstanceOf(LlmResponseError);
    expect(inStream.status).toBeUndefined();
    expect(inStream.message).toContain('model runner has unexpectedly stopped');
    const embed = await failure(client().embed(['x']));
    expect(embed).toBeInstanceOf(LlmResponseError);
    expect(embed.status).toBe(400);
  });

  it('classifies raw errors as thrown by fetch and the ollama package', () => {
    const ctx = { host: 'http://h:1', model: 'm' };
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    expect(classifyLlmError(refused, ctx)).toBeInstanceOf(LlmUnavailableError);
    const responseError = Object.assign(new Error("model 'm' not found"), {
      name: 'ResponseError',
      status_code: 404,
      error: "model 'm' not found",
    });
    expect(classifyLlmError(responseError, ctx)).toBeInstanceOf(LlmModelMissingError);
    // An unknown route (old Ollama without /api/embed, or not Ollama) is not a missing model.
    const noRoute = Object.assign(new Error('404 page not found'), { name: 'ResponseError', status_code: 404, error: '404 page not found' });
    expect(classifyLlmError(noRoute, ctx)).toBeInstanceOf(LlmResponseError);
    expect(classifyLlmError(new Error('Did not receive done or success response in stream.'), ctx)).toBeInstanceOf(
      LlmUnavailableError,
    );
    const headersTimeout = Object.assign(new TypeError('fetch failed'), { cause: { code: 'UND_ERR_HEADERS_TIMEOUT' } });
    expect(classifyLlmError(headersTimeout, ctx)).toBeInstanceOf(LlmTimeoutError);
    expect(classifyLlmError(new Error('weird'), ctx)).toBeInstanceOf(LlmResponseError);
  });
});

describe('cancellation', () => {
  it('an already aborted signal rejects without a request', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(await failure(client().chat(user('x'), { signal: ac.signal }))).toBeInstanceOf(LlmAbortedError);
    expect(await failure(client().embed(['x'], { signal: ac.signal }))).toBeInstanceOf(LlmAbortedError);
    expect(double.requests).toHaveLength(0);
  });

  it('aborting mid-stream rejects promptly with LlmAbortedError and closes the request', async () => {
    double.script([{ reply: 'a b c d e f g h i j', chunkDelayMs: 50 }]);
    const ac = new AbortController();
    const tokens: string[] = [];
    const p = client().chat(user('x'), {
      signal: ac.signal,
      onToken: (t) => {
        tokens.push(t);
        if (tokens.length === 2) ac.abort();
      },
    });
    const err = await failure(p);
    expect(err).toBeInstanceOf(LlmAbortedError);
    expect(tokens).toHaveLength(2);
    await until(() => double.requestsTo('/api/chat')[0]?.aborted === true);
  });

  it('aborting while waiting for the first byte works too', async () => {
    double.script([{ hang: true }]);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const err = await failure(client().chat(user('x'), { signal: ac.signal }));
    expect(err).toBeInstanceOf(LlmAbortedError);
  });

  it('abortAll() stops every call in flight of that client only', async () => {
    double.script([{ hang: true, repeat: true, match: (r) => r.body.messages[0].content === 'hang' }]);
    const a = client();
    const b = client();
    const pa = failure(a.chat(user('hang')));
    const pb = b.chat(user('fine'));
    await until(() => double.requestsTo('/api/chat').length >= 1);
    a.abortAll();
    expect(await pa).toBeInstanceOf(LlmAbortedError);
    expect((await pb).text).toBe('OK');
  });
});

describe('server going away and coming back', () => {
  it('a call fails with LlmUnavailableError while down and succeeds after restart, on the same client', async () => {
    const c = client();
    expect((await c.check()).problems).toEqual([]);
    await double.close();
    expect(await failure(c.chat(user('x')))).toBeInstanceOf(LlmUnavailableError);
    expect((await c.check()).reachable).toBe(false);
    await double.restart();
    const check = await c.check();
    expect(check.reachable).toBe(true);
    expect(check.problems).toEqual([]);
    double.script([{ reply: 'back again' }]);
    expect((await c.chat(user('x'))).text).toBe('back again');
    expect((await c.embed(['x']))[0]).toHaveLength(768);
  });
});
