// Gemini in Google Takeout ("My Activity" → Gemini Apps), as JSON or HTML. Takeout keeps an
// activity log, not conversations: each record is one prompt ("Prompted …") with Gemini's
// answer as HTML (several when regenerated), newest first, with no conversation ids. Records
// are grouped into one conversation per calendar day; answers are turned into Markdown. Records
// that are not prompts (Canvas, feedback, settings) are left out and counted in a warning.
import { parseDateValue } from '../parse-date';
import type { WallClock } from '../../../../../shared/dates/wall-clock';
import type { ConversationOutcome, ParsedConversation, ParsedMessage, ParsedPart } from '../parsed';
import { htmlToMarkdown } from '../text';
import { isObj, str } from './shape';

const PROMPT_VERBS = /^(Prompted|Asked|Branched|Answered)\s+/;
const GEMINI_PRODUCTS = ['Gemini Apps', 'Bard', 'Gemini'];

export function looksLikeGeminiRecord(r: unknown): boolean {
  return isObj(r) && typeof r.time === 'string' && (GEMINI_PRODUCTS.includes(str(r.header) ?? '') || (Array.isArray(r.products) && r.products.some((p) => GEMINI_PRODUCTS.includes(p))));
}

interface GeminiRecord {
  prompt: string;
  time: WallClock;
  answers: string[];
  files: string[];
}

/** Collects records by day; yields the days' conversations at the end. */
export class GeminiDays {
  private readonly days = new Map<string, GeminiRecord[]>();
  notPrompts = 0;

  add(prompt: string | undefined, time: WallClock | null, answers: string[], files: string[]): boolean {
    if (!time) return false;
    const verb = PROMPT_VERBS.exec(prompt ?? '');
    if (!verb) {
      this.notPrompts++;
      return true;
    }
    const day = time.local.slice(0, 10);
    const list = this.days.get(day) ?? [];
    list.push({ prompt: (prompt ?? '').slice(verb[0].length).trim(), time, answers, files });
    this.days.set(day, list);
    return true;
  }

  *conversations(): Generator<ConversationOutcome> {
    let position = 0;
    for (const [day, records] of [...this.days].sort(([a], [b]) => a.localeCompare(b))) {
      const messages: ParsedMessage[] = [];
      records.sort((a, b) => a.time.local.localeCompare(b.time.local));
      for (const r of records) {
        const parts: ParsedPart[] = r.files.map((f) => ({ kind: 'attachment', label: f }));
        if (r.prompt || parts.length) messages.push({ speaker: 'User', role: 'user', text: r.prompt, time: r.time, parts: parts.length ? parts : undefined });
        const answer = r.answers.filter(Boolean).join('\n\n');
        if (answer) messages.push({ speaker: 'Gemini', role: 'assistant', text: answer, time: r.time });
      }
      if (!messages.length) continue;
      const conversation: ParsedConversation = { family: 'gemini', externalId: day, title: `Gemini · ${day}`, messages };
      if (position === 0 && this.notPrompts) conversation.warnings = [`${this.notPrompts} activity records that are not prompts (Canvas, feedback, settings) were left out`];
      yield { position: ++position, conversation };
    }
  }
}

/** A JSON record into the day collection; false when its time cannot be read. */
export function addGeminiJsonRecord(days: GeminiDays, r: unknown): boolean {
  if (!isObj(r)) return false;
  const answers = (Array.isArray(r.safeHtmlItem) ? r.safeHtmlItem : []).filter(isObj).map((h) => htmlToMarkdown(str(h.html) ?? ''));
  const files = [str(r.imageFile), ...(Array.isArray(r.attachedFiles) ? r.attachedFiles.map(str) : [])].filter((f): f is string => !!f);
  return days.add(str(r.title), parseDateValue(r.time), answers, files);
}

export function looksLikeGeminiHtml(head: string): boolean {
  return /class="[^"]*outer-cell/.test(head) && /(Gemini Apps|Bard)/.test(head);
}

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[\u202f\u00a0]/g, ' ')
    .trim();

/**
 * The HTML variant: each record is an `outer-cell` whose header names the product and whose
 * content cell reads "Prompted <prompt><br><date><br><answer HTML>".
 */
export function addGeminiHtml(days: GeminiDays, html: string): { records: number; unreadable: number } {
  const cells = html.split(/<div class="outer-cell[^"]*"[^>]*>/).slice(1);
  let records = 0;
  let unreadable = 0;
  for (const cell of cells) {
    const header = /<p class="mdl-typography--title"[^>]*>([\s\S]*?)<\/p>/.exec(cell)?.[1] ?? '';
    if (!GEMINI_PRODUCTS.includes(decode(header))) continue;
    const content = /<div class="content-cell[^"]*"[^>]*>([\s\S]*?)<\/div>\s*<div class="content-cell/.exec(cell)?.[1] ?? /<div class="content-cell[^"]*"[^>]*>([\s\S]*)/.exec(cell)?.[1] ?? '';
    const pieces = content.split(/<br\s*\/?>/);
    const prompt = decode(pieces[0] ?? '');
    const time = parseDateValue(decode(pieces[1] ?? ''));
    const answer = htmlToMarkdown(pieces.slice(2).join('<br>'));
    records++;
    if (!days.add(prompt, time, [answer], [])) unreadable++;
  }
  return { records, unreadable };
}
