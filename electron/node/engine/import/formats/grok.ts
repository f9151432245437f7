// Grok (xAI account export, `prod-grok-backend.json`): `{ conversations: [{ conversation, responses }] }`.
// Responses carry `sender` ('human' / 'assistant'), `message`, a MongoDB-style `create_time`
// ({"$date": {"$numberLong": ms}} or ISO text), `parent_response_id` when a reply was
// regenerated, the thinking trace and web search results.
import { parseDateValue } from '../parse-date';
import { ConversationError, type ParsedConversation, type ParsedMessage, type ParsedPart } from '../parsed';
import { References } from '../text';
import { isObj, roleOfName, str, text, type Obj } from './shape';

export function looksLikeGrok(c: unknown): boolean {
  return isObj(c) && isObj(c.conversation) && Array.isArray(c.responses);
}

function timeValue(v: unknown): unknown {
  if (isObj(v) && '$date' in v) {
    const d = v.$date;
    return isObj(d) ? Number(d.$numberLong) : d;
  }
  return v;
}

export function grokConversation(item: unknown): ParsedConversation | null {
  if (!isObj(item) || !isObj(item.conversation)) throw new ConversationError('it has no conversation');
  const conv = item.conversation;
  const id = str(conv.id);
  if (!id) throw new ConversationError('it has no id');
  if (!Array.isArray(item.responses)) throw new ConversationError('it has no responses');
  let responses = item.responses.map((r) => (isObj(r) && isObj(r.response) ? r.response : r)).filter(isObj);
  const warnings: string[] = [];
  // Regenerated replies share a parent: keep the branch that ends at the newest response.
  if (responses.some((r) => str(r.parent_response_id))) {
    const byId = new Map(responses.map((r) => [str(r._id) ?? '', r]));
    const parents = new Set(responses.map((r) => str(r.parent_response_id)));
    const when = (r: Obj) => parseDateValue(timeValue(r.create_time))?.local ?? '';
    const leaves = responses.filter((r) => !parents.has(str(r._id))).sort((a, b) => when(b).localeCompare(when(a)));
    if (leaves.length > 1) warnings.push('it has regenerated replies: kept the branch that ends at the newest one');
    const path: Obj[] = [];
    for (let r: Obj | undefined = leaves[0]; r && !path.includes(r); r = byId.get(str(r.parent_response_id) ?? '')) path.unshift(r);
    responses = path;
  }
  const messages: ParsedMessage[] = [];
  responses.forEach((r, j) => {
    const sender = (str(r.sender) ?? '').toLowerCase();
    const role = roleOfName(sender);
    const parts: ParsedPart[] = [];
    const thinking = text(r.thinking_trace);
    if (thinking) parts.push({ kind: 'thinking', text: thinking.trim() });
    const refs = new References();
    for (const w of Array.isArray(r.web_search_results) ? r.web_search_results.filter(isObj) : []) refs.number(str(w.title), str(w.url), str(w.preview));
    parts.push(...refs.parts);
    const body = (str(r.message) ?? '').trim();
    if (!body) return;
    const time = parseDateValue(timeValue(r.create_time));
    if (!time) throw new ConversationError(`responses[${j}] has no readable create_time`);
    messages.push({ externalId: str(r._id), speaker: role === 'user' ? 'User' : role === 'assistant' ? 'Grok' : sender, role, text: body, time, parts: parts.length ? parts : undefined });
  });
  if (!messages.length) return null;
  return { family: 'grok', externalId: id, title: str(conv.title)?.trim() || 'Untitled chat', messages, warnings };
}
