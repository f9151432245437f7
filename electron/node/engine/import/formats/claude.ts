// Claude export (`conversations.json`): a list of conversations with `chat_messages`.
import { parseIsoWallClock } from '../../../../../shared/dates/wall-clock';
import { ImportError, type ParsedConversation, type ParsedMessage, type ParsedSource } from '../parsed';
import { isObj, sampleAll, str, type Obj } from './shape';

export function looksLikeClaude(data: unknown): boolean {
  return sampleAll(data, (c) => Array.isArray(c.chat_messages) && ('uuid' in c || 'name' in c));
}

export function parseClaude(name: string, data: unknown): ParsedSource[] {
  const conversations: ParsedConversation[] = [];
  (data as Obj[]).forEach((conv, i) => {
    const where = `${name}: conversations[${i}]`;
    const convId = str(conv.uuid);
    if (!convId) throw new ImportError(`${where}.uuid is missing`);
    const messages: ParsedMessage[] = [];
    (conv.chat_messages as unknown[]).forEach((m, j) => {
      if (!isObj(m)) return;
      const sender = str(m.sender);
      if (sender !== 'human' && sender !== 'assistant') return;
      const text = textOf(m);
      if (!text) return;
      const created = str(m.created_at);
      const time = created ? parseIsoWallClock(created) : null;
      if (!time) throw new ImportError(`${where}.chat_messages[${j}].created_at ${created ? `'${created}' is not an ISO date` : 'is missing'}`);
      messages.push({
        externalId: str(m.uuid),
        speaker: sender === 'human' ? 'User' : 'Claude',
        role: sender === 'human' ? 'user' : 'assistant',
        text,
        time,
      });
    });
    if (messages.length) {
      conversations.push({ family: 'claude', externalId: convId, title: str(conv.name)?.trim() || 'Untitled chat', messages });
    }
  });
  return [{ format: 'claude', name, conversations }];
}

/** Newer exports put the text in `content` blocks and may leave `text` empty. */
function textOf(m: Obj): string {
  const direct = str(m.text)?.trim();
  if (direct) return direct;
  if (!Array.isArray(m.content)) return '';
  return m.content
    .map((b) => (isObj(b) && b.type === 'text' && typeof b.text === 'string' ? b.text : ''))
    .filter(Boolean)
    .join('\n')
    .trim();
}
