// Follow-ups in an Ask conversation → self-contained questions, using the record of earlier
// turns (their rewrites, answers and the entities their rows were about):
//  - "who else was there?" → "Who else was at <the event of the previous answer>?", leaving out
//    the people already named;
//  - "what about Ana?" / "and my brother?" → the previous question about the new subject;
//  - "when did I buy it?" → "it" becomes the previous topic ("my new running shoes");
//  - "and before that?" → before the previous answer's event (graph), or, when the previous
//    turn was a time question, the timeline planner's own follow-up rewrite (it reads the
//    dialogue as context).
import type { AskTurn, RdfTerm } from '../../../../shared/types';
import { matchStem } from '../../../../shared/text/stem';
import { words } from '../../../../shared/text/words';
import { topicWords } from './analyze';

export interface FollowUp {
  text: string;
  rewritten: boolean;
  /** Entities the previous turn was about (its main rows). */
  focus: string[];
  focusLabel: string | null;
  /** Entities its answer already named ("else" leaves them out). */
  exclude: string[];
  /** One line for the plan's explanation. */
  note?: string;
}

const ANAPHORA = /\b(there|then|it|its|that|this|those|these|them|they|he|she|him|her|the same)\b/i;
const LEAD = /^\s*(?:and|but|also|so|ok(?:ay)?|then)\b[\s,]*/i;

const isIri = (t: RdfTerm | undefined): t is { type: 'uri'; value: string } => !!t && t.type === 'uri' && t.value.startsWith('https://engram.local/memory/');

/** The entities a turn was about: the main variable of its best rows, and what else its answer named. */
export function turnEntities(turn: AskTurn): { focus: string[]; focusLabel: string | null; named: string[] } {
  const r = turn.results.sparql;
  if (!r || r.kind !== 'select' || !r.rows.length) return { focus: [], focusLabel: null, named: [] };
  const top = r.ranked.slice(0, 3).map((i) => r.rows[i]).filter(Boolean);
  const mainVar = ['x', 'value', 'a', 'item', 'person'].find((v) => r.vars.includes(v) && top.some((row) => isIri(row[v]))) ?? r.vars.find((v) => top.some((row) => isIri(row[v])));
  const focus: string[] = [];
  const named: string[] = [];
  let focusLabel: string | null = null;
  for (const row of top) {
    for (const [v, t] of Object.entries(row)) {
      if (!isIri(t) || t.value.endsWith('/')) continue;
      if (v === 'me') continue;
      if (v === mainVar) {
        if (!focus.includes(t.value)) focus.push(t.value);
        const label = row.label ?? row[`${v}Label`];
        if (!focusLabel && label?.type === 'literal') focusLabel = label.value;
      } else if (!named.includes(t.value)) named.push(t.value);
    }
  }
  return { focus: focus.slice(0, 3), focusLabel, named };
}

/**
 * What "else" leaves out: the entities named by the last turn and, while the turns before it
 * asked "who … else" about the same thing, by those too ("who else?" twice names no one twice).
 */
export function namedInChain(earlier: AskTurn[]): string[] {
  const out = new Set<string>();
  for (let i = earlier.length - 1; i >= 0; i--) {
    for (const n of turnEntities(earlier[i]).named) out.add(n);
    if (!/\belse\b/i.test(earlier[i].question)) break;
  }
  return [...out];
}

