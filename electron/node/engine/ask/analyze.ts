// Question → what it asks for (intent), which stores can answer it (routes), and the pieces
// the templates and computations need: the ontology concept, the verb, "my X", the topic
// keywords, the period, "now", the sentiment of a preference, an ordinal, the two events of
// "between X and Y", the pivot of "before / after X".
//
// Routing rules (docs/ask.md):
//  - only time / session references, or talk about the conversation in a period
//    ("what did we discuss last Friday?") → the timeline planner;
//  - entities, events, counts, lists, dates of events, durations, amounts, preferences,
//    current values → SPARQL over the graph AND message search (the graph may miss it);
//  - anything else → message search (with the timeline's period when the question names one).
import type { AskClassification, AskIntent, AskRoute, PlannedQuestion, TimelineOp } from '../../../../shared/types';
import { endOfMonth, isoWeekRange } from '../../../../shared/dates/calendar';
import { ordinalValue } from '../../../../shared/text/numbers';
import { matchStem } from '../../../../shared/text/stem';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import { escapeRegExp, words } from '../../../../shared/text/words';
import { attributeOf, conceptOf, verbOf, type Attribute, type Concept, type VerbAction } from './lexicon';
import { ontologyLexicon } from './ontology-lexicon';
import { kindOf } from './answer-type';

export interface Period {
  from: string;
  to: string;
  /** The words that named it. */
  phrase: string;
}

export interface Analysis {
  question: string;
  intent: AskIntent;
  routes: AskRoute[];
  why: string[];
  concept: (Concept & { phrase: string }) | null;
  verb: (VerbAction & { phrase: string }) | null;
  attribute: (Attribute & { phrase: string }) | null;
  /** Topic words (light stems) for label filters and row ranking. */
  keywords: string[];
  period: Period | null;
  /** "now", "currently", "these days", "still": the current value of something that changed. */
  aboutNow: boolean;
  sentiment: 'positive' | 'negative' | null;
  /** "the third time" → 3; "the last time" → -1. */
  ordinal: number | null;
  /** "between X and Y": the two phrases. */
  pair: [string, string] | null;
  /** "before / after X". */
  pivot: { dir: 'before' | 'after'; text: string } | null;
  /** "else" ("who else was there?"): leave out what the dialogue already named. */
  excludeKnown: boolean;
  /** The question asks about the conversation itself (talk, discuss, say…). */
  aboutConversation: boolean;
  /** What kind of value answers it. */
  answerType: 'date' | 'number' | 'amount' | 'duration' | 'person' | 'place' | 'thing' | 'other';
}

/**
 * Words that are not the topic of a question: the function words, and what Ask reads another
 * way — question and request verbs (tell, remind, talk…), time words (the period), "how much /
 * often", preference and purchase words (the intent and the attribute).
 */
const STOP = new Set([
  ...STOP_WORDS,
  ...(
    'shall may might must much many long often ever else now currently current anymore these days nowadays lately recently already yet ' +
    'every either neither less least another ' +
    'tell show list name give find please remind recall remember know think say said talk talked discuss discussed mention mentioned ' +
    'go went going gone get got take took make made come came use used like really one ones thing things kind kinds type types sort sorts ' +
    'time times day days date week weeks month months year years first second third last next before after between since until during ' +
    'favourite favorite prefer preferred love loved dislike hate count number total altogether ' +
    'pay paid cost costs spend spent buy bought purchase purchased price'
  ).split(' '),
]);

/** Topic words of a text: no stop words, no one-letter words, stemmed (as the full-text index stems), unique. */
export function topicWords(text: string, drop: string[] = []): string[] {
  const dropped = new Set(drop.flatMap((d) => words(d)));
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 || STOP.has(w) || dropped.has(w) || /^\d{1,2}$/.test(w)) continue;
    const s = matchStem(w);
    if (STOP.has(s)) continue;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

const NOW_WORDS = /\b(now|right now|currently|at the moment|these days|nowadays|still|anymore|any more|at present|latest|most recent(?:ly)?)\b/i;
const TALK = /\b(talk(?:ed|ing)?|discuss(?:ed|ing)?|chat(?:ted|ting)?|say|said|mention(?:ed)?|tell|told|ask(?:ed)?|conversations?|sessions?|messages?|wrote|write)\b/i;
/** Ordinals counted from the end: "the last time" → −1. */
const FROM_END: Record<string, number> = { last: -1, latest: -1, previous: -2 };

