// Small guards for reading untyped JSON exports.

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** An array of objects, or one object taken as a list of one. */
export function listOf(data: unknown): Obj[] | null {
  if (Array.isArray(data)) return data.every(isObj) ? (data as Obj[]) : null;
  return isObj(data) ? [data] : null;
}

/** True when the first few items of a list all satisfy `test` (exports are homogeneous). */
export function sampleAll(list: unknown, test: (o: Obj) => boolean): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  return list.slice(0, 5).every((o) => isObj(o) && test(o));
}

/** Trimmed non-empty string, or undefined. */
export function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/**
 * Role of a speaker name or role field, the same for every format: people (user, human, me,
 * you) are 'user'; assistants (assistant, ai, bot, model, and assistant product names) are
 * 'assistant'; system and developer turns are 'system'; anything else is 'other' and keeps its
 * name as the speaker.
 */
export function roleOfName(raw: string | undefined): import('../../../../../shared/types').Role {
  const r = (raw ?? '').trim().toLowerCase();
  if (['user', 'human', 'me', 'you', 'person'].includes(r)) return 'user';
  if (['assistant', 'ai', 'bot', 'model', 'chatgpt', 'gpt', 'claude', 'gemini', 'bard', 'grok', 'deepseek', 'copilot'].includes(r)) return 'assistant';
  if (['system', 'developer'].includes(r)) return 'system';
  return 'other';
}
