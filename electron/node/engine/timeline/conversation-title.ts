// A conversation named by its title: "in the Sourdough chat", "the conversation called “Lisbon
// trip”", "our Marathon training thread". Exports give each conversation a title (ChatGPT, Claude
// and others); people name conversations that way, so the timeline keeps that conversation's
// sessions. Only a title beside a word for a conversation counts: a title that is a common word
// ("Rain in Porto") must not filter a question that merely uses the word.

export interface NamedConversation {
  /** Span in the text searched, from the title (or the cue before it) to the cue after it. */
  start: number;
  end: number;
  /** The title as the export has it. */
  title: string;
  /** Session_Index values of the conversations with that title. */
  sessions: number[];
}

const CUE = /\b(?:conversation|chat|thread)s?\b/i;
const CUE_AFTER = /^["”’']?\s*(?:conversation|chat|thread)s?\b/i;
const CUE_BEFORE = /\b(?:conversation|chat|thread)s?\s+(?:(?:called|titled|named)\s+)?["“‘']?$/i;
/** Titles an app gives when the person gave none: they name no conversation in particular. */
const GENERIC = /^(?:new chat|untitled(?: chat| conversation)?|new conversation|chat|conversation)$/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text has a word for a conversation (only then are the titles read). */
export const mentionsConversation = (text: string): boolean => CUE.test(text);

/** A memory's titles as they are matched (lower case, spaces folded), made once per titles map. */
const matchable = new WeakMap<Map<string, number[]>, { title: string; t: string; sessions: number[] }[]>();

function matchableTitles(titles: Map<string, number[]>) {
  let list = matchable.get(titles);
  if (!list) {
    list = [];
    for (const [title, sessions] of titles) {
      const t = title.trim().toLowerCase().replace(/\s+/g, ' ');
      if (t.length >= 3 && !GENERIC.test(t)) list.push({ title, t, sessions });
    }
    matchable.set(titles, list);
  }
  return list;
}

/** The longest title the text names as a conversation, or null. */
export function conversationNamed(text: string, titles: Map<string, number[]>): NamedConversation | null {
  if (!mentionsConversation(text)) return null;
  const lower = text.toLowerCase();
  let best: NamedConversation | null = null;
  for (const { title, t, sessions } of matchableTitles(titles)) {
    // (a title not in the text at all needs no pattern: a memory has thousands of titles, and a
    // question that says "chats" was compiling a pattern for each of them)
    if ((best && t.length <= best.title.length) || !lower.includes(t)) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(t)}(?![\\p{L}\\p{N}])`, 'gu');
    for (const m of lower.matchAll(re)) {
      const at = m.index!;
      const stop = at + m[0].length;
      const after = CUE_AFTER.exec(lower.slice(stop));
      const before = CUE_BEFORE.exec(lower.slice(Math.max(0, at - 40), at));
      if (!after && !before) continue;
      best = { start: before ? at - before[0].length : at, end: after ? stop + after[0].length : stop + (/^["”’']/.test(lower.slice(stop)) ? 1 : 0), title, sessions };
      break;
    }
  }
  return best;
}
