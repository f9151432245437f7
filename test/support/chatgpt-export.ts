import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../electron/node/engine/engine';
import { importFiles, openEngine, tempDir } from './temp-engine';

// A ChatGPT `conversations.json` conversation for tests: one linear branch of [role, text] turns,
// a minute apart from `start` (Unix seconds).
export function chatGptConversation(id: string, title: string, start: number, turns: [string, string][]) {
  const mapping: Record<string, unknown> = {};
  let parent: string | null = null;
  turns.forEach(([role, text], i) => {
    const node = `${id}-n${i}`;
    mapping[node] = {
      id: node,
      parent,
      children: i + 1 < turns.length ? [`${id}-n${i + 1}`] : [],
      message: { id: node, author: { role }, create_time: start + i * 60, content: { content_type: 'text', parts: [text] } },
    };
    parent = node;
  });
  return { id, title, create_time: start, update_time: start + turns.length * 60, mapping, current_node: parent };
}

/** A fresh memory with these conversations imported as one ChatGPT export (no automatic graph). */
export async function engineOnChatGptExport(prefix: string, conversations: unknown[]): Promise<Engine> {
  const dir = tempDir(prefix);
  const file = path.join(dir, 'conversations.json');
  fs.writeFileSync(file, JSON.stringify(conversations));
  const engine = await openEngine(path.join(dir, 'data'), { withoutOntology: false, autoGraph: false });
  await importFiles(engine, file);
  return engine;
}
