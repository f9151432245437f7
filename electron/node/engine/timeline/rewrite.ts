// Follow-ups → self-contained questions, by carrying references from the dialogue.
//
// "Can you summarize what we discussed?" after "I see in my calendar that we talked 167 days
// ago" is planned as "What did we discuss 167 days ago?". A question is completed from the
// dialogue when it has no time or session reference of its own and either points back
// ("that day", "then", "those conversations", "the one before that", "and what did you say…")
// or asks for nothing but a summary. The reference comes from the latest earlier turn that has
// one; "it" / "that" as the topic is replaced by the words of the latest turn that had a topic.
// A shift ("the next one", "two sessions before that", "the Nth one") takes the reference along
// to shift it; a bare ordinal ("and the 8th?") takes its noun from the carried reference.
import { ANAPHORA, CONTINUATION, contentWords } from './classify';
import { extractRefs, unreadTimes, type GrammarContext, type Ref } from './grammar';

export interface DialogueTurn {
  speaker: string;
  text: string;
}

export interface Rewrite {
  text: string;
  rewritten: boolean;
  /** The words carried over, quoted, for the explanation. */
  carried?: string;
}

const CARRIED_KINDS = new Set<Ref['kind']>(['session', 'dates', 'response', 'timeOfDay', 'upToNow', 'dayName', 'window', 'recent']);
const OWN_KINDS = new Set<Ref['kind']>(['session', 'dates', 'response', 'timeOfDay', 'upToNow', 'dayName', 'recent', 'window']);

/** Time anaphora that the carried phrase replaces in place. */
const TIME_ANAPHOR =
  /\b(?:(?:on|during|from|in|over|at)\s+)?(?:that\s+(?:day|date|time|week|month|period|session|conversation|chat|discussion)|those\s+(?:days|dates|times|weeks|sessions|conversations|chats|discussions)|(?:over\s+)?this\s+period|back\s+then|then)\b/i;

function phraseOf(refs: Ref[]): string {
  const texts: string[] = [];
  for (const r of refs) {
    let t = r.text.trim().replace(/[.?!,;:]+$/, '');
    if (texts.some((x) => x.includes(t))) continue;
    const startsWithPreposition = /^(?:on|in|at|during|over|from|between|since|before|after|across|throughout|within|for|by|until|till|of)\b/i.test(t);
    if (!startsWithPreposition) {
      if (r.kind === 'session' && /^(?:our|the|my)\b/i.test(t)) t = `in ${t}`;
      else if (r.kind === 'session' && /^(?:sessions?|conversations?|discussions?|chats?|convos?|talks?)\b/i.test(t)) t = `in ${t}`;
      else if (r.kind === 'dates' && !r.relative) t = `${r.unit === 'day' ? 'on' : 'in'} ${t}`;
    }
    texts.push(t);
  }
  return texts.join(' ');
}

