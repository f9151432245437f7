// Every export format Engram reads, from fixtures written in each format's real shape (see
// test/fixtures/formats/README.md): counts, order, times with their zone, speakers, titles, text,
// hidden parts, and what is skipped or decided. Tests run with TZ=UTC.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messagesOf, parseFixtureFile, parseText, type CollectedSource } from '../support/parse-input';
import { fixture } from '../support/temp-engine';

const read = async (file: string): Promise<CollectedSource> => {
  const [src] = await parseFixtureFile(fixture('formats', file));
  return src;
};
const rows = (src: CollectedSource, i = 0) => messagesOf(src.conversations[i]).map((m) => [m.externalId ?? null, m.speaker, m.role, m.time.local, m.time.offsetMin, m.text]);

describe('ChatGPT', () => {
  it('keeps the shown branch, turns citations into [n] references, keeps code and Unicode exact, tool turns as hidden parts', async () => {
    const src = await read('chatgpt-broken.json');
    expect(src.format).toBe('chatgpt');
    expect(src.conversations.map((c) => c.title)).toEqual(['Recette', 'Dangling current node', 'No current node']);
    const recette = messagesOf(src.conversations[0]);
    expect(recette.map((m) => [m.externalId, m.role, m.time.local])).toEqual([
      ['u1', 'user', '2024-06-10T06:13:30'],
      ['a1', 'assistant', '2024-06-10T06:13:40'],
      ['u2', 'user', '2024-06-10T06:15:00'],
      ['a2', 'assistant', '2024-06-10T06:15:10'],
    ]);
    expect(recette[0].text).toBe('Comment écrire une boucle en Python ? 🐍');
    expect(recette[1].text).toBe('Voici une boucle :\n\n```python\nfor i in range(3):\n    print("naïve → ✓", i)\n```\n\nC\'est tout. [1]');
    expect(recette[1].parts).toEqual([
      { kind: 'thinking', text: 'Planning\nThe user wants a loop; show range().' },
      { kind: 'reference', label: 'Python docs: range', url: 'https://docs.python.org/3/library/stdtypes.html#range', text: undefined },
    ]);
    expect(recette[2].parts).toEqual([{ kind: 'attachment', label: 'notes.txt' }]);
    // The python call and its output are kept, hidden, with the answer; an unexplained marker is removed.
    expect(recette[3].text).toBe('Le fichier contient « bonjour ».');
    expect(recette[3].parts!.map((p) => [p.kind, p.label, p.text])).toEqual([
      ['tool', 'python', "print(open('notes.txt').read())"],
      ['tool', 'python', 'bonjour'],
    ]);
  });

  it('skips a conversation without mapping (and says which), falls back to the newest leaf for a missing current_node, with a warning', async () => {
    const src = await read('chatgpt-broken.json');
    expect(src.skipped).toEqual([{ position: 2, id: 'cg-2', title: 'Broken: no mapping', reason: 'it has no mapping (its messages are missing from the export)' }]);
    const dangling = src.conversations[1];
    expect(dangling.warnings).toEqual(['its current_node gone is not in its mapping: kept the branch that ends at the newest message']);
    expect(rows(src, 1)).toEqual([
      ['q', 'User', 'user', '2024-06-12T13:46:50', 0, 'Quelle heure est-il à Tokyo ?'],
      ['r2', 'ChatGPT', 'assistant', '2024-06-12T13:48:10', 0, 'Réponse régénérée : 21 h.'],
    ]);
    // No current_node key at all: the newest leaf; the empty message is left out.
    expect(rows(src, 2)).toEqual([['e1', 'User', 'user', '2024-06-13T17:33:31', 0, 'Привет!']]);
  });

  it('reads one conversation saved on its own (browser extension)', async () => {
    const src = await read('chatgpt-single.json');
    expect(src.format).toBe('chatgpt');
    expect(src.conversations.map((c) => [c.externalId, messagesOf(c).length])).toEqual([['cg-1', 4]]);
  });
});

describe('Claude 2025 exports', () => {
  it('reads content blocks in order: thinking and tools hidden, placeholders dropped, attachments with extracted text', async () => {
    const src = await read('claude-2025.json');
    expect(src.format).toBe('claude');
    expect(rows(src)).toEqual([
      ['h1', 'User', 'user', '2025-05-01T10:00:01', 0, 'Sum the May column, please.'],
      ['h2', 'Claude', 'assistant', '2025-05-01T10:00:09', 0, 'The May total is 1,210.'],
    ]);
    const [h1, h2] = messagesOf(src.conversations[0]);
    expect(h1.parts).toEqual([
      { kind: 'attachment', label: 'budget.csv', text: 'item,may\nrent,900\nfood,310\n' },
      { kind: 'attachment', label: 'receipt.png' },
    ]);
    expect(h2.parts!.map((p) => [p.kind, p.label ?? null, p.text])).toEqual([
      ['thinking', null, 'rent 900 + food 310 = 1210'],
      ['tool', 'repl', '{\n  "code": "900+310"\n}'],
      ['tool', 'repl result', '1210'],
    ]);
    expect(src.skipped).toEqual([{ position: 2, id: 'cl-2', title: 'Broken dates', reason: "chat_messages[0].created_at 'yesterday' is not an ISO date" }]);
  });

  it('the text field alone (older exports) loses its placeholders', async () => {
    const conv = { uuid: 'x', name: 'Old', chat_messages: [{ uuid: 'm', sender: 'assistant', created_at: '2024-01-01T10:00:00+02:00', text: '```\nThis block is not supported on your current device yet.\n```\n\nDone.' }] };
    const [src] = await parseText('one.json', JSON.stringify(conv));
    expect(rows(src)).toEqual([['m', 'Claude', 'assistant', '2024-01-01T10:00:00', 120, 'Done.']]);
  });
});

