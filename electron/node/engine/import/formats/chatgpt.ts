// ChatGPT export (`conversations.json`, also inside the export .zip, or one conversation saved
// by a browser extension), and DeepSeek's export, which uses the same `mapping` tree.
//
// Each conversation is a tree of nodes (`mapping`) because edits and regenerations branch;
// the branch the person saw ends at `current_node`, so we walk parents from there to the root.
// Without a usable `current_node` (DeepSeek, older exports, or one that names a missing node),
// the branch ending at the newest leaf is taken, and a warning says so where there was a choice.
import { parseDateValue } from '../parse-date';
import { wallClockOfEpochMs, type WallClock } from '../../../../../shared/dates/wall-clock';
import { ConversationError, type ParsedConversation, type ParsedMessage, type ParsedPart } from '../parsed';
import { References, resolveChatGptCitations, splitInlineReasoning } from '../text';
import { isObj, num, str, text, type Obj } from './shape';

export function looksLikeChatGpt(c: unknown): boolean {
  return isObj(c) && isObj(c.mapping) && !('inserted_at' in c) && ('current_node' in c || 'create_time' in c || 'title' in c);
}

export function looksLikeDeepSeek(c: unknown): boolean {
  return isObj(c) && isObj(c.mapping) && 'inserted_at' in c;
}

const SPEAKERS: Record<string, string> = { user: 'User', assistant: 'ChatGPT' };

/** One ChatGPT conversation; throws ConversationError when it cannot be read. */
export function chatGptConversation(conv: unknown): ParsedConversation | null {
  if (!isObj(conv)) throw new ConversationError('not a conversation object');
  const convId = str(conv.conversation_id) ?? str(conv.id);
  if (!isObj(conv.mapping)) throw new ConversationError('it has no mapping (its messages are missing from the export)');
  if (!convId) throw new ConversationError('it has no id');
  const mapping = conv.mapping as Record<string, Obj>;
  const warnings: string[] = [];
  const path = branchOf(mapping, conv.current_node, warnings, (n) => num(isObj(n.message) ? n.message.create_time : undefined));
  const convTime = num(conv.create_time);
  let lastTime: WallClock | null = convTime !== undefined ? wallClockOfEpochMs(convTime * 1000) : null;
  const messages: ParsedMessage[] = [];
  // Thinking, tool calls and their results come before the answer they lead to.
  let carried: ParsedPart[] = [];
  for (const node of path) {
    const msg = node.message;
    if (!isObj(msg)) continue;
    const author = isObj(msg.author) ? msg.author : {};
    const role = str(author.role);
    const meta = isObj(msg.metadata) ? msg.metadata : {};
    const content = isObj(msg.content) ? msg.content : {};
    const type = str(content.content_type) ?? 'text';
    const t = num(msg.create_time);
    const time = t !== undefined ? wallClockOfEpochMs(t * 1000) : lastTime;
    if (role === 'system' || meta.is_visually_hidden_from_conversation === true) continue;
    const recipient = str(msg.recipient);
    if (role === 'tool' || (role === 'assistant' && recipient && recipient !== 'all')) {
      const body = partsText(content);
      if (body) carried.push({ kind: 'tool', label: str(author.name) ?? recipient ?? type, text: body });
      continue;
    }
    if (role !== 'user' && role !== 'assistant') continue;
    if (type === 'thoughts') {
      const thoughts = Array.isArray(content.thoughts) ? content.thoughts.filter(isObj) : [];
      const body = thoughts.map((x) => [str(x.summary), str(x.content)].filter(Boolean).join('\n')).join('\n\n').trim();
      if (body) carried.push({ kind: 'thinking', text: body });
      continue;
    }
    if (!['text', 'multimodal_text', 'code'].includes(type)) continue; // recaps, custom instructions, browsing displays
    const parts: ParsedPart[] = [...carried];
    let body = partsText(content);
    for (const a of Array.isArray(meta.attachments) ? meta.attachments.filter(isObj) : []) {
      parts.push({ kind: 'attachment', label: str(a.name) ?? str(a.id) ?? 'attachment' });
    }
    for (const p of Array.isArray(content.parts) ? content.parts.filter(isObj) : []) {
      if (str(p.content_type) === 'image_asset_pointer') parts.push({ kind: 'attachment', label: `image ${str(p.asset_pointer)?.replace(/^.*:\/\//, '') ?? ''}`.trim() });
    }
    const split = splitInlineReasoning(body);
    body = split.text;
    for (const th of split.thinking) parts.push({ kind: 'thinking', text: th });
    const refs = new References();
    body = resolveChatGptCitations(body, meta, refs);
    parts.push(...refs.parts);
    if (!body && !parts.some((p) => p.kind === 'attachment')) continue;
    carried = [];
    if (!time) throw new ConversationError(`message ${str(msg.id) ?? '?'} has no create_time and the conversation has none either`);
    lastTime = time;
    messages.push({ externalId: str(msg.id) ?? str(node.id), speaker: SPEAKERS[role], role, text: body, time, parts: parts.length ? parts : undefined });
  }
  if (!messages.length) return null;
  return { family: 'chatgpt', externalId: convId, title: str(conv.title)?.trim() || 'Untitled chat', messages, warnings };
}

