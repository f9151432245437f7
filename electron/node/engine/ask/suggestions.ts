// The questions the Ask tab suggests, made from what this memory holds and kept only when Ask
// answers them here: a suggestion that fails on the person's own data is worse than none.
// Candidates, in order: the latest conversations (last week when it has any, else the last
// session), who the person talked to most, the owner's favourite kind of thing (the categories
// of their preferences in the graph), spending on a trip, then the memory's top topics (when and
// how often they came up). Each is asked offline and kept when the answer is "answered" and
// cites evidence.
import type { AskAnswer, RdfTerm, TopicSummary } from '../../../../shared/types';
import { PREFIXES } from '../../../../shared/rdf';

export interface SuggestionSources {
  /** Asks a question offline (not stored) and gives its answer. */
  answer(question: string): Promise<AskAnswer>;
  /** Runs a SELECT over the graph (rows of bindings). */
  select(sparql: string): Promise<Record<string, RdfTerm>[]>;
  /** The owner's IRIs (every speaker that is "you"). */
  ownerIris: string[];
  /** The memory's topics, most sessions first. */
  topics(): TopicSummary[];
}

/** Questions in the order they are tried: each a list of wordings, the first answered one kept. */
async function candidates(src: SuggestionSources): Promise<string[][]> {
  const favourites = await favouriteCategories(src).catch(() => []);
  const topics = src.topics().slice(0, 2).map((t) => t.label);
  return [
    ['What did we talk about last week?', 'What did we talk about in the last session?'],
    ['Who did I talk to most in the past two weeks?', 'Who did I talk to most?'],
    favourites.slice(0, 1).map((c) => `What is my favourite ${c}?`),
    ['How much did I spend on my last trip?'],
    topics.slice(0, 1).map((t) => `When did we talk about ${t}?`),
    topics.slice(1, 2).map((t) => `How often did we talk about ${t}?`),
  ].filter((c) => c.length > 0);
}

/** The categories of the owner's preferences ("music", "coffee"), the loved ones and the most stated first. */
async function favouriteCategories(src: SuggestionSources): Promise<string[]> {
  if (!src.ownerIris.length) return [];
  const rows = await src.select(`PREFIX pcm: <${PREFIXES.pcm}>
SELECT ?category (SUM(IF(LCASE(STR(?sentiment)) IN ("loves", "love"), 1, 0)) AS ?loved) (COUNT(?p) AS ?n) WHERE {
  VALUES ?me { ${src.ownerIris.map((i) => `<${i}>`).join(' ')} }
  ?me pcm:hasPreference ?p . ?p pcm:preferenceCategory ?category .
  OPTIONAL { ?p pcm:sentiment ?sentiment }
} GROUP BY ?category ORDER BY DESC(?loved) DESC(?n) LIMIT 5`);
  return rows.map((r) => r.category?.value.trim().toLowerCase() ?? '').filter((c) => /^[\p{L} -]{2,40}$/u.test(c));
}

/** Whether an answer answers (a value, a computation or a plan's rows) and cites what it read. */
const answers = (a: AskAnswer) => a.status === 'answered' && a.citations.length > 0;

/** Up to `max` questions this memory answers. */
export async function askSuggestions(src: SuggestionSources, max = 4): Promise<string[]> {
  const out: string[] = [];
  for (const wordings of await candidates(src)) {
    if (out.length >= max) break;
    for (const q of wordings) {
      const a = await src.answer(q).catch(() => null);
      if (a && answers(a)) {
        out.push(q);
        break;
      }
    }
  }
  return out;
}
