// Claude export (`conversations.json`: a list of conversations with `chat_messages`), or one
// conversation saved on its own.
//
// Newer exports give each message as typed `content` blocks; the `text` field then holds the
// thinking trace and placeholders ("This block is not supported…") mixed into the answer, so
// the blocks are read in order: text blocks are the words, thinking and tool calls/results
// become hidden parts, placeholders are dropped. Attachments keep their name and extracted text.
import { parseIsoWallClock } from '../../../../../shared/dates/wall-clock';
import { ConversationError, type ParsedConversation, type ParsedMessage, type ParsedPart } from '../parsed';
import { References, withoutPlaceholders } from '../text';
import { isObj, roleOfName, str, text, type Obj } from './shape';

export function looksLikeClaude(c: unknown): boolean {
  return isObj(c) && Array.isArray(c.chat_messages) && ('uuid' in c || 'name' in c);
}

export function claudeConversation(conv: unknown): ParsedConversation | null {
  if (!isObj(conv)) throw new ConversationError('not a conversation object');
  const convId = str(conv.uuid) ?? str(conv.conversation_uuid);
  if (!convId) throw new ConversationError('it has no uuid');
  if (!Array.isArray(conv.chat_messages)) throw new ConversationError('it has no chat_messages');
  const messages: ParsedMessage[] = [];
  // Parts of a turn that said nothing (a tool-only step) go with the next turn of the same side.
  let carried: { role: string; parts: ParsedPart[] } | null = null;
  conv.chat_messages.forEach((m, j) => {
    if (!isObj(m)) return;
    const sender = str(m.sender) ?? 'unknown';
    const role = sender === 'human' ? 'user' : roleOfName(sender);
    const { body, parts } = readMessage(m);
    if (carried?.role === role) parts.unshift(...carried.parts);
    carried = null;
    if (!body && !parts.some((p) => p.kind === 'attachment')) {
      if (parts.length) carried = { role, parts };
      return;
    }
    const created = str(m.created_at);
    const time = created ? parseIsoWallClock(created) : null;
    if (!time) throw new ConversationError(`chat_messages[${j}].created_at ${created ? `'${created}' is not an ISO date` : 'is missing'}`);
    messages.push({
      externalId: str(m.uuid),
      speaker: role === 'user' ? 'User' : role === 'assistant' ? 'Claude' : sender,
      role,
      text: body,
      time,
      parts: parts.length ? parts : undefined,
    });
  });
  if (!messages.length) return null;
  return { family: 'claude', externalId: convId, title: (str(conv.name) ?? str(conv.snapshot_name))?.trim() || 'Untitled chat', messages };
}

function readMessage(m: Obj): { body: string; parts: ParsedPart[] } {
  const parts: ParsedPart[] = [];
  const said: string[] = [];
  const refs = new References();
  const blocks = Array.isArray(m.content) ? m.content.filter(isObj) : [];
  if (blocks.length) {
    for (const b of blocks) {
      const type = str(b.type);
      if (type === 'text' && typeof b.text === 'string') {
        const t = withoutPlaceholders(b.text);
        if (t) said.push(t);
        for (const c of Array.isArray(b.citations) ? b.citations.filter(isObj) : []) {
          const details = isObj(c.details) ? c.details : c;
          refs.number(str(details.title) ?? str(c.title), str(details.url) ?? str(c.url));
        }
      } else if (type === 'thinking') {
        const t = text(b.thinking) ?? text(b.text);
        if (t) parts.push({ kind: 'thinking', text: t.trim() });
      } else if (type === 'tool_use') {
        parts.push({ kind: 'tool', label: str(b.name) ?? 'tool', text: b.input === undefined ? undefined : JSON.stringify(b.input, null, 2) });
      } else if (type === 'tool_result') {
        const content = Array.isArray(b.content) ? b.content.filter(isObj).map((x) => str(x.text) ?? '').filter(Boolean).join('\n') : str(b.content);
        parts.push({ kind: 'tool', label: str(b.name) ? `${str(b.name)} result` : 'tool result', text: content || undefined });
      }
    }
  } else if (typeof m.text === 'string') {
    const t = withoutPlaceholders(m.text);
    if (t) said.push(t);
  }
  for (const a of Array.isArray(m.attachments) ? m.attachments.filter(isObj) : []) {
    parts.push({ kind: 'attachment', label: str(a.file_name) ?? 'attachment', text: text(a.extracted_content) });
  }
  const named = new Set(parts.filter((p) => p.kind === 'attachment').map((p) => p.label));
  for (const f of [...(Array.isArray(m.files) ? m.files : []), ...(Array.isArray(m.files_v2) ? m.files_v2 : [])].filter(isObj)) {
    const name = str(f.file_name);
    if (name && !named.has(name)) {
      named.add(name);
      parts.push({ kind: 'attachment', label: name });
    }
  }
  parts.push(...refs.parts);
  return { body: said.join('\n\n').trim(), parts };
}