/** The period a plan's chain names (Date, Week, Month, Year operations), when it names one. */
export function periodOfPlan(planned: PlannedQuestion): Period | null {
  let from: string | null = null;
  let to: string | null = null;
  const why: string[] = [];
  const widen = (a: string, b: string) => {
    from = from === null || a < from ? a : from;
    to = to === null || b > to ? b : to;
  };
  for (const op of planned.plan.chain as TimelineOp[]) {
    if (op.why && NOW_WORDS.test(op.why) && words(op.why).every((w) => /^(now|right|currently|still|these|days|nowadays|at|on|by|for|as|of|the|moment|anymore|present)$/.test(w))) continue;
    const before: { from: string | null; to: string | null } = { from, to };
    if (op.column === 'Date') {
      if (op.op === 'f_value') for (const v of op.values) widen(String(v), String(v));
      else widen(String(op.range[0]), String(op.range[1]));
    } else if (op.column === 'Month') {
      const values = op.op === 'f_value' ? op.values.map(String) : [String(op.range[0]), String(op.range[1])];
      for (const v of values) {
        const y = Number(v.slice(0, 4));
        const m = Number(v.slice(5, 7));
        if (y && m) widen(`${v}-01`, endOfMonth(`${v}-01`));
      }
    } else if (op.column === 'Week') {
      const values = op.op === 'f_value' ? op.values.map(String) : [String(op.range[0]), String(op.range[1])];
      for (const v of values) {
        const r = isoWeekRange(v);
        if (r) widen(r[0], r[1]);
      }
    } else if (op.column === 'Year') {
      const values = op.op === 'f_value' ? op.values.map(Number) : [Number(op.range[0]), Number(op.range[1])];
      for (const y of values) if (y) widen(`${y}-01-01`, `${y}-12-31`);
    }
    if ((before.from !== from || before.to !== to) && op.why) why.push(op.why);
  }
  if (from === null || to === null) return null;
  return { from, to, phrase: why.join('; ') };
}

/**
 * Reads the question. `planned` is the timeline planner's reading of the same question (its
 * classification and the time references it found); `dialogueWords` are topic words of the
 * earlier turns (weaker evidence for ranking).
 */
