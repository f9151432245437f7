// What kind of answer a question expects, read from its wording: a date, a clock or race time,
// a duration, an amount of money, a count, a frequency, a number, a person, a place, days of the
// week, a name, a yes / no, or a thing. A question with several parts ("How many sessions were
// prescribed, and where?", "When and where was the concert?", "What day trip did we do, and
// when?") is split into its parts, each with its own kind; a part with no words of its own leans
// on the first part's answer (answered from the same message). Also: does it ask for a list, is
// it about the past (plans and wishes do not answer it), does it compare two amounts.
import { topicWords } from './analyze';

export type AnswerKind =
  | 'date'
  | 'time'
  | 'duration'
  | 'amount'
  | 'count'
  | 'frequency'
  | 'number'
  | 'person'
  | 'place'
  | 'weekday'
  | 'name'
  | 'yesno'
  | 'thing';

export interface AnswerPart {
  kind: AnswerKind;
  /** The words of the question that ask for this part. */
  text: string;
  /** Its own topic words (empty: it leans on the first part). */
  keywords: string[];
  /** "what year" / "which month": how precise a date should be. */
  granularity?: 'year' | 'month' | 'day';
  /** A result time ("finish time", "race time"), where a duration answers too. */
  resultTime?: boolean;
  /**
   * The noun that names the kind of thing asked for ("what bird …", "what type of
   * boat …", "his favourite kind of tea" → bird, boat, tea), as its stem.
   */
  head?: string;
}

export interface ExpectedAnswer {
  parts: AnswerPart[];
  /** Several items are asked for ("what activities", "which books", "what are her pets' names"). */
  list: boolean;
  /** About what happened (past tense): plans and wishes do not answer it. */
  past: boolean;
  /** "how much more / less … than …", "difference between": two amounts compared. */
  compare: boolean;
  /** "how long has / have … ": since when, too. */
  since: boolean;
  /** About a plan ("when is she planning to …", "what will …"). */
  future: boolean;
}

const WH = '(?:when|where|who|whom|what|which|how|why)';