/** The words of a question that carry its topic, as they were written ("my new running shoes"). */
export function topicPhrase(question: string): string {
  const keys = new Set(topicWords(question.replace(/\b(pay|paid|cost|costs|spend|spent|buy|bought|purchased?|price)\b/gi, ' ')));
  const spaced = question.replace(/[?.!]+$/, '').split(/\s+/);
  let first = -1;
  let last = -1;
  spaced.forEach((w, i) => {
    const t = words(w)[0];
    if (t && keys.has(matchStem(t))) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) return '';
  while (first > 0 && /^(my|the|our|a|an|his|her|their)$/i.test(spaced[first - 1])) first--;
  return spaced.slice(first, last + 1).join(' ').replace(/[,;:]+$/, '');
}

export function rewriteFollowUp(question: string, earlier: AskTurn[]): FollowUp {
  const prev = earlier[earlier.length - 1];
  const none: FollowUp = { text: question, rewritten: false, focus: [], focusLabel: null, exclude: [] };
  if (!prev) return none;
  const q = question.trim();
  const ents = turnEntities(prev);
  const own = topicWords(q.replace(LEAD, ''));
  const base: FollowUp = { ...none, focus: ents.focus, focusLabel: ents.focusLabel, exclude: /\belse\b/i.test(q) ? namedInChain(earlier) : [] };
  const prevTopic = ents.focusLabel ?? topicPhrase(prev.rewrite);
  const startsLikeFollowUp = LEAD.test(q) || /^\s*(what|how) about\b/i.test(q);
  const pointsBack = ANAPHORA.test(q);
  if (!startsLikeFollowUp && !pointsBack && !/\belse\b/i.test(q)) return { ...none, focus: ents.focus, focusLabel: ents.focusLabel };
  // after a time question, time follow-ups ("and the day before?") are the timeline planner's: it reads the dialogue
  const timeWords = /\b(day|days|week|weeks|month|months|year|session|sessions|time|before|after|morning|afternoon|evening|night|earlier|later|yesterday|today)\b/i;
  if (prev.classification.intent === 'time' && timeWords.test(q) && own.length <= 2) return base;

  // "what about Ana?" / "and my brother?": the previous question about a new subject
  const about = /^\s*(?:and\s+)?(?:what|how) about\s+(.+?)[?.!]*$/i.exec(q) ?? /^\s*and\s+((?:my|the|our)\s+.+?|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)[?.!]*$/.exec(q);
  if (about && !timeWords.test(about[1]) && !ANAPHORA.test(about[1])) {
    const subject = about[1].trim();
    const prevQ = prev.rewrite.replace(/[?.!]+$/, '');
    const phrase = topicPhrase(prev.rewrite);
    let text: string;
    const names = prevQ.match(/\b[A-Z][a-z]+\b/g)?.filter((n, i) => i > 0 || !/^(What|When|Where|Who|Which|How|Did|Do|Is|Was|Are)$/.test(n)) ?? [];
    if (/^[A-Z]/.test(subject) && names.length) text = prevQ.replace(new RegExp(`\\b${names[names.length - 1]}\\b`), subject);
    else if (phrase) {
      const possessive = /^(my|our|the)\b/i.test(subject) ? subject : phrase.replace(/^(my|the|our)\s.*$/i, (m) => `${m.split(' ')[0]} ${subject}`);
      text = prevQ.replace(phrase, possessive === phrase ? subject : possessive);
    } else text = `${prevQ} (${subject})`;
    return { ...base, focus: [], focusLabel: null, text: `${text}?`, rewritten: true, note: `'${q}' → the previous question about ${subject}` };
  }

  // "and before that?" / "what happened after that?" after an answer about a dated event
  const shift = /\b(before|after)\s+(?:that|this|it|then)\b/i.exec(q);
  if (shift) {
    if (prev.classification.intent === 'time' || !ents.focusLabel) return base; // the timeline planner reads the dialogue
    return { ...base, text: `What did I do ${shift[1].toLowerCase()} ${ents.focusLabel}?`, rewritten: true, note: `'${shift[0]}' → ${shift[1].toLowerCase()} '${ents.focusLabel}'` };
  }

  // "who else was there?"
  if (/\bthere\b/i.test(q) && prevTopic) {
    const text = q.replace(LEAD, '').replace(/\bthere\b/i, `at ${ents.focusLabel ? `"${ents.focusLabel}"` : prevTopic}`);
    return { ...base, text: cap(text), rewritten: true, note: `'there' → ${ents.focusLabel ? `'${ents.focusLabel}'` : `'${prevTopic}'`}` };
  }

  // "when did I buy it?": the pronoun becomes the previous topic
  // (the thing the previous question named, rather than the label of an action about it)
  const thing = topicPhrase(prev.rewrite) || prevTopic;
  if (pointsBack && own.length <= 3 && thing) {
    const pronoun = /\b(it|that|this|them|those|these)\b/i.exec(q);
    if (pronoun) {
      const text = q.replace(LEAD, '').replace(new RegExp(`\\b${pronoun[1]}\\b`, 'i'), thing);
      return { ...base, text: cap(text), rewritten: true, note: `'${pronoun[1]}' → '${thing}'` };
    }
  }
  if (LEAD.test(q) && own.length <= 2 && prevTopic) {
    const text = `${q.replace(LEAD, '').replace(/[?.!]+$/, '')} (${prevTopic})?`;
    return { ...base, text: cap(text), rewritten: true, note: `follow-up → about '${prevTopic}'` };
  }
  return base;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
