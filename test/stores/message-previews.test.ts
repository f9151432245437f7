// The Messages tab's pages carry a preview of each text (listMessages' textChars): a long text is
// cut, marked textCut, never inside a surrogate pair; without textChars, and in getMessage, every
// text is whole. A text query's page is cut the same way.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

describe('message previews', () => {
  it('cuts long texts to textChars and says so; whole texts otherwise', async () => {
    const dir = tempDir();
    const convs = JSON.parse(fs.readFileSync(fixture('chatgpt', 'conversations.json'), 'utf8')) as { mapping: Record<string, { message: { author: { role: string }; content: { parts: string[] } } | null }> }[];
    const turns = Object.values(convs[0].mapping).filter((n) => n.message?.author.role === 'assistant');
    // a long answer with an emoji (a surrogate pair) across the 10th and 11th characters
    const long = `Lisbon is😀 lovely in May. ${'The trams climb the hills of the old town. '.repeat(40)}`;
    turns[0].message!.content.parts = [long];
    const file = path.join(dir, 'conversations.json');
    fs.writeFileSync(file, JSON.stringify(convs));
    engine = await openEngine(path.join(dir, 'data'));
    expect((await importFiles(engine, file)).state).toBe('done');

    const whole = await engine.listMessages({ filter: {}, limit: 500 });
    const full = whole.rows.find((r) => r.text.startsWith('Lisbon is'))!;
    expect(full.text.trimEnd()).toBe(long.trimEnd());
    expect(whole.rows.some((r) => r.textCut)).toBe(false);

    const cut = await engine.listMessages({ filter: {}, limit: 500, textChars: 300 });
    const preview = cut.rows.find((r) => r.id === full.id)!;
    expect(preview.text).toBe(full.text.slice(0, 300));
    expect(preview.textCut).toBe(true);
    // short texts are as they were, unmarked
    for (const r of cut.rows.filter((r) => r.id !== full.id)) {
      expect(r.text).toBe(whole.rows.find((w) => w.id === r.id)!.text);
      expect(r.textCut).toBeUndefined();
    }
    // not inside the emoji's surrogate pair: cut before it
    const emoji = (await engine.listMessages({ filter: {}, limit: 500, textChars: 10 })).rows.find((r) => r.id === full.id)!;
    expect(emoji.text).toBe('Lisbon is');
    // a text query's page is cut too; the message itself is whole
    const searched = await engine.listMessages({ filter: { text: 'trams' }, textChars: 50 });
    expect(searched.rows.map((r) => r.id)).toContain(full.id);
    expect(searched.rows.find((r) => r.id === full.id)!.text).toHaveLength(50);
    expect((await engine.getMessage({ id: full.id }))!.message.text).toBe(full.text);
  });
});