export function analyzeQuestion(question: string, planned: PlannedQuestion): Analysis {
  const q = question.trim();
  const lower = q.toLowerCase();
  const why: string[] = [];
  // the phrasing layer first (lexicon.ts), then every class and property of the ontology (ontology-lexicon.ts)
  const lexicon = ontologyLexicon();
  const verb = verbOf(q);
  // (a class the ontology names is the topic of questions that ask for things, names or counts;
  // a "when", "where" or "which days" question is about something else)
  const asksForThings = /^\s*(?:what|which|how many|list|name|show)\b/i.test(q) && ['thing', 'name', 'count', 'person'].includes(kindOf(q).kind);
  const concept = conceptOf(q) ?? (verb || !asksForThings ? null : lexicon.conceptOf(q));
  const attribute = attributeOf(q) ?? lexicon.attributeOf(q);
  let period = periodOfPlan(planned);
  const aboutNow = NOW_WORDS.test(q);
  const aboutConversation = TALK.test(q.replace(/^\s*(?:(?:can|could) you\s+)?(?:please\s+)?tell me\b/i, ''));
  const negative = /\b(dislike[sd]?|hate[sd]?|can'?t stand|don'?t (?:like|eat|drink|want)|avoid(?:s|ed)?|not a fan)\b/i.test(q);
  const positive = /\b(favou?rite|prefer(?:s|red)?|like[sd]?|love[sd]?|enjoy(?:s|ed)?|fan of)\b/i.test(q);
  const ordMatch = /\b(?:the|my|our)\s+(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|latest|\d+(?:st|nd|rd|th))\s+(time|\w+)/i.exec(q);
  const ordinal = ordMatch ? (FROM_END[ordMatch[1].toLowerCase()] ?? ordinalValue(ordMatch[1])) : null;
  // "the second concert": an ordinal, not the second day of a month
  if (period && ordMatch && words(period.phrase).every((w) => words(ordMatch[0]).includes(w))) period = null;
  const betweenMatch = /\bbetween\s+(.+?)\s+and\s+(.+?)[?.!]*$/i.exec(q);
  const pair: [string, string] | null = betweenMatch ? [betweenMatch[1].trim(), betweenMatch[2].trim()] : null;
  const pivotMatch = /\b(?<!look(?:s|ed|ing)?\s)(?<!care\s)(before|after)\s+((?:(?:the|my|our|i|we)\b|[A-Z"“]).+?)[?.!"”]*$/.exec(q.replace(/\b(Before|After)\b/g, (w) => w.toLowerCase()));
  const pivot = pivotMatch && !/\b(before|after)\s+(that|this|then|it)\b/i.test(q) ? { dir: pivotMatch[1].toLowerCase() as 'before' | 'after', text: pivotMatch[2].trim() } : null;
  const excludeKnown = /\belse\b/i.test(q);

  let intent: AskIntent;
  // a conversation named by its title ("what did you say about X in the Sourdough chat?") is read in the timeline
  const time = planned.classification === 'meta' || (planned.classification === 'both' && ((aboutConversation && !!period) || !!planned.conversation));
  if (time && !/\b(how many|how much|how long|who|which|when)\b/i.test(q.replace(/\bwhat did (?:we|i|you) (?:talk|chat)\b/i, ''))) {
    intent = 'time';
    why.push(planned.classification === 'meta' ? 'only time or session references → the timeline planner' : planned.conversation ? `the conversation “${planned.conversation}” → the timeline planner` : 'talk about the conversation in a period → the timeline planner');
  } else if (/\bwho\b.*\b(talk(?:ed)?|chat(?:ted)?|spoke|speak|messag(?:e|ed)|text(?:ed)?|wrote)\b.*\b(most|more)\b/i.test(q)) {
    intent = 'who-most';
    why.push("'who did I talk to most' → message counts per person (SPARQL over the messages graph)");
  } else if (pair && /\b(how (?:many|much|long)|what time|number of)\b/i.test(q)) {
    intent = 'between';
    why.push(`'between … and …' → the dates of '${pair[0]}' and '${pair[1]}', difference computed in code`);
  } else if (pivot && /^\s*(what|which|who|where|how many)\b/i.test(q)) {
    intent = 'before-after';
    why.push(`'${pivot.dir} ${pivot.text}' → a subquery for its date, then what came ${pivot.dir}`);
  } else if (ordinal !== null && ordMatch && /time|concert|trip|run|visit|event|appointment|session/i.test(ordMatch[2]) && !/\bhow many\b/i.test(q)) {
    intent = 'ordinal';
    why.push(`'${ordMatch[0]}' → events in date order, the ${ordMatch[1]} one picked in code`);
  } else if (attribute?.numeric && /\bhow many\b/i.test(q)) {
    intent = 'update';
    why.push(`'${attribute.phrase}' → a number that changes over time: its latest statement`);
  } else if (/\bhow many\b(?!\s+(?:days|weeks|months|years|hours|minutes)\s+(?:ago|since))|\bnumber of\b|\bhow often\b/i.test(q)) {
    intent = 'count';
    why.push("'how many' → COUNT(DISTINCT …) over the graph, and the messages");
  } else if (/\bhow much\b|\bwhat did .+ cost\b|\bwhat (?:was|is) the (?:price|cost)\b|\bspen[dt]\b/i.test(q)) {
    intent = 'amount';
    why.push("'how much' → prices and amounts (summed in code when several)");
  } else if (/\bhow long\b(?!\s+ago|\s+since|\s+(?:has it been|is it|was it)\s+since)|\bwhat(?:'s| is| was) the duration\b/i.test(q)) {
    intent = 'duration';
    why.push("'how long' → a duration (ISO 8601 read in code)");
  } else if (/^\s*(?:so\s+|and\s+)?(?:when|what date|on what (?:date|day)|since when|how long ago|how long since|how long (?:has it been|is it|was it) since|how many (?:days|weeks|months|years) (?:ago|since))\b|^\s*(?:so\s+|and\s+)?(?:which (?:date|day)|what day|what time)(?=\s+(?:is|was|did|does|do|will|are|were|am|of|and|should|can|would)\b|\s*[?,]|\s*$)|\bwhen (?:did|was|is|were|will)\b/i.test(q)) {
    intent = 'date';
    why.push("'when' → the date of an event or action (graph), resolved dates in the messages");
  } else if ((negative || positive) && !verb) {
    intent = 'preference';
    why.push(`'${(/\b(favou?rite|prefer\w*|like\w*|love\w*|enjoy\w*|dislike\w*|hate\w*|avoid\w*)\b/i.exec(q) ?? [''])[0]}' → the person's preferences (pcm:Preference)`);
  } else if (/^\s*how do (?:i|you) (?:take|like|have|drink|eat)\b/i.test(q)) {
    intent = 'preference';
    why.push("'how do I take / like …' → the person's preferences and habits");
  } else if (/\b(recommend(?:ed|s)?|suggest(?:ed|s)?|advis(?:e|ed))\b/i.test(q) && /^\s*(what|which|who|where)\b/i.test(q)) {
    intent = 'recommended';
    why.push("'recommended' → schema:Recommendation and what it is about");
  } else if (/\bwho\b.*\b(with me|with us|else|was there|were there|came|joined|went with|go with)\b/i.test(q)) {
    intent = 'who-with';
    why.push("'who … with me / else' → the people of an event or action (attendees, participants)");
  } else if (aboutNow && (attribute || concept)) {
    intent = 'update';
    why.push(`'${(NOW_WORDS.exec(q) ?? ['now'])[0]}' → the current value: superseded and replaced values dropped, the latest kept`);
  } else if (verb) {
    intent = 'list';
    why.push(`'${verb.phrase}' → ${verb.action.split('/').pop()} actions of the person`);
  } else if (concept && /^\s*(list|name|show)\b|\b(which|what)\s+(?:kinds? of\s+|types? of\s+)?\w+(?:\s+\w+)?\s+(?:did|do|have|has|had|are|were)\b|\ball (?:the |my )?\w+/i.test(q)) {
    intent = 'list';
    why.push(`'${concept.phrase}' → instances of ${concept.classes.map((c) => c.split(/[/#]/).pop()).join(' / ')} (and subclasses)`);
  } else if (attribute || /^\s*(who|where|which)\b|^\s*what(?:'s| is| was| are| were)\s+(?:my|the)\b/i.test(q)) {
    intent = 'entity';
    why.push(attribute ? `'${attribute.phrase}' → what links the person to it` : "'who / where / which / what is' → entities in the graph, and the messages");
  } else {
    intent = 'content';
    why.push('a question about what was said → message search');
  }

  let routes: AskRoute[];
  if (intent === 'time') routes = planned.classification === 'meta' ? ['timeline'] : ['timeline', 'search'];
  else if (intent === 'content') routes = period ? ['search', 'timeline'] : ['search'];
  else if (intent === 'who-most') routes = ['graph'];
  else routes = ['graph', 'search'];
  if (intent === 'content' && period) why.push(`'${period.phrase}' → the timeline's period as well`);

  // "the charity run I signed up for": the relative clause qualifies the thing; its words are not the topic
  const relative = /\b(?:that\s+|which\s+)?(?:i|we)\s+(?:have\s+|had\s+)?\w+(?:\s+(?:up|for|to|in|on|at|about|with|into))*\s*[?.!]*$/i.exec(q);
  const dropPhrases = [concept?.phrase ?? '', verb?.phrase ?? '', attribute?.phrase ?? '', period?.phrase ?? '', ordMatch?.[0] ?? '', relative && relative.index > 0 && !/^\s*(?:when|what|which|who|where|how)\b.{0,12}$/i.test(q.slice(0, relative.index)) ? relative[0] : ''];
  let keywords = topicWords(q, dropPhrases);
  // the conversation named by its title is where to look, not what it is about
  if (planned.conversation) {
    const scope = new Set(topicWords(`${planned.conversation} conversation chat thread`));
    keywords = keywords.filter((w) => !scope.has(w));
  }
  if (concept?.keywords) keywords = [...new Set([...concept.keywords, ...keywords])];
  // A concept's own word is a useful keyword when nothing else is left ("the concert").
  // templates that do not type by the concept match its words in labels instead
  if (concept && !concept.keywords && ['duration', 'amount', 'preference'].includes(intent)) keywords = [...new Set([...keywords, ...topicWords(concept.phrase)])];
  // a noun that makes the concept a kind of it ("day trip", "road trip", "birthday party") tells it from the others, even a time word
  if (concept) {
    const modifier = new RegExp(`\\b([a-z]{3,})\\s+${escapeRegExp(concept.phrase)}\\b`, 'i').exec(q)?.[1].toLowerCase();
    if (modifier && !/^(?:the|and|what|which|that|this|these|those|your|their|our|his|her|its|any|all|some|many|much|few|first|second|third|last|next|same|other|another|every|each|did|was|were|are|has|have|had|for|with|from|about|favou?rite|new|old|recent|latest|previous|upcoming|whole|entire|only|own|best|worst|big|small|little|long|short|good|bad|great)$/.test(modifier) && !keywords.includes(matchStem(modifier))) keywords = [...keywords, matchStem(modifier)];
  }

  let answerType: Analysis['answerType'] = 'other';
  if (intent === 'date' || intent === 'between') answerType = intent === 'between' ? 'number' : 'date';
  else if (intent === 'count' || (intent === 'update' && attribute?.numeric)) answerType = 'number';
  else if (intent === 'amount') answerType = 'amount';
  else if (intent === 'duration') answerType = 'duration';
  else if (/^\s*who\b/i.test(lower) || intent === 'who-most' || intent === 'who-with') answerType = 'person';
  else if (/^\s*where\b/i.test(lower)) answerType = 'place';
  else if (intent !== 'time' && intent !== 'content') answerType = 'thing';

  return {
    question: q,
    intent,
    routes,
    why,
    concept,
    verb,
    attribute,
    keywords,
    period,
    aboutNow,
    sentiment: negative ? 'negative' : positive ? 'positive' : null,
    ordinal,
    pair,
    pivot,
    excludeKnown,
    aboutConversation,
    answerType,
  };
}

export function classificationOf(a: Analysis, planned: PlannedQuestion): AskClassification {
  return { intent: a.intent, timeline: planned.classification, routes: a.routes, why: a.why };
}

