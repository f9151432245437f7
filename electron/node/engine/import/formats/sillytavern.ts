// SillyTavern chat files (JSON Lines): a first line of metadata (`user_name`, `character_name`,
// `create_date`, `chat_metadata`), then one line per message (`name`, `is_user`, `is_system`,
// `send_date`, `mes`, `swipes`, `extra.reasoning`). The shown swipe is `mes`; hidden system
// notes are left out; the model's reasoning becomes a hidden part.
import { parseDateValue } from '../parse-date';
import type { JsonLine } from '../json-stream';
import { ConversationError, ImportError, type ConversationOutcome, type ParsedMessage } from '../parsed';
import { isObj, str, text } from './shape';

export function looksLikeSillyTavern(first: unknown): boolean {
  return isObj(first) && ((typeof first.user_name === 'string' && typeof first.character_name === 'string') || ('is_user' in first && typeof first.mes === 'string'));
}

export async function* sillyTavernConversations(name: string, lines: AsyncIterable<JsonLine>): AsyncIterable<ConversationOutcome> {
  let header: Record<string, unknown> = {};
  const messages: ParsedMessage[] = [];
  for await (const { line, value } of lines) {
    if (!isObj(value)) throw new ImportError(`${name}: line ${line} is not a JSON object`);
    if (line === 1 && !('mes' in value)) {
      header = value;
      continue;
    }
    if (value.is_system === true) continue;
    const body = (str(value.mes) ?? '').trim();
    if (!body) continue;
    const time = parseDateValue(value.send_date);
    if (!time) throw new ConversationError(`line ${line}: send_date '${String(value.send_date)}' is not a date`);
    const extra = isObj(value.extra) ? value.extra : {};
    const reasoning = text(extra.reasoning);
    const user = value.is_user === true;
    messages.push({
      speaker: str(value.name)?.trim() || (user ? 'User' : 'Character'),
      role: user ? 'user' : 'assistant',
      text: body,
      time,
      parts: reasoning ? [{ kind: 'thinking', text: reasoning.trim() }] : undefined,
    });
  }
  if (!messages.length) return;
  const meta = isObj(header.chat_metadata) ? header.chat_metadata : {};
  const character = str(header.character_name) ?? messages.find((m) => m.role === 'assistant')?.speaker ?? 'Character';
  const created = str(header.create_date) ?? messages[0].time.local;
  // The integrity id survives renames; the character and creation date are the fallback.
  const id = str(meta.integrity) ?? `${character}\u0000${created}`;
  yield { position: 1, conversation: { family: 'sillytavern', externalId: id, title: `${character} · ${created}`, messages } };
}
