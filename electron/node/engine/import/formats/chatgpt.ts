// ChatGPT export (`conversations.json`, also inside the export .zip).
//
// Each conversation is a tree of nodes (`mapping`) because edits and regenerations branch;
// the branch the person saw ends at `current_node`, so we walk parents from there to the root.
import type { Role } from '../../../../../shared/types';
import { wallClockOfEpochMs, type WallClock } from '../../../../../shared/dates/wall-clock';
import { ImportError, type ParsedConversation, type ParsedMessage, type ParsedSource } from '../parsed';
import { isObj, num, sampleAll, str, type Obj } from './shape';

export function looksLikeChatGpt(data: unknown): boolean {
  return sampleAll(data, (c) => isObj(c.mapping) && 'current_node' in c);
}

const SPEAKERS: Record<string, string> = { user: 'User', assistant: 'ChatGPT' };

export function parseChatGpt(name: string, data: unknown): ParsedSource[] {
  const list = data as Obj[];
  const conversations: ParsedConversation[] = [];
  list.forEach((conv, i) => {
    const where = `${name}: conversations[${i}]`;
    const mapping = conv.mapping as Record<string, Obj>;
    const convId = str(conv.conversation_id) ?? str(conv.id);
    if (!convId) throw new ImportError(`${where}.id is missing`);
    const convTime = num(conv.create_time);
    const path = branchToCurrent(mapping, str(conv.current_node), where);
    const messages: ParsedMessage[] = [];
    let lastTime: WallClock | null = convTime !== undefined ? wallClockOfEpochMs(convTime * 1000) : null;
    for (const node of path) {
      const msg = node.message;
      if (!isObj(msg)) continue;
      const author = isObj(msg.author) ? msg.author : {};
      const role = str(author.role);
      if (role !== 'user' && role !== 'assistant') continue; // system and tool nodes are plumbing
      const meta = isObj(msg.metadata) ? msg.metadata : {};
      if (meta.is_visually_hidden_from_conversation === true) continue;
      const recipient = str(msg.recipient);
      if (recipient && recipient !== 'all') continue; // assistant calls to tools
      const text = textOf(msg.content);
      if (!text) continue;
      const t = num(msg.create_time);
      const time = t !== undefined ? wallClockOfEpochMs(t * 1000) : lastTime;
      if (!time) throw new ImportError(`${where}: message ${str(msg.id) ?? '?'} has no create_time and the conversation has none either`);
      lastTime = time;
      messages.push({
        externalId: str(msg.id) ?? str(node.id),
        speaker: SPEAKERS[role],
        role: role as Role,
        text,
        time,
      });
    }
    if (messages.length) {
      conversations.push({ family: 'chatgpt', externalId: convId, title: str(conv.title)?.trim() || 'Untitled chat', messages });
    }
  });
  return [{ format: 'chatgpt', name, conversations }];
}

function branchToCurrent(mapping: Record<string, Obj>, current: string | undefined, where: string): Obj[] {
  let id = current ?? newestLeaf(mapping);
  const path: Obj[] = [];
  const seen = new Set<string>();
  while (id) {
    if (seen.has(id)) throw new ImportError(`${where}.mapping has a cycle at node ${id}`);
    seen.add(id);
    const node = mapping[id];
    if (!isObj(node)) break;
    path.push(node);
    id = str(node.parent) ?? '';
  }
  return path.reverse();
}

/** Older exports lack current_node: take the leaf with the latest message. */
function newestLeaf(mapping: Record<string, Obj>): string | undefined {
  let best: [string, number] | undefined;
  for (const [id, node] of Object.entries(mapping)) {
    if (Array.isArray(node.children) && node.children.length) continue;
    const t = isObj(node.message) ? (num(node.message.create_time) ?? 0) : 0;
    if (!best || t > best[1]) best = [id, t];
  }
  return best?.[0];
}

function textOf(content: unknown): string {
  if (!isObj(content)) return '';
  const type = str(content.content_type);
  // Reasoning traces and tool payloads are not what the person read.
  if (type && !['text', 'multimodal_text'].includes(type)) return '';
  const parts = Array.isArray(content.parts) ? content.parts : [];
  return parts
    .map((p) => (typeof p === 'string' ? p : isObj(p) && typeof p.text === 'string' ? p.text : ''))
    .filter((p) => p.trim())
    .join('\n')
    .trim();
}
