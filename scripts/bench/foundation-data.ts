// Generated data for the foundation and scale benchmarks.
import fs from 'node:fs';

export const WORDS = 'time trip lisbon garden tomato coffee run marathon gym dentist sister birthday pottery concert ticket train budget book novel recipe dinner rain weather plant dog walk work meeting deadline project family weekend'.split(' ');

function sentence(i: number, n: number): string {
  const words: string[] = [];
  for (let k = 0; k < n; k++) words.push(WORDS[(i * 31 + k * 17 + ((i >> 3) % 7)) % WORDS.length]);
  return `${words.join(' ')}.`;
}

const PER_CONVERSATION = 50;

/** One conversation of the export (c-th), alternating user/assistant turns along one branch; `t` is the clock in seconds. */
function conversation(c: number, count: number, clock: { t: number }): Record<string, unknown> {
  const mapping: Record<string, unknown> = { root: { id: 'root', message: null, parent: null, children: [`c${c}m0`] } };
  for (let m = 0; m < count; m++) {
    const id = `c${c}m${m}`;
    clock.t += m % 10 === 9 ? 3 * 3600 : 45; // a session every ten messages
    mapping[id] = {
      id,
      parent: m === 0 ? 'root' : `c${c}m${m - 1}`,
      children: m + 1 < count ? [`c${c}m${m + 1}`] : [],
      message: {
        id,
        author: { role: m % 2 ? 'assistant' : 'user', name: null, metadata: {} },
        create_time: clock.t,
        content: { content_type: 'text', parts: [sentence(c * PER_CONVERSATION + m, 12 + (m % 3) * 10)] },
        metadata: {},
        recipient: 'all',
      },
    };
  }
  return { title: `Chat ${c}`, create_time: clock.t, mapping, current_node: `c${c}m${count - 1}`, id: `conv-${c}` };
}

/** A ChatGPT export: conversations of alternating user/assistant turns along one branch. */
export function chatGptExport(messages: number): string {
  const conversations = [];
  const clock = { t: Date.UTC(2023, 0, 1) / 1000 };
  for (let c = 0; c * PER_CONVERSATION < messages; c++) conversations.push(conversation(c, Math.min(PER_CONVERSATION, messages - c * PER_CONVERSATION), clock));
  return JSON.stringify(conversations);
}

/** The same export written to a file conversation by conversation (a million messages never exist as one string). */
export async function writeChatGptExport(file: string, messages: number): Promise<void> {
  const out = fs.createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  const clock = { t: Date.UTC(2023, 0, 1) / 1000 };
  await write('[');
  for (let c = 0; c * PER_CONVERSATION < messages; c++) {
    await write(`${c ? ',' : ''}${JSON.stringify(conversation(c, Math.min(PER_CONVERSATION, messages - c * PER_CONVERSATION), clock))}`);
  }
  await write(']');
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}