/** Rewrites a follow-up into a self-contained question (or returns it unchanged). */
export function rewriteFollowUp(question: string, context: DialogueTurn[], gctx: GrammarContext): Rewrite {
  // (every rewrite of one shape: a second shape made the optimised planner deopt on it)
  const unchanged: Rewrite = { text: question, rewritten: false, carried: undefined };
  if (!context.length) return unchanged;
  const own = extractRefs(question, gctx);
  const bareOrdinals = own.refs.filter((r): r is Extract<Ref, { kind: 'dates' }> => r.kind === 'dates' && r.bareOrdinal !== undefined);
  // a position in a period named by an anaphor ("the last one that month") needs the period carried
  const anaphoricPeriod = TIME_ANAPHOR.test(question);
  const ownTime = own.refs.filter(
    (r) => OWN_KINDS.has(r.kind) && !bareOrdinals.includes(r as Extract<Ref, { kind: 'dates' }>) && !(r.kind === 'session' && (r.nthOfSet || (r.inPeriod && anaphoricPeriod))),
  );
  const shifts = own.refs.filter((r) => r.kind === 'shift' || (r.kind === 'session' && r.nthOfSet));
  let rest = own.rest;
  for (const r of own.refs) if (r.kind === 'speaker' || r.kind === 'role') rest = rest.slice(0, r.start) + ' '.repeat(r.end - r.start) + rest.slice(r.end);
  const topicWords = contentWords(rest);
  const pointsBack = ANAPHORA.test(question) || CONTINUATION.test(question);
  // a time of its own that could not be read ("a while ago") is not replaced by the dialogue's
  if (unreadTimes(rest).some((m) => !/^(?:that|those|these|this)\b/i.test(m[0]))) return unchanged;
  const needsTime = ownTime.length === 0 && (shifts.length > 0 || bareOrdinals.length > 0 || pointsBack || topicWords.length === 0);
  if (!needsTime) return unchanged;

  // each earlier turn is read once
  const read = new Map<number, ReturnType<typeof extractRefs>>();
  const turn = (i: number) => {
    let ex = read.get(i);
    if (!ex) read.set(i, (ex = extractRefs(context[i].text, gctx)));
    return ex;
  };
  let carried: Ref[] = [];
  for (let i = context.length - 1; i >= 0 && !carried.length; i--) {
    const ex = turn(i);
    carried = ex.refs.filter((r) => CARRIED_KINDS.has(r.kind) && !(r.kind === 'dates' && r.future));
  }
  // one day named twice ("three days ago, on Saturday") is carried once, so a shift moves all of it
  carried = carried.filter((r, i) => r.kind !== 'dates' || !carried.slice(0, i).some((x) => x.kind === 'dates' && JSON.stringify(x.ranges) === JSON.stringify(r.ranges)));
  // days an answer names inside a period it names ("in April, first on Easter Sunday") are examples of it: the period is carried
  const dated = carried.filter((r): r is Extract<Ref, { kind: 'dates' }> => r.kind === 'dates');
  const within = (r: Extract<Ref, { kind: 'dates' }>, o: Extract<Ref, { kind: 'dates' }>) =>
    o !== r && r.ranges.every(([a, b]) => o.ranges.some(([x, y]) => a >= x && b <= y)) && JSON.stringify(o.ranges) !== JSON.stringify(r.ranges);
  carried = carried.filter((r) => r.kind !== 'dates' || !dated.some((o) => within(r, o)));
  // "that month" / "that day" stands for the period of the earlier turn, not its session
  const anaphor = TIME_ANAPHOR.exec(question)?.[0] ?? '';
  if (/\b(?:day|date|week|month|period)\b/i.test(anaphor) && carried.some((r) => r.kind === 'dates')) carried = carried.filter((r) => r.kind === 'dates');
  if (!carried.length) return unchanged;
  const base = question.trim();

  // "and in the 8th?" after a question about sessions: the 8th session (the noun comes from what is carried)
  if (bareOrdinals.length && carried.every((r) => r.kind === 'session')) {
    let text = question;
    for (const r of [...bareOrdinals].sort((a, b) => b.end - a.end)) {
      const [, oe] = own.toOriginal(r.start, r.end);
      text = `${text.slice(0, oe)} session${text.slice(oe)}`;
    }
    return { text, rewritten: true, carried: "'session' (the noun of the earlier turn)" };
  }

  // "the 13th one" after one session: the 13th session (only a set of at least N sessions has an Nth)
  const nth = own.refs.filter((r): r is Extract<Ref, { kind: 'session' }> => r.kind === 'session' && !!r.nthOfSet);
  if (nth.length && nth.length === shifts.length && !bareOrdinals.length) {
    const size = Math.max(0, ...carried.map((r) => (r.kind !== 'session' ? 0 : r.sel.t === 'index' ? r.sel.to - r.sel.from + 1 : r.sel.t === 'list' ? r.sel.values.length : r.sel.t === 'ago' ? Math.abs(r.sel.from - r.sel.to) + 1 : r.sel.n)));
    if (nth.every((r) => r.nthOfSet! > size)) return unchanged;
  }
  const phrase = phraseOf(carried);
  const quoted = `'${phrase}'`;

  // the topic: "what did she say about it?" takes the topic of the latest turn that had one
  let topic = '';
  if (topicWords.length === 0 || /\babout\s+(?:it|that|this|them)\b/i.test(base)) {
    for (let i = context.length - 1; i >= 0 && !topic; i--) {
      const ex = turn(i);
      let r = ex.rest;
      for (const ref of ex.refs) if (ref.kind === 'speaker') r = r.slice(0, ref.start) + ' '.repeat(ref.end - ref.start) + r.slice(ref.end);
      const w = contentWords(r);
      if (w.length && /\babout\b/i.test(context[i].text)) topic = w.join(' ');
    }
  }

  if (shifts.length || bareOrdinals.length) {
    return { text: `${base.replace(/[?.!\s]+$/, '')} (${phrase})?`, rewritten: true, carried: quoted };
  }
  if (TIME_ANAPHOR.test(base)) {
    const text = base.replace(TIME_ANAPHOR, (m) => (/those|conversation|chat|discussion|session/i.test(m) ? `our conversations ${phrase}` : phrase));
    return { text: topic ? text.replace(/\babout\s+(?:it|that|this|them)\b/i, `about ${topic}`) : text, rewritten: true, carried: quoted };
  }
  // a question of its own words about whom ("and what did you suggest?") keeps them
  const keepsOwnWords = own.refs.some((r) => r.kind === 'role' || r.kind === 'speaker');
  if (topicWords.length === 0 && !keepsOwnWords) {
    const about = topic && /\babout\s+(?:it|that|this|them)\b/i.test(base) ? ` about ${topic}` : '';
    return { text: `What did we discuss${about} ${phrase}?`, rewritten: true, carried: quoted };
  }
  const withTopic = topic ? base.replace(/\babout\s+(?:it|that|this|them)\b/i, `about ${topic}`) : base;
  return { text: `${withTopic.replace(/[?.!\s]+$/, '')} ${phrase}?`, rewritten: true, carried: quoted };
}