/** The kind of answer one question (or one part of it) asks for. */
export function kindOf(text: string): Pick<AnswerPart, 'kind' | 'granularity' | 'resultTime'> {
  const q = ` ${text.trim().toLowerCase()} `;
  if (/\bhow long ago\b|\bhow long since\b|\bhow long (?:has it been|is it|was it) since\b|\bhow many (?:days|weeks|months|years) (?:ago|since)\b|\bsince when\b|\bwhat (?:date|year|month|week)\b|\b(?:on|in|during) (?:what|which) (?:date|year|month|week)\b|\bwhich (?:date|year|month|week)\b/.test(q) || /^\s*(?:and\s+|so\s+)?when\b|\bwhen (?:did|was|is|were|will|do|does|had|has|have)\b|[,;]\s*(?:and\s+)?when\b/.test(q)) {
    return { kind: 'date', granularity: /\b(?:what|which) year\b/.test(q) ? 'year' : /\b(?:what|which) month\b/.test(q) ? 'month' : 'day' };
  }
  if (/\b(?:what|which) days? of the week\b|\b(?:what|which|on which|on what) (?:days|evenings?|mornings?|nights?|afternoons?|weekdays?)\b/.test(q)) return { kind: 'weekday' };
  if (/\b(?:what|which) day\b(?=\s+(?:is|was|did|does|do|will|are|were|and)\b|\s*[?,.]|\s*$)/.test(q)) return { kind: 'date', granularity: 'day' };
  // a result time: "my finish time", and "my time in the half marathon" (a possessive time is a result, not a time of day)
  if (/\b(?:finish(?:ing)?|race|lap|record|personal best|completion|marathon|10k|5k)\s+time\b|\b(?:my|his|her|their|your|our|[a-z]+'s)\s+time\s+(?:in|at|for|on)\b|\bhow fast did\b/.test(q)) return { kind: 'time', resultTime: true };
  if (/\b(?:what|which|at what) time\b|\bwhat time\b/.test(q)) return { kind: 'time' };
  // "how many minutes a day": a span of time in the unit asked for, not a count of things
  if (/\bhow long\b(?!\s+ago|\s+since|\s+(?:has it been|is it|was it)\s+since)|\bfor how long\b|\bwhat(?:'s| is| was) the duration\b|\bhow many (?:seconds|minutes|hours|days|nights|weeks|months|years)\b/.test(q)) return { kind: 'duration' };
  if (/\bhow often\b|\bhow many times (?:a|per|each|every)\b|\bhow frequently\b/.test(q)) return { kind: 'frequency' };
  // what is paid or earned: verbs of paying, and what people pay (a bill, the rent, a ticket) or are paid
  if (/\bhow much\b.*\b(?:cost|costs|pay|paid|spend|spent|price|charge[ds]?|fees?|earn(?:ed)?|raised?|donat\w*|sav(?:e|ed)|worth|budget|rent|owe[ds]?|bills?|invoices?|salary|wages?|tickets?|fares?|deposit|tips?|refund|bonus|mortgage|subscriptions?|insurance|tuition|loan|fines?|tax(?:es)?|euros?|dollars?|pounds|bucks)\b|\bhow much\b.*[€$£¥]|\bhow much money\b|\bwhat did .+ cost\b|\bwhat (?:was|is|were) the (?:price|cost|fee|rent|total)\b|\bhow much (?:did|does|do|was|is) .+ (?:cost|pay)\b/.test(q)) return { kind: 'amount' };
  // "how many km": a measure, said with its unit, not a count of things
  if (/\bhow many (?:km|kms|kilomet(?:er|re)s|miles|meters|metres|kg|kilos|kilograms|pounds|lbs|grams|litres|liters|calories|kcal|steps|degrees|percent)\b/.test(q)) return { kind: 'number' };
  if (/\bhow many\b|\bnumber of\b|\bhow much\b/.test(q)) return { kind: /\bhow much\b/.test(q) && !/\bhow many\b/.test(q) ? 'number' : 'count' };
  if (/\bhow (?:old|far|tall|big|heavy|fast|high|deep|long is|large)\b/.test(q)) return { kind: 'number' };
  if (/^\s*(?:and\s+)?(?:who|whom|with whom)\b|\bwho (?:did|was|is|were|went|came|else|looked|helped|gave|recommended|performed|supports?|joined)\b/.test(q)) return { kind: 'person' };
  if (/^\s*(?:and\s+)?where\b|\bwhere (?:did|was|is|were|do|does|can|will|has|have)\b|\b(?:what|which) (?:city|country|town|place|village|state|restaurant|cafe|café|bar|venue|park|shop|store|museum|beach|lake|island|spot|location|neighbou?rhood|hotel)\b/.test(q)) return { kind: 'place' };
  if (/\bwhat(?:'s| is| was| are| were) (?:the |my |his |her |their |its |your )?(?:\w+'s? )?names?\b|\bwhat did (?:i|we|he|she|they|\w+) (?:name|call)\b|\bwhat (?:is|was) .+ called\b/.test(q)) return { kind: 'name' };
  if (/^\s*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b/.test(q)) return { kind: 'yesno' };
  // "what book …", "which song …": a work or a place with a name (in quotes, or capitalized)
  if (/^\s*(?:and\s+)?(?:what|which)\s+(?:\w+\s+)?(?:books?|novels?|movies?|films?|songs?|albums?|shows?|series|games?|podcasts?|bands?|artists?|paintings?|brands?|apps?|plays?|musicals?)\b/.test(q)) return { kind: 'name' };
  // "which gym …", "which restaurant did …": a named thing
  if (/^\s*(?:and\s+)?which\s+(?!(?:one|ones|way|kind|kinds|type|types|sort)\b)[a-z-]+\s+(?:do|did|does|is|was|am|are|were|have|has|had|will|would)\b/.test(q)) return { kind: 'name' };
  return { kind: 'thing' };
}

const HEAD_AUX = '(?:did|does|do|is|was|are|were|has|have|had|will|would|can|could|should|made|makes)';
/** Words too general to say what kind of thing is asked for. */
const GENERAL_HEAD = /^(?:thing|things|stuff|one|ones|kind|type|sort|way|ways|else|something|anything|part|reason|lot|bit)$/;

/** The noun that names the kind of thing a question asks for, or undefined. */
export function headNoun(text: string): string | undefined {
  const q = text.trim().toLowerCase().replace(/[?.!]+$/, '');
  const m =
    new RegExp(`^(?:and\\s+)?(?:what|which)\\s+(?:(?:kinds?|types?|sorts?|styles?|genres?|forms?)\\s+of\\s+)?((?:[a-z-]+\\s+){0,2}?[a-z-]+)\\s+${HEAD_AUX}\\b`).exec(q) ??
    /\bfavou?rite\s+(?:(?:kinds?|types?|sorts?|styles?|genres?|forms?)\s+of\s+)?((?:[a-z-]+\s+){0,1}?[a-z-]+)\b(?:\s+(?:is|was|of|to|from|for|in)\b|$)/.exec(q);
  const noun = m?.[1].split(/\s+/).pop();
  if (!noun || GENERAL_HEAD.test(noun) || /^(?:is|was|are|were|do|did|does|has|have|had)$/.test(noun)) return undefined;
  return topicWords(noun)[0];
}

/** The question in parts: "X, and when?" → X + when; "When and where was X?" → when X + where X. */
export function splitParts(question: string): string[] {
  const q = question.trim().replace(/[?.!]+\s*$/, '');
  // "When and where …", "What time and where …"
  const paired = new RegExp(`^((?:what time|when|where|who|how (?:much|many|long)))\\s+and\\s+(what time|when|where|who|how (?:much|many|long))\\b\\s*(.*)$`, 'i').exec(q);
  if (paired) return [`${paired[1]} ${paired[3]}`.trim(), `${paired[2]} ${paired[3]}`.trim()];
  const parts = q.split(new RegExp(`\\s*(?:,\\s*(?:and\\s+)?|\\s+and\\s+)(?=${WH}\\b)`, 'i')).map((p) => p.trim()).filter(Boolean);
  return parts.length > 1 ? parts : [q];
}

const AUX = /^(?:did|does|do|has|have|had|are|were|is|was|can|could|will|would|should)$/;
const NOT_PLURAL = /^(?:was|is|has|does|this|his|its|yes|us|plus|less|unless|series|news|class|business|process|address|bus|gas|glass|dress|miss|boss|kiss|loss|stress|success|progress)$/;

/** Several items are asked for: "what books has …", "what activities does …", "what are her pets' names". */
function asksForList(question: string): boolean {
  const q = question.trim().toLowerCase().replace(/[?.!]+$/, '');
  if (/\b(?:favou?rite|first|last|main|best|only|latest|most)\b/.test(q)) return false;
  // "what are the names of his children", "who have written to her": several named
  if (/\bnames of (?:\w+['’]s? |his |her |their |my |the )?\w+(?:ies|[^s]s|ren)\b/.test(q) || /^\s*who (?:have|are|were)\b/.test(q)) return true;
  if (/\bin what ways\b|\b(?:list|name) (?:all|the|every)\b|^\s*where (?:has|have)\b|^\s*what (?:has|have) \w+ (?:done|made|painted|read|visited|bought|tried|created|written|cooked|baked)\b/.test(q)) return true;
  // "what <modifiers> <plural noun> <auxiliary> …": the noun right before the first auxiliary
  const m = /^\s*(?:what|which)\s+(.*)$/.exec(q);
  if (m) {
    const words = m[1].split(/\s+/);
    const types = /^(?:types?|kinds?|sorts?)$/.test(words[0] ?? '') && words[1] === 'of';
    const rest = types ? words.slice(2) : words;
    const aux = rest.findIndex((w, i) => i > 0 && i <= 4 && AUX.test(w));
    if (aux > 0) {
      const noun = rest[aux - 1].replace(/[^a-z'-]/g, '');
      const plural = (/(?:ies|[^s'u]s|s')$/.test(noun) && !NOT_PLURAL.test(noun) && !AUX.test(noun)) || /^(?:people|children|men|women|kids)$/.test(noun);
      if (plural || (types && /^types?|^kinds|^sorts/.test(words[0]) && words[0].endsWith('s'))) return true;
    }
  }
  return /^\s*what (?:are|were) (?:\w+'s?|her|his|their|my|the)\s+(?:\w+\s+)?\w+(?:ies|[^s]s|s')(?:\s+\w+s)?$/.test(q);
}

/** What a question expects: its parts and their kinds, list, past, comparison. */
export function expectedAnswer(question: string): ExpectedAnswer {
  const texts = splitParts(question);
  const parts: AnswerPart[] = texts.map((text, i) => {
    const k = kindOf(text);
    const own = topicWords(text);
    const head = k.kind === 'thing' || k.kind === 'name' ? headNoun(text) : undefined;
    return { ...k, text, keywords: i === 0 ? own : own.filter((w) => !topicWords(texts[0]).includes(w)), ...(head ? { head } : {}) };
  });
  const q = question.toLowerCase();
  const list = parts.length === 1 && ['thing', 'place', 'person', 'name'].includes(parts[0].kind) && asksForList(question);
  const past = /\b(?:did|was|were|had|went|got|made|ran|took|diagnosed|prescribed|finished|ended|won)\b/.test(q) && !/\b(?:will|going to|plan(?:ning|s)? to|next)\b/.test(q);
  const compare = /\bhow much (?:more|less|cheaper|extra)\b.*\bthan\b|\b(?:more|less|cheaper|pricier|dearer) than\b.*\bhow much\b|\bdifference (?:in|between)\b.*\b(?:cost|price)/.test(q);
  const since = /\bhow long (?:has|have|had)\b/.test(q);
  const future = /\b(?:will|going to|plan(?:ning|s)?|planned|next|upcoming)\b/.test(q) && !past;
  return { parts, list, past, compare, since, future };
}
