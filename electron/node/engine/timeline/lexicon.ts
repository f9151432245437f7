// The timeline planner's closed vocabulary, read once from resources/timeline/lexicon.json
// (versioned; what each part means is said in the file and in docs/timeline.md). A file that
// does not have the expected shape is a one-line error naming the file and the field.
import fs from 'node:fs';
import { z } from 'zod';
import { escapeRegExp } from '../../../../shared/text/words';
import { resourcePath } from '../paths';

const words = z.array(z.string().min(1));
const lower = (what: string) => z.string().min(1).refine((s) => s === s.toLowerCase(), `${what} must be lower case`);

const lexiconSchema = z
  .object({
    version: z.number().int().min(1),
    about: z.string().optional(),
    forms: z.record(lower('a form'), z.string().min(1)),
    possessives: z.object({ about: z.string().optional(), always: words, beforeNoun: words }).strict(),
    vocabulary: z.array(lower('a vocabulary word')),
    framing: z
      .object({ requestVerbs: words, requestNouns: words, interest: words, habit: words, politeness: words, texting: words, phrases: words })
      .strict(),
    queryNoise: words,
    habitAdverbs: words,
    future: z.object({ about: z.string().optional(), words, phrases: words, past: words }).strict(),
    roles: z.object({ about: z.string().optional(), turnNouns: words, speechVerbs: words }).strict(),
    holidays: z
      .object({
        about: z.string().optional(),
        aliases: z.record(lower('a holiday alias'), z.string().min(1)),
        fixed: z.array(z.object({ name: z.string().min(1), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).strict()),
        periods: z.array(z.object({ names: z.array(lower('a period name')).min(1), from: z.string().min(1), to: z.string().min(1) }).strict()),
      })
      .strict(),
    notTime: z.object({ about: z.string().optional(), participles: words, units: words, phrases: words }).strict(),
  })
  .strict();

export type LexiconFile = z.infer<typeof lexiconSchema>;

/** The lexicon with its regular expressions built (once). */
export interface Lexicon {
  version: number;
  file: LexiconFile;
  /** Abbreviations and texting forms, whole words, any case. */
  forms: Map<string, string>;
  formPattern: RegExp;
  vocabulary: string[];
  /** Every word that frames a request (all kinds together). */
  framing: Set<string>;
  framingPhrases: RegExp;
  queryNoise: Set<string>;
  habit: RegExp;
  future: RegExp;
  past: RegExp;
  roleTurnNouns: string;
  roleSpeechVerbs: string;
  participles: string;
  units: string;
  notTimePhrases: RegExp;
  possessiveAlways: Set<string>;
  possessiveBeforeNoun: Set<string>;
}

/** A regular-expression source matching any of the phrases as whole words (longest first). */
export function alternation(phrases: Iterable<string>): string {
  const list = [...new Set(phrases)].sort((a, b) => b.length - a.length).map((p) => escapeRegExp(p).replace(/\\? /g, '\\s+'));
  return `(?:${list.join('|')})`;
}

const wordsRegex = (phrases: Iterable<string>, flags = 'gi') => new RegExp(`(?<![\\p{L}\\p{N}'])${alternation(phrases)}(?![\\p{L}\\p{N}])`, `${flags}u`);

export function compileLexicon(file: LexiconFile): Lexicon {
  const f = file.framing;
  return {
    version: file.version,
    file,
    forms: new Map(Object.entries(file.forms)),
    formPattern: wordsRegex(Object.keys(file.forms)),
    vocabulary: file.vocabulary,
    framing: new Set([...f.requestVerbs, ...f.requestNouns, ...f.interest, ...f.habit, ...f.politeness, ...f.texting]),
    framingPhrases: wordsRegex(f.phrases),
    queryNoise: new Set(file.queryNoise),
    habit: wordsRegex(file.habitAdverbs, 'i'),
    future: wordsRegex([...file.future.words, ...file.future.phrases], 'i'),
    past: wordsRegex(file.future.past, 'i'),
    roleTurnNouns: alternation(file.roles.turnNouns),
    roleSpeechVerbs: alternation(file.roles.speechVerbs),
    participles: alternation(file.notTime.participles),
    units: alternation(file.notTime.units),
    notTimePhrases: wordsRegex(file.notTime.phrases),
    possessiveAlways: new Set(file.possessives.always),
    possessiveBeforeNoun: new Set(file.possessives.beforeNoun),
  };
}

/** Reads and checks a lexicon file. */
export function readLexicon(file: string): Lexicon {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not readable JSON (${(e as Error).message})`);
  }
  const parsed = lexiconSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // a bad record key reports the key's own problem ("must be lower case")
    const inner = issue.code === 'invalid_key' ? (issue as { issues?: { message: string }[] }).issues?.[0]?.message : undefined;
    throw new Error(`${file}: ${issue.path.join('.') || '(file)'}: ${inner ?? issue.message}`);
  }
  return compileLexicon(parsed.data);
}

let cached: Lexicon | null = null;

/** The bundled lexicon (resources/timeline/lexicon.json), read once. */
export function lexicon(): Lexicon {
  return (cached ??= readLexicon(resourcePath('timeline', 'lexicon.json')));
}
