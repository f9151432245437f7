// Generated data for the foundation benchmark.

export const WORDS = 'time trip lisbon garden tomato coffee run marathon gym dentist sister birthday pottery concert ticket train budget book novel recipe dinner rain weather plant dog walk work meeting deadline project family weekend'.split(' ');

function sentence(i: number, n: number): string {
  const words: string[] = [];
  for (let k = 0; k < n; k++) words.push(WORDS[(i * 31 + k * 17 + ((i >> 3) % 7)) % WORDS.length]);
  return `${words.join(' ')}.`;
}

/** A ChatGPT export: conversations of alternating user/assistant turns along one branch. */
export function chatGptExport(messages: number): string {
  const conversations = [];
  const perConversation = 50;
  let t = Date.UTC(2023, 0, 1) / 1000;
  for (let c = 0; c * perConversation < messages; c++) {
    const mapping: Record<string, unknown> = { root: { id: 'root', message: null, parent: null, children: [`c${c}m0`] } };
    const count = Math.min(perConversation, messages - c * perConversation);
    for (let m = 0; m < count; m++) {
      const id = `c${c}m${m}`;
      t += m % 10 === 9 ? 3 * 3600 : 45; // a session every ten messages
      mapping[id] = {
        id,
        parent: m === 0 ? 'root' : `c${c}m${m - 1}`,
        children: m + 1 < count ? [`c${c}m${m + 1}`] : [],
        message: {
          id,
          author: { role: m % 2 ? 'assistant' : 'user', name: null, metadata: {} },
          create_time: t,
          content: { content_type: 'text', parts: [sentence(c * perConversation + m, 12 + (m % 3) * 10)] },
          metadata: {},
          recipient: 'all',
        },
      };
    }
    conversations.push({ title: `Chat ${c}`, create_time: t, mapping, current_node: `c${c}m${count - 1}`, id: `conv-${c}` });
  }
  return JSON.stringify(conversations);
}

