// Markdown chat transcripts: turns introduced by `User:` / `Assistant:` lines (bold or not) or by
// headings (`## User`, `### 🤖 Claude`). A date in the marker (`## User (2024-05-01 10:02)`,
// `[created:: …]`) is the turn's time; without one, turns get the file's time, marked
// approximate, in their order. The first heading that is not a turn is the title.
import { parseDateValue } from '../parse-date';
import { wallClockOfDate } from '../../../../../shared/dates/wall-clock';
import type { ParsedConversation, ParsedMessage } from '../parsed';
import { roleOfName } from './shape';

const NAMES = 'User|You|Human|Me|Assistant|AI|ChatGPT|Claude|Gemini|Grok|DeepSeek|Bot|Model|System';
const HEADING_TURN = new RegExp(`^#{1,6}\\s+(?:[^\\w\\s]{1,3}\\s*)?(${NAMES})\\b\\s*(.*)$`, 'i');
const LINE_TURN = new RegExp(`^(?:\\*\\*|__)?(${NAMES})(?:\\*\\*|__)?\\s*(\\([^)]*\\)|\\[[^\\]]*\\])?\\s*:(?:\\*\\*|__)?\\s?(.*)$`, 'i');

interface Turn {
  name: string;
  stamp: string;
  lines: string[];
}

function turnsOf(textIn: string): { title: string | null; turns: Turn[] } {
  const turns: Turn[] = [];
  let title: string | null = null;
  let fence = false;
  for (const line of textIn.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : HEADING_TURN.exec(line);
    const inline = fence || heading ? null : LINE_TURN.exec(line);
    if (heading) {
      turns.push({ name: heading[1], stamp: heading[2] ?? '', lines: [] });
    } else if (inline) {
      turns.push({ name: inline[1], stamp: inline[2] ?? '', lines: inline[3] ? [inline[3]] : [] });
    } else if (!turns.length && !title && /^#\s+/.test(line)) {
      title = line.replace(/^#\s+/, '').trim();
    } else if (turns.length) {
      turns[turns.length - 1].lines.push(line);
    }
  }
  return { title, turns };
}

export function looksLikeMarkdownTranscript(head: string): boolean {
  const roles = new Set(turnsOf(head).turns.map((t) => roleOfName(t.name)));
  return roles.has('user') && roles.has('assistant');
}

export function markdownConversation(name: string, textIn: string, fileTime: Date): ParsedConversation | null {
  const { title, turns } = turnsOf(textIn);
  const fallback = wallClockOfDate(fileTime);
  const messages: ParsedMessage[] = [];
  turns.forEach((t, i) => {
    const body = t.lines.join('\n').replace(/^\s*\n|\n\s*$/g, '').replace(/\n(---|\*\*\*)\s*$/, '').trim();
    if (!body) return;
    const stamp = /\[created::\s*([^\]]+)\]/.exec(t.stamp)?.[1] ?? /[([]([^)\]]+)[)\]]/.exec(t.stamp)?.[1] ?? t.stamp.replace(/^[-—:·\s]+/, '');
    const own = stamp.trim() ? parseDateValue(stamp.trim()) : null;
    const role = roleOfName(t.name);
    messages.push({
      externalId: String(i),
      speaker: role === 'user' ? 'User' : t.name,
      role,
      text: body,
      time: own ?? fallback,
      timeApproximate: own ? undefined : true,
    });
  });
  if (!messages.length) return null;
  return { family: `markdown:${name}`, externalId: name, title: title ?? name.replace(/\.(md|markdown|txt)$/i, ''), messages };
}
