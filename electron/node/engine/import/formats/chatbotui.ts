// chatbot-ui (mckaywrigley) history export: `{ version, history: [{ id, name, messages: [{ role,
// content }], model, prompt, folderId }], folders, prompts }`, or the first version's bare list.
// It keeps no times: every message gets the file's time, marked approximate, and its position
// in the chat as its id, so a later export adds only the new turns.
import { wallClockOfDate } from '../../../../../shared/dates/wall-clock';
import { ConversationError, type ParsedConversation, type ParsedMessage } from '../parsed';
import { isObj, roleOfName, str, type Obj } from './shape';

export function looksLikeChatbotUi(c: unknown): boolean {
  return (
    isObj(c) &&
    typeof c.name === 'string' &&
    Array.isArray(c.messages) &&
    ('model' in c || 'prompt' in c || 'folderId' in c) &&
    (c.messages as unknown[]).every((m) => isObj(m) && typeof m.role === 'string' && !('timestamp' in m) && !('created_at' in m))
  );
}

export function chatbotUiConversation(item: unknown, fileTime: Date): ParsedConversation | null {
  if (!isObj(item)) throw new ConversationError('not a conversation object');
  const id = str(item.id) ?? (typeof item.id === 'number' ? String(item.id) : undefined);
  if (!id) throw new ConversationError('it has no id');
  if (!Array.isArray(item.messages)) throw new ConversationError('it has no messages');
  const time = wallClockOfDate(fileTime);
  const messages: ParsedMessage[] = [];
  (item.messages as unknown[]).forEach((m, i) => {
    if (!isObj(m)) return;
    const content = typeof m.content === 'string' ? m.content.trim() : '';
    const role = roleOfName(str((m as Obj).role));
    if (!content || role === 'system') return;
    messages.push({ externalId: String(i), speaker: role === 'user' ? 'User' : 'Assistant', role, text: content, time, timeApproximate: true });
  });
  if (!messages.length) return null;
  return { family: 'chatbot-ui', externalId: id, title: str(item.name)?.trim() || 'Untitled chat', messages };
}
