// A JSON export's list read item by item (import/json-stream.ts): each item cut out of the stream
// and read by JSON.parse, whatever the pieces the file arrives in; a broken item hands the rest to
// the streaming parser, which says what is wrong and where.
import { describe, expect, it } from 'vitest';
import { jsonItems } from '../../electron/node/engine/import/json-stream';

/**
 * The items of `text` read in pieces of `size` characters (0: in one piece), or the error. The
 * first piece reaches the list's bracket at least (the format is told from it, as parseInput does).
 */
async function read(text: string, size: number): Promise<{ items: unknown[]; error?: string }> {
  const headEnd = size ? Math.max(size, text.search(/\S/) + 1) : text.length;
  const pieces: string[] = [text.slice(0, headEnd)];
  for (let k = headEnd; k < text.length; k += size) pieces.push(text.slice(k, k + size));
  const position = { bytes: pieces[0].length };
  const rest = (async function* () {
    for (const p of pieces.slice(1)) {
      position.bytes += p.length;
      yield p;
    }
  })();
  const items: unknown[] = [];
  try {
    for await (const item of jsonItems('x.json', pieces[0], rest, position)) {
      expect(item.index).toBe(items.length);
      expect(item.container).toBe('list');
      items.push(item.value);
    }
    return { items };
  } catch (e) {
    return { items, error: (e as Error).message };
  }
}

describe('a JSON list read item by item', () => {
  const list = [
    { title: 'brackets ] } [ { and commas , in strings', mapping: { a: { parts: ['"quoted"', 'back\\slash\\', '\\"'] } } },
    [1, [2, [3]], {}],
    'a plain string, with a comma',
    null,
    -3.5e2,
    { emoji: '😀 naïve', empty: [] },
  ];
  const text = `  ${JSON.stringify(list, null, 1)}\n`;

  it('gives the same items in whatever pieces the file arrives', async () => {
    for (const size of [0, 1, 2, 5, 64]) expect(await read(text, size), `pieces of ${size}`).toEqual({ items: list });
    expect(await read('[]', 0)).toEqual({ items: [] });
    expect(await read('[ ]\n', 1)).toEqual({ items: [] });
  });

  it('a broken item is reported by the streaming parser, with the conversation it is in', async () => {
    expect((await read('[{"title": "x",, "mapping": {}}]', 0)).error).toBe('x.json: not valid JSON near byte 32 (inside conversation 1): Unexpected COMMA (",") in state KEY');
    // after items that were read: the parser continues from the broken one
    const trailing = await read('[{"a": 1}, {"b": 2},]', 3);
    expect(trailing.error).toMatch(/^x\.json: not valid JSON near byte 21 \(inside conversation 3\): Unexpected RIGHT_BRACKET/);
    expect(trailing.items).toEqual([{ a: 1 }, { b: 2 }]);
    // a brace closing the list, and text after it
    expect((await read('[{"a": 1}}, {"b": 2}]', 0)).error).toMatch(/inside conversation 2\): Unexpected RIGHT_BRACE/);
    expect((await read('[{"a": 1}] x', 0)).error).toMatch(/^x\.json: not valid JSON near byte 12 \(inside conversation 2\): Unexpected "x" in state ENDED$/);
    expect((await read('[{"a": 1}] x', 11)).error).toMatch(/^x\.json: unexpected text after the end of the JSON data, near byte 12/);
    // cut off, inside a string or between items
    expect((await read('[{"a": 1}, {"b": "tw', 4)).error).toBe('x.json: the file is cut off at byte 20 (inside conversation 2)');
    expect((await read('[{"a": 1},', 0)).error).toBe('x.json: the file is cut off at byte 10 (inside conversation 2)');
  });
});
