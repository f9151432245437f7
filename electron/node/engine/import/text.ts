// Text clean-up shared by the format readers: what the person read, without the export's
// plumbing (placeholders, citation markers, reasoning blocks, HTML).
import type TurndownService from 'turndown';
import { lazyModule } from '../common/lazy-module';
import type { ParsedPart } from './parsed';

/** Claude exports put this where a block (thinking, a tool call) was left out of `text`. */
const UNSUPPORTED_BLOCK = /(?:```[^\n]*\n\s*)?This block is not supported on your current device yet\.(?:\s*\n```)?/g;

export function withoutPlaceholders(s: string): string {
  return s.replace(UNSUPPORTED_BLOCK, '').replace(/\n{3,}/g, '\n\n').trim();
}

/** Reasoning that chat front-ends inline in the answer (`<think>`, Open WebUI's `<details type="reasoning">`). */
const INLINE_REASONING = /<think>([\s\S]*?)<\/think>|<details\s+type="reasoning"[^>]*>([\s\S]*?)<\/details>/g;

export function splitInlineReasoning(s: string): { text: string; thinking: string[] } {
  const thinking: string[] = [];
  const text = s.replace(INLINE_REASONING, (_, think: string | undefined, details: string | undefined) => {
    const body = (think ?? details ?? '').replace(/<summary>[\s\S]*?<\/summary>/, '').trim();
    if (body) thinking.push(body.replace(/^> ?/gm, ''));
    return '';
  });
  return { text: text.trim(), thinking };
}

/** Collects cited sources, numbering each distinct one once ([1], [2]…). */
export class References {
  readonly parts: ParsedPart[] = [];
  private readonly numbers = new Map<string, number>();

  number(title: string | undefined, url: string | undefined, snippet?: string): number | null {
    const key = url || title;
    if (!key) return null;
    let n = this.numbers.get(key);
    if (n === undefined) {
      this.parts.push({ kind: 'reference', label: title || url, url, text: snippet });
      n = this.parts.length;
      this.numbers.set(key, n);
    }
    return n;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Citation markers ChatGPT leaves in the text: 【3:0†source】 and the private-use \ue200cite…\ue201 form. */
const CITATION_MARKER = /【\d+(?::\d+)?†[^】]*】|\ue200[^\ue201]*\ue201/g;

/**
 * Replaces ChatGPT's citation markers with readable [n] references, from `content_references`
 * (newer exports) or `citations` (older ones, by character span); markers the metadata does
 * not explain are removed. Returns the text and the cited sources.
 */
export function resolveChatGptCitations(s: string, metadata: Obj, refs: References): string {
  const edits: { start: number; end: number; with: string }[] = [];
  const taken = (start: number, end: number) => edits.some((e) => start < e.end && end > e.start);
  const place = (matched: string | undefined, start: number | undefined, end: number | undefined, replacement: string) => {
    if (start !== undefined && end !== undefined && end > start && (!matched || s.slice(start, end) === matched) && !taken(start, end)) {
      edits.push({ start, end, with: replacement });
      return;
    }
    if (!matched) return;
    let from = 0;
    for (;;) {
      const at = s.indexOf(matched, from);
      if (at < 0) return;
      if (!taken(at, at + matched.length)) {
        edits.push({ start: at, end: at + matched.length, with: replacement });
        return;
      }
      from = at + matched.length;
    }
  };
  const label = (nums: (number | null)[]) => {
    const list = [...new Set(nums.filter((n): n is number => n !== null))];
    return list.length ? list.map((n) => `[${n}]`).join('') : '';
  };
  const contentRefs = Array.isArray(metadata.content_references) ? metadata.content_references.filter(isObj) : [];
  for (const r of contentRefs) {
    const matched = str(r.matched_text);
    const items = Array.isArray(r.items) ? r.items.filter(isObj) : [];
    const nums = items.map((it) => refs.number(str(it.title), str(it.url), str(it.snippet)));
    if (!items.length && Array.isArray(r.safe_urls) && r.type !== 'hidden') for (const u of r.safe_urls) if (typeof u === 'string') nums.push(refs.number(undefined, u));
    const start = typeof r.start_idx === 'number' ? r.start_idx : undefined;
    const end = typeof r.end_idx === 'number' ? r.end_idx : undefined;
    place(matched, start, end, label(nums));
  }
  const citations = Array.isArray(metadata.citations) ? metadata.citations.filter(isObj) : [];
  for (const c of citations) {
    const meta = isObj(c.metadata) ? c.metadata : {};
    const n = refs.number(str(meta.title) ?? str(meta.name), str(meta.url), str(meta.text));
    const start = typeof c.start_ix === 'number' ? c.start_ix : undefined;
    const end = typeof c.end_ix === 'number' ? c.end_ix : undefined;
    place(undefined, start, end, label([n]));
  }
  let out = s;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    const before = out.slice(0, e.start);
    // "word 【3:0†source】." reads "word [1]."; a removed marker takes its leading space with it.
    out = (e.with ? before : before.replace(/[ \t]+$/, '')) + (e.with && /\S$/.test(before) ? ' ' : '') + e.with + out.slice(e.end);
  }
  return out.replace(CITATION_MARKER, '').replace(/[ \t]+\n/g, '\n').trim();
}

// loaded by the first HTML read (Gemini's Takeout): other exports never need it
const Turndown = lazyModule<typeof TurndownService>('turndown');
let turndown: TurndownService | null = null;

/** HTML (Gemini's answers in Takeout) as Markdown: paragraphs, lists and code blocks kept. */
export function htmlToMarkdown(html: string): string {
  turndown ??= new (Turndown())({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  return turndown.turndown(html).trim();
}
