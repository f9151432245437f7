// Writes a realistic ChatGPT `conversations.json` of a given size to a file, streamed (a 1 GB
// export never exists as one string). The shape follows real exports: a hidden system root,
// nodes with the full metadata block, edits (a second branch; `current_node` names the one
// kept), long assistant answers with code blocks and Unicode, citation markers with their
// `content_references`, tool calls and their outputs, and a few conversations without a
// `current_node`. Deterministic for a given size.
import fs from 'node:fs';
import { WORDS } from './foundation-data';

const EXTRA = 'über café naïve 東京 мир ✓ → 𝛼'.split(' ');

function words(seed: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const i = (seed * 31 + k * 17 + ((seed >> 3) % 7)) % (WORDS.length + EXTRA.length);
    out.push(i < WORDS.length ? WORDS[i] : EXTRA[i - WORDS.length]);
  }
  return out.join(' ');
}

const uuid = (a: number, b: number) => `${(a >>> 0).toString(16).padStart(8, '0')}-${(b & 0xffff).toString(16).padStart(4, '0')}-4000-8000-${(a * 7919 + b).toString(16).padStart(12, '0').slice(-12)}`;

interface Stats {
  bytes: number;
  conversations: number;
  /** Messages on the kept branches: what an import must store. */
  messages: number;
}

function node(id: string, parent: string | null, children: string[], message: Record<string, unknown> | null): Record<string, unknown> {
  return { id, message, parent, children };
}

function message(id: string, role: string, t: number | null, parts: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    author: { role, name: role === 'tool' ? 'python' : null, metadata: {} },
    create_time: t,
    update_time: null,
    content: { content_type: 'text', parts },
    status: 'finished_successfully',
    end_turn: role === 'assistant' ? true : null,
    weight: 1.0,
    metadata: {
      finish_details: role === 'assistant' ? { type: 'stop', stop_tokens: [200002] } : undefined,
      is_complete: true,
      citations: [],
      content_references: [],
      message_type: null,
      model_slug: 'gpt-4o',
      default_model_slug: 'auto',
      parent_id: null,
      request_id: `${id.slice(0, 8)}-req`,
      timestamp_: 'absolute',
    },
    recipient: 'all',
    channel: null,
    ...extra,
  };
}

/** One conversation of `turns` user/assistant pairs; returns its JSON and its kept-branch message count. */
function conversation(c: number, turns: number, start: number): { json: string; messages: number; end: number } {
  const mapping: Record<string, unknown> = {};
  const root = uuid(c, 0);
  const sys = uuid(c, 1);
  mapping[root] = node(root, null, [sys], null);
  let t = start;
  let parent = sys;
  let kept = 0;
  const sysMsg = message(sys, 'system', null, ['']);
  (sysMsg.metadata as Record<string, unknown>).is_visually_hidden_from_conversation = true;
  mapping[sys] = node(sys, root, [], sysMsg);
  for (let k = 0; k < turns; k++) {
    const u = uuid(c, 10 + k * 4);
    const a = uuid(c, 11 + k * 4);
    t += k % 12 === 11 ? 5 * 3600 : 40 + (k % 5) * 13;
    const seed = c * 997 + k;
    // Every seventh conversation's second question was edited: the first version stays in the tree.
    if (k === 1 && c % 7 === 0) {
      const old = uuid(c, 9);
      mapping[old] = node(old, parent, [], message(old, 'user', t - 20, [`${words(seed + 1, 14)}?`]));
      (mapping[parent] as { children: string[] }).children.push(old);
    }
    mapping[u] = node(u, parent, [a], message(u, 'user', t, [`${words(seed, 12 + (k % 4) * 9)}?`]));
    (mapping[parent] as { children: string[] }).children.push(u);
    const cite = k % 9 === 4;
    const answer =
      `${words(seed + 3, 60 + (seed % 5) * 40)}.\n\n` +
      (k % 3 === 0 ? '```python\nfor i in range(3):\n    print("é → ✓", i)\n```\n\n' : '') +
      `${words(seed + 5, 40 + (seed % 3) * 30)}.${cite ? ' 【3:0†source】' : ''}`;
    const meta = cite
      ? {
          content_references: [
            { matched_text: '【3:0†source】', start_idx: answer.length - 12, end_idx: answer.length, type: 'grouped_webpages', items: [{ title: `Source ${seed}`, url: `https://example.org/${seed}`, attribution: 'example.org' }], alt: null },
          ],
        }
      : {};
    const aMsg = message(a, 'assistant', t + 9, [answer]);
    Object.assign(aMsg.metadata as object, meta);
    mapping[a] = node(a, u, [], aMsg);
    kept += 2;
    parent = a;
    t += 9;
  }
  const withCurrent = c % 23 !== 5;
  const conv: Record<string, unknown> = {
    title: `${words(c, 3)} ${c}`,
    create_time: start,
    update_time: t,
    mapping,
    moderation_results: [],
    ...(withCurrent ? { current_node: parent } : {}),
    plugin_ids: null,
    conversation_id: uuid(c, 99999),
    conversation_template_id: null,
    gizmo_id: null,
    is_archived: false,
    safe_urls: [],
    default_model_slug: 'auto',
    id: uuid(c, 99999),
  };
  return { json: JSON.stringify(conv), messages: kept, end: t };
}

/** Writes an export of at least `targetBytes` to `file`; returns what it holds. */
export async function writeChatGptExport(file: string, targetBytes: number): Promise<Stats> {
  const out = fs.createWriteStream(file);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  let bytes = 1;
  let messages = 0;
  let c = 0;
  let t = Date.UTC(2023, 0, 1) / 1000;
  await write('[');
  while (bytes < targetBytes) {
    const conv = conversation(c, 4 + (c % 9) * 3, t);
    const piece = (c ? ',' : '') + conv.json;
    bytes += Buffer.byteLength(piece);
    messages += conv.messages;
    t = conv.end + 3600 * (1 + (c % 30));
    c++;
    await write(piece);
  }
  await write(']');
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { bytes: bytes + 1, conversations: c, messages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, mb] = process.argv.slice(2);
  const stats = await writeChatGptExport(file, Number(mb) * 1e6);
  console.log(JSON.stringify(stats));
}
