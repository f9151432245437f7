// Answers in plain words: values as a sentence, about the person asking in the second person
// ("Your favourite band is …", "You talked most with …"), about someone else by name;
// lists as lists (one item a line); property names as people say them ("start date", never
// "startDate"). What Ask reads from rows and messages is computed elsewhere (answer.ts); this
// only says it.

/** Whom an answer is about: the person asking ("you"), or someone the question names. */
export interface Who {
  /** The person asking (the memory's owner): second person. */
  you: boolean;
  name: string;
}

export const subjectOf = (who: Who) => (who.you ? 'You' : who.name);
export const possessive = (who: Who) => (who.you ? 'Your' : `${who.name}'s`);
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Items as a list: one a line, each with a bullet; a single item stays in the sentence. */
export function listLines(items: string[], max = 8): string {
  const shown = items.slice(0, max).map((i) => `• ${i}`);
  if (items.length > max) shown.push(`• and ${items.length - max} more`);
  return shown.join('\n');
}

/** "a, b and c". */
export function inWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "Your favourite band is The Weather Birds." / "Ana's favourite food is Thai food." */
export function favourite(who: Who, what: string, values: string[]): string {
  return `${possessive(who)} favourite ${what} ${values.length > 1 ? 'are' : 'is'} ${inWords(values)}.`;
}

const SENTIMENT_VERB: Record<string, [string, string]> = {
  loves: ['love', 'loves'],
  likes: ['like', 'likes'],
  prefers: ['prefer', 'prefers'],
  dislikes: ['dislike', 'dislikes'],
  avoids: ['avoid', 'avoids'],
  hates: ['hate', 'hates'],
};

/** "You dislike cilantro." / "Ana loves Thai food." */
export function preferenceSentence(who: Who, sentiment: string | undefined, object: string): string {
  const verb = SENTIMENT_VERB[(sentiment ?? '').toLowerCase()];
  if (!verb) return `${possessive(who)} preference: ${object}.`;
  return `${subjectOf(who)} ${who.you ? verb[0] : verb[1]} ${object}.`;
}

/** "You talked most with Ana (12 messages, in the past two weeks)." */
export function talkedMost(who: Who, name: string, messages: string, period: string | null, others: string[]): string {
  const rest = others.length ? ` Then ${inWords(others)}.` : '';
  return `${subjectOf(who)} talked most with ${name} (${messages} messages${period ? `, ${period}` : ''}).${rest}`;
}

/** "You spent €480 on your last trip: Long weekend in Porto (…)." */
export function spentOn(who: Who, amount: string, which: string, label: string): string {
  return `${subjectOf(who)} spent ${amount} on ${who.you ? 'your' : 'their'} ${which}: ${label}.`;
}

/** "Your dog is Pixel (beagle)." */
export function attributeSentence(who: Who, what: string, value: string): string {
  return `${possessive(who)} ${lower(what)} is ${value}.`;
}

const VERB_BASE: Record<string, string> = { has: 'have', is: 'are', was: 'were', does: 'do', goes: 'go' };

/**
 * A statement about the person asking, written about them by name ("Ana takes her coffee black",
 * "Ana dislikes olives"), in the second person ("You take your coffee black"). Other texts are
 * left as they are.
 */
export function secondPerson(text: string, name: string): string {
  const first = name.split(/\s+/)[0];
  const m = new RegExp(`^${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s+\\S+)*?\\s+([a-z]+)\\b(.*)$`).exec(text);
  if (!m || !text.startsWith(`${first} `)) return text;
  const rest = text.slice(first.length + 1);
  const [verb, ...tail] = rest.split(' ');
  const base = VERB_BASE[verb] ?? (/(?:ches|shes|sses|xes|zes)$/.test(verb) ? verb.slice(0, -2) : /[^s]s$/.test(verb) ? verb.slice(0, -1) : verb);
  return `You ${base} ${tail.join(' ').replace(/\b(?:her|his|their)\b/g, 'your').replace(/\b(?:herself|himself|themself|themselves)\b/g, 'yourself')}`.trim();
}
