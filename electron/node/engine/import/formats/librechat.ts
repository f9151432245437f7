// LibreChat's per-conversation JSON export: `messages` (flat, each with `parentMessageId`) or
// `messagesTree` (the "recursive" option: each message with its `children`). With branches
// exported, the branch kept is the one ending at the newest message. Times are `createdAt`.
import { parseIsoWallClock } from '../../../../../shared/dates/wall-clock';
import { ConversationError, type ParsedConversation, type ParsedMessage, type ParsedPart } from '../parsed';
import { splitInlineReasoning } from '../text';
import { isObj, str, text, type Obj } from './shape';

export function looksLikeLibreChat(c: unknown): boolean {
  return isObj(c) && typeof c.conversationId === 'string' && (Array.isArray(c.messages) || Array.isArray(c.messagesTree));
}

function flatten(list: unknown[], out: Obj[] = []): Obj[] {
  for (const m of list) {
    if (!isObj(m)) continue;
    out.push(m);
    if (Array.isArray(m.children)) flatten(m.children, out);
  }
  return out;
}

const partText = (v: unknown) => (typeof v === 'string' ? v : isObj(v) ? (str(v.value) ?? '') : '');

export function libreChatConversation(conv: unknown): ParsedConversation | null {
  if (!isObj(conv)) throw new ConversationError('not a conversation object');
  const id = str(conv.conversationId);
  if (!id) throw new ConversationError('it has no conversationId');
  const all = flatten((conv.messagesTree ?? conv.messages) as unknown[]);
  const byId = new Map(all.map((m) => [str(m.messageId) ?? '', m]));
  const hasChild = new Set(all.map((m) => str(m.parentMessageId)));
  const leaves = all.filter((m) => !hasChild.has(str(m.messageId)));
  const when = (m: Obj) => Date.parse(str(m.createdAt) ?? '') || 0;
  const leaf = leaves.sort((a, b) => when(b) - when(a))[0];
  const warnings = leaves.length > 1 ? ['it has several branches: kept the branch that ends at the newest message'] : [];
  const path: Obj[] = [];
  const seen = new Set<string>();
  for (let m: Obj | undefined = leaf; m && !seen.has(str(m.messageId) ?? ''); m = byId.get(str(m.parentMessageId) ?? '')) {
    seen.add(str(m.messageId) ?? '');
    path.unshift(m);
  }
  const messages: ParsedMessage[] = [];
  for (const m of path) {
    const user = m.isCreatedByUser === true;
    const parts: ParsedPart[] = [];
    const said: string[] = [];
    const content = Array.isArray(m.content) ? m.content.filter(isObj) : [];
    if (content.length) {
      for (const c of content) {
        const type = str(c.type);
        if (type === 'text') said.push(partText(c.text));
        else if (type === 'think') parts.push({ kind: 'thinking', text: partText(c.think).trim() });
        else if (type === 'tool_call' && isObj(c.tool_call)) parts.push({ kind: 'tool', label: str(c.tool_call.name) ?? 'tool', text: [str(c.tool_call.args), str(c.tool_call.output)].filter(Boolean).join('\n\n') || undefined });
      }
    } else said.push(str(m.text) ?? '');
    const split = splitInlineReasoning(said.join('\n\n'));
    for (const t of split.thinking) parts.push({ kind: 'thinking', text: t });
    for (const f of Array.isArray(m.files) ? m.files.filter(isObj) : []) parts.push({ kind: 'attachment', label: str(f.filename) ?? str(f.file_id) ?? 'file' });
    if (!split.text && !parts.some((p) => p.kind === 'attachment')) continue;
    const created = str(m.createdAt);
    const time = created ? parseIsoWallClock(created) : null;
    if (!time) throw new ConversationError(`message ${str(m.messageId) ?? '?'}: createdAt ${created ? `'${created}' is not an ISO date` : 'is missing'}`);
    messages.push({
      externalId: str(m.messageId),
      speaker: user ? 'User' : (text(m.sender) ?? 'Assistant'),
      role: user ? 'user' : 'assistant',
      text: split.text,
      time,
      parts: parts.length ? parts : undefined,
    });
  }
  if (!messages.length) return null;
  return { family: 'librechat', externalId: id, title: str(conv.title)?.trim() || 'Untitled chat', messages, warnings };
}
