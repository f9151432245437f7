// Open WebUI: "Export all chats" (a list of `{id, title, chat: {history}}`) or one chat's JSON.
// `history.messages` is a tree (`parentId`, `childrenIds`: edits and regenerations branch);
// `history.currentId` ends the branch the person saw. Reasoning models' thinking sits in the
// answer as `<details type="reasoning">`; it becomes a hidden part.
import { parseDateValue } from '../parse-date';
import { ConversationError, type ParsedConversation, type ParsedMessage, type ParsedPart } from '../parsed';
import { References, splitInlineReasoning } from '../text';
import { isObj, roleOfName, str, text, type Obj } from './shape';

const chatOf = (c: Obj): Obj | null => (isObj(c.chat) && isObj(c.chat.history) ? c.chat : isObj(c.history) ? c : null);

export function looksLikeOpenWebUi(c: unknown): boolean {
  if (!isObj(c)) return false;
  const chat = chatOf(c);
  return !!chat && isObj((chat.history as Obj).messages);
}

export function openWebUiConversation(item: unknown): ParsedConversation | null {
  if (!isObj(item)) throw new ConversationError('not a chat object');
  const chat = chatOf(item);
  if (!chat || !isObj((chat.history as Obj).messages)) throw new ConversationError('it has no history.messages');
  const history = chat.history as Obj;
  const nodes = history.messages as Record<string, Obj>;
  const id = text(item.id) ?? text(chat.id) ?? Object.keys(nodes)[0];
  if (!id) throw new ConversationError('it has no id and no messages');
  const warnings: string[] = [];
  // The branch: currentId up its parents; without one (or a dangling one), the newest leaf.
  let leaf = str(history.currentId);
  if (leaf && !isObj(nodes[leaf])) {
    warnings.push(`its currentId ${leaf} is not among its messages: kept the branch that ends at the newest message`);
    leaf = undefined;
  }
  if (!leaf) {
    const leaves = Object.values(nodes).filter((n) => isObj(n) && !(Array.isArray(n.childrenIds) && n.childrenIds.length));
    leaf = str(leaves.sort((a, b) => (Number(b.timestamp) || 0) - (Number(a.timestamp) || 0))[0]?.id);
  }
  const path: Obj[] = [];
  const seen = new Set<string>();
  for (let at = leaf; at && isObj(nodes[at]) && !seen.has(at); at = str(nodes[at].parentId)) {
    seen.add(at);
    path.unshift(nodes[at]);
  }
  const messages: ParsedMessage[] = [];
  for (const m of path) {
    const raw = str(m.role) ?? '';
    const role = roleOfName(raw);
    if (role === 'system') continue;
    const split = splitInlineReasoning(typeof m.content === 'string' ? m.content : '');
    const parts: ParsedPart[] = split.thinking.map((t) => ({ kind: 'thinking', text: t }));
    for (const f of Array.isArray(m.files) ? m.files.filter(isObj) : []) {
      const file = isObj(f.file) ? f.file : {};
      const data = isObj(file.data) ? file.data : {};
      parts.push({ kind: 'attachment', label: str(f.name) ?? str(file.filename) ?? 'file', text: text(data.content) });
    }
    const refs = new References();
    for (const s of [...(Array.isArray(m.sources) ? m.sources : []), ...(Array.isArray(m.citations) ? m.citations : [])].filter(isObj)) {
      const src = isObj(s.source) ? s.source : {};
      const metas = Array.isArray(s.metadata) ? s.metadata.filter(isObj) : [];
      if (metas.length) for (const md of metas) refs.number(str(md.name) ?? str(src.name), str(md.source)?.startsWith('http') ? str(md.source) : str(src.url));
      else refs.number(str(src.name), str(src.url));
    }
    parts.push(...refs.parts);
    if (!split.text && !parts.some((p) => p.kind === 'attachment')) continue;
    const time = parseDateValue(m.timestamp);
    if (!time) throw new ConversationError(`message ${str(m.id) ?? '?'} has no readable timestamp`);
    messages.push({
      externalId: str(m.id),
      speaker: role === 'user' ? 'User' : role === 'assistant' ? (text(m.modelName) ?? 'Assistant') : raw,
      role,
      text: split.text,
      time,
      parts: parts.length ? parts : undefined,
    });
  }
  if (!messages.length) return null;
  return { family: 'openwebui', externalId: id, title: (text(item.title) ?? text(chat.title))?.trim() || 'Untitled chat', messages, warnings };
}
