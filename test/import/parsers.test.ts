import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messagesOf, parseError, parseFixtureFile, parseText, type CollectedSource } from '../support/parse-input';
import { fixture } from '../support/temp-engine';
import { IMAGE_DESCRIPTION, imageDescription } from '../../electron/node/engine/stores/chat/message-extra';

const parseFixture = (...parts: string[]) => parseFixtureFile(fixture(...parts));
const texts = (s: CollectedSource, i = 0) => messagesOf(s.conversations[i]).map((m) => m.text);

describe('format detection and parsing (by content, not by file name)', async () => {
  it('ChatGPT: follows current_node, skips system/tool/hidden/thoughts/empty nodes, keeps times and titles', async () => {
    const [src] = await parseText('export-with-any-name.txt', fs.readFileSync(fixture('chatgpt', 'conversations.json')));
    expect(src.format).toBe('chatgpt');
    expect(src.conversations.map((c) => c.title)).toEqual(['Lisbon trip', 'Sourdough']);
    // The edited branch (u2b) is the one the person saw; the abandoned branch (u2a) is not.
    expect(texts(src)).toEqual([
      'Can you help me plan a trip to Lisbon in May?',
      'Of course! How many days will you stay, and what do you enjoy?',
      'Five days. What about hostels near Alfama?',
      'Here are three hostels near Alfama: Home Lisbon, Goodmorning, and Alfama Patio.',
      'Thanks! What is the weather like in May?',
      'Mild: around 22 °C during the day, with little rain.',
    ]);
    const first = messagesOf(src.conversations[0]);
    expect(first.map((m) => m.externalId)).toEqual(['u1', 'a1', 'u2b', 'a3', 'u4', 'a5']);
    expect(first.map((m) => m.speaker)).toEqual(['User', 'ChatGPT', 'User', 'ChatGPT', 'User', 'ChatGPT']);
    // create_time 1716800010 is 2024-05-27T08:53:30Z; tests run with TZ=UTC.
    expect(first[0].time).toEqual({ local: '2024-05-27T08:53:30', offsetMin: 0 });
    expect(src.conversations[0].externalId).toBe('6654a1b2-0000-4000-8000-000000000001');
    // Without current_node, the newest leaf is taken.
    expect(texts(src, 1)).toEqual(['My starter smells like acetone. Is it dead?', 'Not dead, just hungry: feed it twice a day for a few days.']);
  });

  it('Claude: human/assistant from text or content blocks, ISO times, untitled chats named', async () => {
    const [src] = await parseFixture('claude', 'conversations.json');
    expect(src.format).toBe('claude');
    expect(texts(src)).toEqual([
      'I want to run my first marathon in October. Where do I start?',
      'Build up to 40 km a week first, then follow an 18-week plan.',
      'How many long runs per week?',
      'One long run a week is enough.',
    ]);
    expect(messagesOf(src.conversations[0]).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messagesOf(src.conversations[0])[0].time.local).toBe('2024-03-15T10:20:31');
    expect(src.conversations[1].title).toBe('Untitled chat');
  });

  it('LoCoMo: sessions from session_K + date, skips dated sessions without turns, keeps dia_id and the photo caption as the image description', async () => {
    const [src] = await parseFixture('locomo', 'mini.json');
    expect(src.format).toBe('locomo');
    const conv = src.conversations[0];
    expect(conv.title).toBe('Ana & Ben');
    expect(conv.sessions!.map((s) => s.externalId)).toEqual(['session_1', 'session_2', 'session_3']);
    const [first] = conv.sessions!;
    expect(first.messages.map((m) => m.externalId)).toEqual(['D1:1', 'D1:2', 'D1:3']);
    expect(first.messages[0].time).toEqual({ local: '2023-05-08T13:56:00', offsetMin: null });
    // The caption under the engine's neutral key, in the place the export gave it; the other raw keys as they are.
    expect(Object.entries(first.messages[2].extra!)).toEqual([
      ['img_url', ['https://example.invalid/bowl.jpg']],
      [IMAGE_DESCRIPTION, 'a photo of a ceramic bowl on a table'],
      ['query', 'ceramic bowl'],
    ]);
    expect(imageDescription(first.messages[2].extra)).toBe('a photo of a ceramic bowl on a table');
    expect(imageDescription(first.messages[1].extra)).toBeUndefined();
  });

  it('temporal-memory: per-response date_time with seconds, response_number kept', async () => {
    const [src] = await parseFixture('temporal-memory', 'mini.json');
    expect(src.format).toBe('temporal-memory');
    const msgs = messagesOf(src.conversations[0]);
    expect(msgs.map((m) => m.time.local)).toEqual([
      '2023-05-08T13:56:04',
      '2023-05-08T13:56:40',
      '2023-06-27T10:37:12',
      '2023-06-27T10:38:01',
      '2023-06-27T10:39:30',
    ]);
    expect(msgs.map((m) => m.extra?.response_number)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('LongMemEval: one source per instance, one conversation per haystack session with its date and id', async () => {
    const srcs = await parseFixture('longmemeval', 'instances.json');
    expect(srcs.map((s) => s.part)).toEqual(['q-001', 'q-002_abs']);
    expect(srcs[0].conversations.map((c) => c.externalId)).toEqual(['s-a', 's-b']);
    expect(srcs[0].conversations[0].sessions![0].messages[0]).toMatchObject({
      role: 'user',
      speaker: 'User',
      time: { local: '2023-05-20T02:21:00', offsetMin: null },
      extra: { has_answer: true },
    });
    // The same session id in two instances stays apart.
    expect(srcs[0].conversations[0].family).not.toBe(srcs[1].conversations[0].family);
  });

  it('generic JSONL, JSON and CSV: speaker or role, text or content, timestamps with offsets, conversation ids', async () => {
    for (const file of ['messages.jsonl', 'messages.json', 'messages.csv']) {
      const [src] = await parseFixture('generic', file);
      expect(src.conversations.map((c) => c.externalId)).toEqual(['c1', 'c2']);
      expect(messagesOf(src.conversations[1]).map((m) => m.role)).toEqual(['user', 'assistant']);
    }
    const [jsonl] = await parseFixture('generic', 'messages.jsonl');
    expect(jsonl.format).toBe('generic-jsonl');
    expect(messagesOf(jsonl.conversations[0])[0].time).toEqual({ local: '2024-06-01T08:00:00', offsetMin: 120 });
    const [csv] = await parseFixture('generic', 'messages.csv');
    expect(csv.format).toBe('generic-csv');
    expect(messagesOf(csv.conversations[0]).at(-1)!.text).toBe('A line with "quotes", a comma\nand a newline.');
    expect(messagesOf(csv.conversations[0])[0].time).toEqual({ local: '2024-06-01T08:00:00', offsetMin: null });
  });
});

describe('long texts in a streamed export', () => {
  it('come out exactly, multi-byte characters and escapes included, when they are longer than the parser’s string buffer', async () => {
    // 64 KiB buffer: texts of 200,000+ bytes with 2-, 3- and 4-byte characters and escapes at every offset
    const piece = 'é漢😀 "q" \\\n\tx ';
    const long = (k: number) => `${'x'.repeat(k)}${piece.repeat(9_000)}end ${k}`;
    const texts = [long(0), long(1), long(2), long(3)];
    const node = (id: string, parent: string | null, children: string[], role: string, text: string, t: number) => ({
      id,
      parent,
      children,
      message: { id, author: { role }, create_time: t, content: { content_type: 'text', parts: [text] }, metadata: {} },
    });
    const conversation = (i: number) => ({
      id: `conv-${i}`,
      title: `long ${i}`,
      create_time: 1716800000 + i,
      current_node: `a${i}`,
      mapping: { [`u${i}`]: node(`u${i}`, null, [`a${i}`], 'user', texts[i], 1716800000 + i), [`a${i}`]: node(`a${i}`, `u${i}`, [], 'assistant', `ok ${i}`, 1716800001 + i) },
    });
    const [src] = await parseText('conversations.json', JSON.stringify([0, 1, 2, 3].map(conversation)));
    expect(src.format).toBe('chatgpt');
    expect(src.conversations.map((c) => messagesOf(c)[0].text)).toEqual(texts);
    expect(Buffer.byteLength(texts[0])).toBeGreaterThan(2 * 64 * 1024);
  });
});

describe('bad input: one clear line naming the file and what is wrong', async () => {
  const cases: [string, string, RegExp][] = [
    ['truncated.json', '[{"title": "x", "mapping": {', /^truncated\.json: the file is cut off at byte 28 \(inside conversation 1\)$/],
    ['corrupt.json', '[{"title": "x",, "mapping": {}}]', /^corrupt\.json: not valid JSON near byte 32 \(inside conversation 1\): Unexpected COMMA/],
    ['other.json', '{"hello": "world"}', /^other\.json: unknown format: JSON, but not a ChatGPT, Claude/],
    ['notes.txt', 'just some notes\nwithout any structure', /^notes\.txt: unknown format: expected a JSON, JSONL, CSV, Markdown or HTML chat export$/],
    ['blank.json', '   \n  ', /^blank\.json: the file holds only whitespace$/],
    ['rows.jsonl', '{"speaker":"a","text":"hi","timestamp":"2024-01-01"}\n{"foo":1}\n', /^rows\.jsonl: line 2 is not a message/],
  ];
  for (const [name, text, expected] of cases) {
    it(`${name}`, async () => {
      const message = await parseError(name, text);
      expect(message).toMatch(expected);
      expect(message).not.toContain('\n');
    });
  }

  it('a LoCoMo session without a usable date names the field', async () => {
    const bad = JSON.parse(fs.readFileSync(fixture('locomo', 'mini.json'), 'utf8'));
    bad.session_2_date_time = 'sometime';
    expect(await parseError('locomo.json', JSON.stringify(bad))).toBe("locomo.json: session_2_date_time 'sometime' is not a date");
  });
});