describe('other assistants', () => {
  it('DeepSeek: the newest branch of the mapping, REQUEST/RESPONSE as turns, THINK hidden, its +08:00 wall clock', async () => {
    const src = await read('deepseek.json');
    expect(src.format).toBe('deepseek');
    expect(src.conversations[0].title).toBe('素数');
    expect(rows(src)).toEqual([
      ['1', 'User', 'user', '2025-03-30T04:49:37', 480, '什么是素数？'],
      ['2', 'DeepSeek', 'assistant', '2025-03-30T04:49:50', 480, '素数是只能被1和自身整除的大于1的整数。'],
    ]);
    expect(messagesOf(src.conversations[0])[1].parts).toEqual([{ kind: 'thinking', text: '用户问素数的定义。' }]);
    expect(src.conversations[0].warnings).toEqual(['it has no current_node and several branches: kept the branch that ends at the newest message']);
  });

  it('Open WebUI: currentId branch, reasoning hidden, attached file text, sources as references', async () => {
    const src = await read('openwebui.json');
    expect(src.format).toBe('openwebui');
    expect(rows(src)).toEqual([
      ['m1', 'User', 'user', '2025-04-13T20:52:37', 0, 'How deep should a raised bed be?'],
      ['m3', 'Llama 3', 'assistant', '2025-04-13T20:53:20', 0, 'At least 30 cm; 45 cm for carrots.'],
    ]);
    const [m1, m3] = messagesOf(src.conversations[0]);
    expect(m1.parts).toEqual([{ kind: 'attachment', label: 'bed-plan.txt', text: 'Bed: 120 x 240 cm, cedar boards' }]);
    expect(m3.parts).toEqual([
      { kind: 'thinking', text: 'Vegetables need root room.' },
      { kind: 'reference', label: 'Extension guide', url: 'https://example.org/raised-beds', text: undefined },
    ]);
  });

  it('LibreChat: flat and tree exports read the same, createdAt times, the newest branch, think parts', async () => {
    for (const file of ['librechat-flat.json', 'librechat-tree.json']) {
      const src = await read(file);
      expect(src.format, file).toBe('librechat');
      expect(src.conversations[0].title).toBe('Lisbon viewpoints');
      expect(rows(src), file).toEqual([
        ['l1', 'User', 'user', '2024-11-02T09:00:00', 0, 'Name three Lisbon viewpoints.'],
        ['l3', 'GPT-4o', 'assistant', '2024-11-02T09:01:00', 0, 'Senhora do Monte, Graça and Santa Luzia.'],
        ['l4', 'User', 'user', '2024-11-02T09:02:00', 0, 'Obrigado!'],
      ]);
      expect(messagesOf(src.conversations[0])[1].parts).toEqual([{ kind: 'thinking', text: 'Pick well-known miradouros.' }]);
    }
  });

  it('Grok: MongoDB-style times, thinking and search results, a broken conversation skipped', async () => {
    const src = await read('grok.json');
    expect(src.format).toBe('grok');
    expect(rows(src)).toEqual([
      ['r1', 'User', 'user', '2025-01-10T08:00:00', 0, 'Will it rain in Porto tomorrow?'],
      ['r2', 'Grok', 'assistant', '2025-01-10T08:00:10', 0, 'Likely: showers in the afternoon.'],
    ]);
    expect(messagesOf(src.conversations[0])[1].parts).toEqual([
      { kind: 'thinking', text: 'Check the forecast pattern.' },
      { kind: 'reference', label: 'IPMA forecast', url: 'https://example.org/ipma', text: 'Showers' },
    ]);
    expect(src.skipped).toEqual([{ position: 2, id: 'gk-2', title: 'Broken', reason: 'responses[0] has no readable create_time' }]);
  });

  it('chatbot-ui: no times in the export, so the file time, marked approximate, in order, positions as ids', async () => {
    const src = await read('chatbot-ui.json');
    expect(src.format).toBe('chatbot-ui');
    const msgs = messagesOf(src.conversations[0]);
    expect(msgs.map((m) => [m.externalId, m.role, m.time.local, m.timeApproximate])).toEqual([
      ['0', 'user', '2025-02-03T04:05:06', true],
      ['1', 'assistant', '2025-02-03T04:05:06', true],
      ['2', 'user', '2025-02-03T04:05:06', true],
    ]);
    expect(msgs[1].text).toBe('Steam curls from the cup\nquiet leaves unfold slowly\nmorning finds its voice');
  });

  it('SillyTavern JSONL: names as speakers, the shown swipe, system notes left out, reasoning hidden', async () => {
    const src = await read('sillytavern.jsonl');
    expect(src.format).toBe('sillytavern');
    expect(src.conversations[0]).toMatchObject({ externalId: 'st-0001', title: 'Captain Reyes · 2024-07-01@10h00m00s' });
    expect(rows(src)).toEqual([
      [null, 'Captain Reyes', 'assistant', '2024-07-01T10:00:00', 0, 'Welcome aboard. Where to?'],
      [null, 'Ana', 'user', '2024-07-01T10:00:30', 0, 'Set a course for the Azores.'],
      [null, 'Captain Reyes', 'assistant', '2024-07-01T10:01:00', 0, "Aye — three days' sail."],
    ]);
    expect(messagesOf(src.conversations[0])[2].parts).toEqual([{ kind: 'thinking', text: 'The Azores are ~1,500 km west.' }]);
  });

  it('Gemini Takeout JSON: one conversation per day, prompts and answers (regenerations joined) as Markdown, non-prompts counted', async () => {
    const src = await read('MyActivity.json');
    expect(src.format).toBe('gemini');
    expect(src.conversations.map((c) => c.title)).toEqual(['Gemini · 2025-04-28', 'Gemini · 2025-04-29']);
    expect(rows(src, 0)).toEqual([
      [null, 'User', 'user', '2025-04-28T09:00:00', 0, 'Wie sagt man danke auf Japanisch?'],
      [null, 'Gemini', 'assistant', '2025-04-28T09:00:00', 0, 'ありがとう (arigatō).\n\nHöflicher: ありがとうございます.'],
    ]);
    expect(messagesOf(src.conversations[0])[0].parts).toEqual([{ kind: 'attachment', label: 'photo.jpg' }]);
    expect(rows(src, 1)[1][5]).toBe('Plants turn **light**, water and CO₂ into sugar and oxygen.');
    expect(src.conversations[0].warnings).toEqual(['1 activity records that are not prompts (Canvas, feedback, settings) were left out']);
  });

  it('Gemini Takeout HTML: only Gemini cells, prompt, date and answer', async () => {
    const src = await read('MyActivity.html');
    expect(src.format).toBe('gemini');
    expect(rows(src)).toEqual([
      [null, 'User', 'user', '2025-04-29T13:21:11', 0, 'What is a haiku?'],
      [null, 'Gemini', 'assistant', '2025-04-29T13:21:11', 0, 'A short poem of **5-7-5** syllables.'],
    ]);
  });

  it('Markdown transcripts: User:/Assistant: lines and ## headings, code blocks untouched, approximate times', async () => {
    const src = await read('transcript.md');
    expect(src.format).toBe('markdown');
    expect(src.conversations[0].title).toBe('Sourdough rescue');
    expect(messagesOf(src.conversations[0]).map((m) => [m.role, m.text, m.timeApproximate])).toEqual([
      ['user', 'My starter smells like nail polish.', true],
      ['assistant', 'It is hungry. Feed it twice a day:\n\n```text\nUser: this line is inside a code block\n```', true],
      ['user', 'Should I keep the discard?', true],
      ['assistant', 'Yes — use it for crêpes.', true],
    ]);
  });
});

describe('errors that point at the problem', () => {
  it('a truncated JSON export says where it is cut off and in which conversation', async () => {
    const text = fs.readFileSync(fixture('formats', 'chatgpt-broken.json'), 'utf8');
    const cut = text.slice(0, text.indexOf('"Dangling current node"'));
    await expect(parseText('conversations.json', cut)).rejects.toThrow(`conversations.json: the file is cut off at byte ${Buffer.byteLength(cut).toLocaleString('en-US')} (inside conversation 3)`);
  });

  it('a JSONL whose last line is cut off says so, with the line number', async () => {
    const lines = fs.readFileSync(fixture('formats', 'sillytavern.jsonl'), 'utf8').trimEnd().split('\n');
    const cut = `${lines.slice(0, 4).join('\n')}\n${lines[4].slice(0, 40)}`;
    await expect(parseText('chat.jsonl', cut)).rejects.toThrow('chat.jsonl: the last line (line 5) is cut off');
    // A broken line in the middle is not "cut off".
    const broken = `${lines[0]}\n{"name": oops}\n${lines[1]}\n`;
    await expect(parseText('chat.jsonl', broken)).rejects.toThrow(/^chat\.jsonl: line 2 is not valid JSON/);
  });
});