/** One DeepSeek conversation: `fragments` of REQUEST (the person), THINK and RESPONSE (the model). */
export function deepSeekConversation(conv: unknown): ParsedConversation | null {
  if (!isObj(conv)) throw new ConversationError('not a conversation object');
  const convId = str(conv.id);
  if (!isObj(conv.mapping)) throw new ConversationError('it has no mapping (its messages are missing from the export)');
  if (!convId) throw new ConversationError('it has no id');
  const mapping = conv.mapping as Record<string, Obj>;
  const timeOf = (m: Obj) => parseDateValue(m.inserted_at);
  const warnings: string[] = [];
  const path = branchOf(mapping, conv.current_node, warnings, (n) => {
    const t = isObj(n.message) ? timeOf(n.message) : null;
    return t ? Date.parse(`${t.local}Z`) - (t.offsetMin ?? 0) * 60_000 : undefined;
  });
  const messages: ParsedMessage[] = [];
  for (const node of path) {
    const msg = node.message;
    if (!isObj(msg)) continue;
    const fragments = Array.isArray(msg.fragments) ? msg.fragments.filter(isObj) : [];
    const parts: ParsedPart[] = [];
    const refs = new References();
    let role: 'user' | 'assistant' | null = null;
    const said: string[] = [];
    for (const f of fragments) {
      const kind = str(f.type)?.toUpperCase();
      const content = str(f.content) ?? '';
      if (kind === 'REQUEST') {
        role = 'user';
        said.push(content);
      } else if (kind === 'RESPONSE') {
        role = 'assistant';
        said.push(content);
      } else if (kind === 'THINK') {
        if (content.trim()) parts.push({ kind: 'thinking', text: content.trim() });
      } else if (kind === 'SEARCH') {
        for (const r of Array.isArray(f.results) ? f.results.filter(isObj) : []) refs.number(str(r.title), str(r.url), str(r.snippet));
      }
    }
    for (const file of Array.isArray(msg.files) ? msg.files.filter(isObj) : []) {
      parts.push({ kind: 'attachment', label: str(file.file_name) ?? str(file.name) ?? 'file', text: text(file.content) });
    }
    parts.push(...refs.parts);
    if (!role) continue;
    const body = said.join('\n\n').trim();
    if (!body && !parts.some((p) => p.kind === 'attachment')) continue;
    const time = timeOf(msg);
    if (!time) throw new ConversationError(`message ${str(node.id) ?? '?'} has no readable inserted_at`);
    messages.push({ externalId: str(node.id), speaker: role === 'user' ? 'User' : 'DeepSeek', role, text: body, time, parts: parts.length ? parts : undefined });
  }
  if (!messages.length) return null;
  return { family: 'deepseek', externalId: convId, title: str(conv.title)?.trim() || 'Untitled chat', messages, warnings };
}

/**
 * The nodes from the root to the end of the branch the person saw: `current_node` when it is in
 * the mapping, else the newest leaf (by `timeOf`).
 */
export function branchOf(mapping: Record<string, Obj>, current: unknown, warnings: string[], timeOf: (n: Obj) => number | undefined): Obj[] {
  let id = str(current);
  if (id !== undefined && !isObj(mapping[id])) {
    warnings.push(`its current_node ${id} is not in its mapping: kept the branch that ends at the newest message`);
    id = undefined;
  }
  if (id === undefined) {
    const leaves = Object.entries(mapping).filter(([, n]) => isObj(n) && !(Array.isArray(n.children) && n.children.some((c) => typeof c === 'string' && isObj(mapping[c]))));
    if (current === undefined && leaves.length > 1) warnings.push('it has no current_node and several branches: kept the branch that ends at the newest message');
    let best: [string, number] | undefined;
    for (const [leaf, node] of leaves) {
      const t = timeOf(node) ?? -Infinity;
      if (!best || t > best[1]) best = [leaf, t];
    }
    id = best?.[0];
  }
  const path: Obj[] = [];
  const seen = new Set<string>();
  while (id) {
    if (seen.has(id)) throw new ConversationError(`its mapping has a cycle at node ${id}`);
    seen.add(id);
    const node = mapping[id];
    if (!isObj(node)) break;
    path.push({ ...node, id: str(node.id) ?? id });
    id = str(node.parent) ?? '';
  }
  return path.reverse();
}

/** The readable text of a message's content: its parts (strings, or objects with text), or its code. */
function partsText(content: Obj): string {
  if (typeof content.text === 'string' && !Array.isArray(content.parts)) return content.text.trim();
  const parts = Array.isArray(content.parts) ? content.parts : [];
  return parts
    .map((p) => (typeof p === 'string' ? p : isObj(p) && typeof p.text === 'string' ? p.text : ''))
    .filter((p) => p.trim())
    .join('\n\n')
    .trim();
}
