// From results to an answer, offline: the rows of a template are read the way the template
// means them (a count, a date, the latest value, a ranking…), values are computed in code, and
// when the graph has nothing the best evidence message is stated plainly — the sentence that
// best answers the question, with its date resolved, its amount or duration picked out.
import type { AskComputation, AskEvidenceMessage, AskEvidenceTriple, AskSparqlResults, MessageRow, PlanRun, RdfTerm } from '../../../../shared/types';
import type { Analysis } from './analyze';
import { stem, tokens, topicWords } from './analyze';
import { dayDifference, findAmounts, findDates, findDurations, formatMoney, humanMinutes, latestValue, nth, ordinalWord, parseIsoDuration, humanDuration, readableValue, sumAmounts, type Candidate } from './compute';
import { humanDate, shortStamp } from './dates';
import type { TemplateId } from './templates';

type Row = Record<string, RdfTerm>;

export interface Interpretation {
  /** The answer the rows give, or null when they do not answer the question. */
  text: string | null;
  computation?: AskComputation;
  /** Triple refs that support it. */
  refs: string[];
  /** Entities the answer is about (for follow-ups). */
  entities: string[];
}

const lit = (t: RdfTerm | undefined): string | undefined => (t ? (t.type === 'literal' ? t.value : undefined) : undefined);
const val = (t: RdfTerm | undefined): string | undefined => (t ? (t.type === 'uri' ? t.value.split(/[/#]/).pop()!.replace(/-/g, ' ') : t.value) : undefined);
const labelOf = (row: Row, ...vars: string[]) => {
  for (const v of vars) {
    const l = lit(row[v]);
    if (l) return l;
  }
  for (const v of vars) if (row[v]) return val(row[v]);
  return undefined;
};

function refsFor(triples: AskEvidenceTriple[], iris: string[]): string[] {
  const set = new Set(iris);
  return triples.filter((t) => set.has(t.s.iri) || (t.o.type === 'uri' && set.has(t.o.value))).map((t) => t.ref).slice(0, 6);
}

function iris(rows: Row[], v: string): string[] {
  return [...new Set(rows.map((r) => r[v]).filter((t): t is { type: 'uri'; value: string } => t?.type === 'uri').map((t) => t.value))];
}

function dateOf(row: Row, ...vars: string[]): string | undefined {
  for (const v of vars) if (row[v]?.type === 'literal' && /^\d{4}-\d{2}-\d{2}/.test(row[v].value)) return row[v].value;
  return undefined;
}

function wordsMatch(text: string, words: string[]): number {
  const toks = new Set(tokens(text).map(stem));
  const lower = text.toLowerCase();
  return words.filter((w) => toks.has(w) || lower.includes(w)).length;
}

function distinctBy(rows: Row[], v: string): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = r[v]?.value ?? JSON.stringify(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function listText(items: string[], max = 8): string {
  if (items.length <= max) return items.join('; ');
  return `${items.slice(0, max).join('; ')}; and ${items.length - max} more`;
}

/** What the rows of a query say, read according to the template that wrote it. */
export function interpretRows(template: TemplateId | null, a: Analysis, res: AskSparqlResults, triples: AskEvidenceTriple[], today: string): Interpretation {
  const none: Interpretation = { text: null, refs: [], entities: [] };
  if (res.error || !res.rows.length) return none;
  const ordered = res.ranked.map((i) => res.rows[i]);
  const top = ordered[0];
  switch (template) {
    case 'count-class': {
      const n = Number(lit(top.count) ?? ordered.length);
      if (!n) return none;
      const items = distinctBy(res.rows.filter((r) => r.x), 'x');
      const labels = items.map((r) => `${labelOf(r, 'label', 'objectLabel') ?? '?'}${dateOf(r, 'date') ? ` (${dateOf(r, 'date')!.slice(0, 10)})` : ''}`);
      const ents = iris(items, 'x');
      return {
        text: `${n}${labels.length ? `: ${listText(labels)}` : ''}`,
        computation: { kind: 'count', value: String(n), detail: `COUNT(DISTINCT ?x) over ${a.concept?.phrase ?? 'the matches'} = ${n}`, refs: refsFor(triples, ents) },
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'list-class':
    case 'did-verb':
    case 'recommended':
    case 'before-after': {
      const key = template === 'recommended' ? 'item' : 'x';
      let rows = res.rows;
      if (template === 'before-after' && a.pivot) {
        // the pivot that best matches its words, then the nearest in time (the query's own order)
        const words = topicWords(a.pivot.text);
        const pivots = [...new Set(res.rows.map((r) => r.pivot?.value ?? ''))];
        const pivotLabel = (p: string) => lit(res.rows.find((r) => (r.pivot?.value ?? '') === p)?.pivotLabel) ?? '';
        const bestPivot = pivots.sort((p1, p2) => wordsMatch(pivotLabel(p2), words) - wordsMatch(pivotLabel(p1), words))[0];
        rows = res.rows.filter((r) => (r.pivot?.value ?? '') === bestPivot);
      }
      const first = rows[0];
      const items = distinctBy(rows, key);
      const labels = items.map((r) => {
        const name = labelOf(r, 'objectLabel', 'itemLabel', 'label') ?? '?';
        const d = dateOf(r, 'date');
        const price = lit(r.price) ? `, ${formatMoney(Number(lit(r.price)), lit(r.currency) ?? '')}` : '';
        return `${name}${d ? ` (${d.slice(0, 10)}${price})` : price ? ` (${price.slice(2)})` : ''}`;
      });
      const ents = iris(items, key);
      const pivot = template === 'before-after' && first?.pivotLabel ? ` (${a.pivot?.dir} ${lit(first.pivotLabel)}, ${dateOf(first, 'pivotDate')?.slice(0, 10)})` : '';
      return { text: template === 'before-after' ? `${labels[0]}${pivot}${labels.length > 1 ? `; earlier/later: ${listText(labels.slice(1), 4)}` : ''}` : listText(labels), refs: refsFor(triples, ents), entities: ents };
    }
    case 'nth-event': {
      const items = distinctBy(res.rows, 'x').map((r) => ({ row: r, date: dateOf(r, 'date') }));
      const n = a.ordinal ?? 1;
      const pick = nth(items, n);
      if (!pick) return none;
      const dated = items.filter((x) => x.date).length;
      const ents = iris([pick.row], 'x');
      const value = `${labelOf(pick.row, 'label')} (${humanDate(pick.date!)})`;
      return {
        text: value,
        computation: { kind: 'nth', value, detail: `the ${ordinalWord(n)} of ${dated} dated ${a.concept?.phrase ?? 'events'} in date order`, refs: refsFor(triples, ents) },
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'event-date': {
      const d = dateOf(top, 'date', 'endDate');
      if (!d) return { text: null, refs: [], entities: iris([top], 'x') };
      const place = lit(top.place);
      const end = dateOf(top, 'endDate');
      const ents = iris([top], 'x');
      const value = `${humanDate(d)}${end && end !== d ? ` – ${humanDate(end)}` : ''}`;
      return {
        text: `${value} (${labelOf(top, 'label')}${place ? `, ${place}` : ''})`,
        computation: { kind: 'date', value, detail: `the date of '${labelOf(top, 'label')}' in the graph`, refs: refsFor(triples, ents) },
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'days-between': {
      if (!a.pair) return none;
      const wa = topicWords(a.pair[0]);
      const wb = topicWords(a.pair[1]);
      const pairScore = (r: Row) => wordsMatch(`${lit(r.aLabel)}`, wa) + wordsMatch(`${lit(r.bLabel)}`, wb) - (r.a && r.b && r.a.value === r.b.value ? 10 : 0);
      const best = [...res.rows].sort((r1, r2) => pairScore(r2) - pairScore(r1))[0];
      const da = dateOf(best, 'aDate');
      const db = dateOf(best, 'bDate');
      if (!da || !db) return none;
      const diff = dayDifference(da, db);
      const ents = [...iris([best], 'a'), ...iris([best], 'b')];
      return {
        text: `${diff.value}: ${lit(best.aLabel)} on ${da.slice(0, 10)}, ${lit(best.bLabel)} on ${db.slice(0, 10)}`,
        computation: { kind: 'days-between', value: diff.value, detail: diff.detail, refs: refsFor(triples, ents) },
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'who-most': {
      const people = ordered.filter((r) => r.name && r.messages);
      if (!people.length) return none;
      const value = people.slice(0, 4).map((r) => `${lit(r.name)} (${lit(r.messages)} messages)`).join(', ');
      const ents = iris(people.slice(0, 1), 'person');
      return {
        text: `${lit(people[0].name)}${people.length > 1 ? ` — ${value}` : ` (${lit(people[0].messages)} messages)`}`,
        computation: { kind: 'ranking', value, detail: `messages per person${a.period ? ` from ${a.period.from} to ${a.period.to}` : ''}, most first`, refs: refsFor(triples, ents) },
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'who-with': {
      const people = distinctBy(res.rows, 'person');
      const names = [...new Set(people.map((r) => lit(r.name) ?? val(r.person)!))];
      const ents = [...iris(people, 'person'), ...iris(people, 'x')];
      return { text: `${listText(names)}${top.label ? ` (${lit(top.label)})` : ''}`, refs: refsFor(triples, ents), entities: iris(people, 'x') };
    }
    case 'preference': {
      const live = ordered.filter((r) => lit(r.superseded) !== 'true');
      const use = (live.length ? live : ordered).slice(0, 3);
      const items = use.map((r) => labelOf(r, 'label') ?? `${lit(r.sentiment) ?? ''} ${labelOf(r, 'objectLabel', 'object') ?? ''}`.trim());
      const ents = iris(use, 'x');
      return { text: listText([...new Set(items)]), refs: refsFor(triples, ents), entities: ents };
    }
    case 'my-attribute':
    case 'current-of-class': {
      const cands: Candidate[] = res.rows.map((r) => ({
        value: r.value?.value ?? '',
        label: readableValue(labelOf(r, 'label', 'value') ?? '', r.value?.type === 'literal' ? r.value.datatype : undefined),
        since: dateOf(r, 'validFrom', 'said'),
        until: dateOf(r, 'validUntil'),
        superseded: lit(r.superseded) === 'true',
      }));
      const merged = new Map<string, Candidate>();
      for (const cand of cands) {
        const k = `${cand.value}|${cand.label}`;
        const prev = merged.get(k);
        if (!prev || (cand.since ?? '') > (prev.since ?? '')) merged.set(k, cand);
      }
      const { current, ordered: byTime, detail } = latestValue([...merged.values()], today);
      if (!current) return none;
      const details = res.rows.filter((r) => r.value?.value === current.value).flatMap((r) => Object.keys(r).filter((k) => k.startsWith('detail')).map((k) => lit(r[k]))).filter(Boolean);
      const holderVar = ['account', 'collection'].find((v) => res.vars.includes(v));
      const ents = current.value.startsWith('http') ? [current.value] : holderVar ? iris(res.rows.filter((r) => r.value?.value === current.value), holderVar) : [];
      const earlier = byTime.length > 1 && (a.aboutNow || a.intent === 'update') ? ` (before: ${byTime.slice(1, 3).map((x) => x.label).join(', ')})` : '';
      const value = `${current.label}${details.length ? ` (${[...new Set(details)].join(', ')})` : ''}`;
      const validFrom = res.rows.map((r) => (r.value?.value === current.value ? dateOf(r, 'validFrom') : undefined)).find(Boolean);
      return {
        text: `${value}${validFrom ? `, since ${validFrom.slice(0, 10)}` : ''}${earlier}`,
        computation: merged.size > 1 || a.intent === 'update' ? { kind: 'latest', value, detail, refs: refsFor(triples, ents) } : undefined,
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'duration-of': {
      const d = parseIsoDuration(lit(top.duration) ?? '');
      if (!d) return none;
      const ents = iris([top], 'x');
      const value = humanDuration(d);
      return {
        text: `${value} (${labelOf(top, 'label')})`,
        computation: { kind: 'duration', value, detail: `${lit(top.duration)} read as ISO 8601`, refs: refsFor(triples, ents) },
        refs: refsFor(triples, ents),
        entities: ents,
      };
    }
    case 'amount-of': {
      let items = distinctBy(ordered, 'x').filter((r) => lit(r.price));
      // targets (goals) only when the question asks for one
      if (!/\b(target|goal|aim|plan(?:ned)?|budget)\b/i.test(a.question) && items.some((r) => lit(r.isGoal) !== 'true')) items = items.filter((r) => lit(r.isGoal) !== 'true');
      if (!items.length) return none;
      const best = wordsMatch(rowWords(items[0]), a.keywords);
      const full = items.filter((r) => a.keywords.length > 0 && wordsMatch(rowWords(r), a.keywords) === a.keywords.length);
      // "in total": one thing that is what was asked about states its own total; several parts are summed
      const total = /\b(total|altogether|in all|overall|sum)\b/i.test(a.question) && full.length !== 1;
      const use = total ? (full.length ? full : items.filter((r) => wordsMatch(rowWords(r), a.keywords) === best)) : items.filter((r) => wordsMatch(rowWords(r), a.keywords) === best).slice(0, 1);
      const amounts = use.map((r) => ({ amount: Number(lit(r.price)), currency: lit(r.currency) ?? '' }));
      const ents = iris(use, 'x');
      if (amounts.length === 1) {
        const value = formatMoney(amounts[0].amount, amounts[0].currency);
        return { text: `${value} (${labelOf(use[0], 'label', 'objectLabel')})`, computation: { kind: 'value', value, detail: `schema:price of '${labelOf(use[0], 'label', 'objectLabel')}'`, refs: refsFor(triples, ents) }, refs: refsFor(triples, ents), entities: ents };
      }
      const sum = sumAmounts(amounts);
      return { text: `${sum.value} in total (${use.map((r) => labelOf(r, 'label', 'objectLabel')).join(', ')})`, computation: { kind: 'sum', value: sum.value, detail: sum.detail, refs: refsFor(triples, ents) }, refs: refsFor(triples, ents), entities: ents };
    }
    case 'entity-facts': {
      const x = top.x?.value;
      // a loose label match is not an answer (it stays in the rows for the person to see)
      if (a.keywords.length && wordsMatch(lit(top.label) ?? '', a.keywords) / a.keywords.length < 0.5) return { text: null, refs: [], entities: x ? [x] : [] };
      const skip = /(#type|#supersedes|#validUntil|actionStatus|priceCurrency)$/;
      const facts = res.rows
        .filter((r) => r.x?.value === x && !skip.test(r.p?.value ?? ''))
        .slice(0, 6)
        .map((r) => `${val(r.p)} ${lit(r.oLabel) ?? readableValue(r.o.type === 'uri' ? val(r.o)! : r.o.value, r.o.type === 'literal' ? r.o.datatype : undefined)}`);
      return { text: `${lit(top.label) ?? val(top.x)}: ${facts.join('; ')}`, refs: refsFor(triples, x ? [x] : []), entities: x ? [x] : [] };
    }
    default: {
      // A query the person (or the LLM) wrote: a single value, a count, or the best row.
      if (res.kind === 'boolean') return { text: lit(top.value) === 'true' ? 'Yes' : 'No', refs: [], entities: [] };
      const vars = res.vars.length ? res.vars : Object.keys(top);
      if (res.rows.length === 1 && vars.length === 1) {
        const t = top[vars[0]];
        const value = t ? readableValue(t.type === 'uri' ? val(t)! : t.value, t.type === 'literal' ? t.datatype : undefined) : '';
        return { text: value, computation: { kind: 'value', value, detail: `?${vars[0]} of the only row`, refs: [] }, refs: [], entities: t?.type === 'uri' ? [t.value] : [] };
      }
      if (top.count && lit(top.count)) return { text: lit(top.count)!, computation: { kind: 'count', value: lit(top.count)!, detail: '?count of the query', refs: [] }, refs: [], entities: [] };
      const labelVar = vars.find((v) => /label|name|title/i.test(v) && top[v]?.type === 'literal');
      if (res.rows.length > 1 && labelVar) {
        const dateVar = vars.find((v) => res.rows.some((r) => dateOf(r, v)));
        const items = [...new Set(res.rows.map((r) => `${lit(r[labelVar]) ?? '?'}${dateVar && dateOf(r, dateVar) ? ` (${dateOf(r, dateVar)!.slice(0, 10)})` : ''}`))];
        const ents = [...new Set(res.rows.flatMap((r) => vars.filter((v) => r[v]?.type === 'uri').map((v) => r[v].value)))];
        return { text: listText(items), refs: refsFor(triples, ents), entities: ents };
      }
      const ents = vars.flatMap((v) => (top[v]?.type === 'uri' ? [top[v].value] : []));
      const shown = vars.filter((v) => top[v] && !(top[v].type === 'uri' && vars.some((w) => w !== v && /label|name/i.test(w))));
      const text = shown.map((v) => readableValue(top[v].type === 'uri' ? val(top[v])! : top[v].value, top[v].type === 'literal' ? (top[v] as { datatype?: string }).datatype : undefined)).join(' · ');
      return { text: res.rows.length > 1 ? `${text} (and ${res.rows.length - 1} more rows)` : text, refs: refsFor(triples, ents), entities: ents };
    }
  }
}

function rowWords(r: Row): string {
  return Object.values(r).map((t) => t.value).join(' ');
}

// ---- answers from messages

const ABBREVIATIONS = /\b(?:Dr|Mr|Mrs|Ms|St|Prof|Jr|Sr|vs|etc|approx|e\.g|i\.e|No|Nr|ca)\.$/i;

/** Sentences of a message (abbreviations like "Dr." and single initials do not end one). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of text.split(/(?<=[.!?])\s+|\n+/)) {
    current = current ? `${current} ${piece}` : piece;
    if (ABBREVIATIONS.test(current.trim()) || /\b[A-Z]\.$/.test(current.trim())) continue;
    if (current.trim().length > 1) out.push(current.trim());
    current = '';
  }
  if (current.trim().length > 1) out.push(current.trim());
  return out.length ? out : [text.trim()];
}

export interface Picked {
  evidence: AskEvidenceMessage;
  sentence: string;
  score: number;
}

/** Does a sentence hold the kind of value the question asks for? */
function fits(type: Analysis['answerType'], s: string, at: string, question: string): boolean {
  switch (type) {
    case 'date':
      return findDates(s, at).length > 0 || /\b(yesterday|today|tomorrow|last|next|ago|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.test(s);
    case 'amount':
      return findAmounts(s).length > 0;
    case 'duration':
      return findDurations(s).length > 0;
    case 'number': {
      // a count, not a price or a date
      let rest = s;
      for (const amount of findAmounts(s)) rest = rest.replace(amount.phrase ?? '', ' ');
      rest = rest.replace(/\b\d{1,2}(?::\d{2})\b|\b(?:19|20)\d{2}\b/g, ' ');
      return /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|dozen|several)\b/i.test(rest);
    }
    case 'person': {
      const asked = new Set(tokens(question));
      return (s.slice(1).match(/\b[A-Z][a-zà-ÿ]+\b/g) ?? []).some((w) => !asked.has(w.toLowerCase()) && !/^(I|The|A|An|My|We|It|This|That|And|But|So|On|In|At)$/.test(w));
    }
    case 'place':
      return /\b(?:in|at|to|from|near)\s+(?:the\s+)?[A-Z]/.test(s);
    default:
      return true;
  }
}

/** Keyword weights: a word found in every candidate tells little (IDF over the candidates). */
function keywordWeights(words: string[], texts: string[]): Map<string, number> {
  const docs = texts.map((t) => new Set(tokens(t).map(stem)));
  const out = new Map<string, number>();
  for (const w of words) {
    const df = docs.filter((d) => d.has(w) || [...d].some((x) => x.startsWith(w) && w.length >= 4)).length;
    out.set(w, Math.log(1 + (docs.length + 1) / (df + 0.5)));
  }
  return out;
}

function weightedMatch(text: string, weights: Map<string, number>): number {
  const toks = new Set(tokens(text).map(stem));
  let s = 0;
  let total = 0;
  for (const [w, weight] of weights) {
    total += weight;
    if (toks.has(w) || [...toks].some((x) => x.startsWith(w) && w.length >= 4)) s += weight;
  }
  return total ? s / total : 0;
}

/** The sentence of the evidence that best answers the question (topic words, kind of value, rank, speaker, recency). */
export function bestSentence(a: Analysis, evidence: AskEvidenceMessage[], max = 10): Picked | null {
  const pool = evidence.slice(0, max);
  const weights = keywordWeights(a.keywords, pool.map((e) => e.message.text));
  const self = /\b(i|me|my|mine)\b/i.test(a.question);
  const times = [...new Set(pool.map((e) => e.message.timestamp))].sort();
  const wantsLatest = a.aboutNow || a.intent === 'update';
  let best: Picked | null = null;
  pool.forEach((e, rank) => {
    const recency = times.length > 1 ? times.indexOf(e.message.timestamp) / (times.length - 1) : 0;
    // the message as a whole (a sentence often leans on the one before it)
    const whole = weightedMatch(e.message.text, weights);
    // a period named in the question: the message was written then, or dates something into it
    let inPeriod = 0;
    if (a.period) {
      const p = a.period;
      const within = (d: string) => d.slice(0, 10) >= p.from && d.slice(0, 10) <= p.to;
      if (findDates(e.message.text, e.message.timestamp).some((d) => within(d.date))) inPeriod = 0.5;
      else if (within(e.message.timestamp)) inPeriod = 0.3;
    }
    for (const s of sentences(e.message.text)) {
      let score = 0.7 * weightedMatch(s, weights) + 0.3 * whole + inPeriod + 0.5 / (1 + rank) + (fits(a.answerType, s, e.message.timestamp, a.question) ? 0.5 : 0);
      if (wantsLatest) score += 0.4 * recency;
      if (self && e.message.role === 'assistant') score -= 0.2;
      if (/\?\s*$/.test(s)) score -= 0.6;
      if (/\b(total|altogether|in all|overall)\b/i.test(a.question) && /\b(total|altogether|in all|overall|about|around)\b/i.test(s)) score += 0.2;
      if (!best || score > best.score) best = { evidence: e, sentence: s, score };
    }
  });
  return best;
}

export interface MessageAnswer {
  text: string;
  computation?: AskComputation;
  refs: string[];
}

function quote(p: Picked): string {
  const m = p.evidence.message;
  return `“${p.sentence}” (${m.speaker}, ${shortStamp(m.timestamp)}) [${p.evidence.ref}]`;
}

/**
 * A fact that changed: of the sentences that state it (they match the question about as well as
 * the best one and hold the kind of value asked for), the most recent one.
 */
export function latestStatement(a: Analysis, evidence: AskEvidenceMessage[], max = 10): { picked: Picked; count: number } | null {
  const pool = evidence.slice(0, max);
  const weights = keywordWeights(a.keywords, pool.map((e) => e.message.text));
  const cands: Picked[] = [];
  for (const e of pool) {
    for (const s of sentences(e.message.text)) {
      if (/\?\s*$/.test(s) || !fits(a.answerType, s, e.message.timestamp, a.question)) continue;
      cands.push({ evidence: e, sentence: s, score: weightedMatch(s, weights) });
    }
  }
  const top = Math.max(0, ...cands.map((c) => c.score));
  if (top <= 0) return null;
  const strong = cands.filter((c) => c.score >= top * 0.6 && (a.answerType !== 'other' && a.answerType !== 'thing' ? true : c.evidence.message.role !== 'assistant'));
  strong.sort((x, y) => y.evidence.message.timestamp.localeCompare(x.evidence.message.timestamp) || y.score - x.score);
  return strong.length ? { picked: strong[0], count: new Set(strong.map((c) => c.evidence.message.id)).size } : null;
}

/** The answer the messages give: the best sentence, with its value picked out and computed. */
export function answerFromMessages(a: Analysis, evidence: AskEvidenceMessage[]): MessageAnswer | null {
  if (a.intent === 'update' && a.answerType === 'number') {
    const latest = latestStatement(a, evidence);
    if (latest && latest.count > 1) {
      const p = latest.picked;
      let rest = p.sentence;
      for (const amount of findAmounts(rest)) rest = rest.replace(amount.phrase ?? '', ' ');
      const value = (/\b\d[\d,.]*\b/.exec(rest) ?? [p.sentence])[0];
      return {
        text: `${value} — ${quote(p)}`,
        computation: { kind: 'latest', value, detail: `${latest.count} messages state it; the most recent (${p.evidence.message.date}) is used`, refs: [p.evidence.ref] },
        refs: [p.evidence.ref],
      };
    }
  }
  const picked = bestSentence(a, evidence);
  if (!picked) return null;
  const m = picked.evidence.message;
  const ref = picked.evidence.ref;
  if (a.answerType === 'date') {
    const dates = findDates(picked.sentence, m.timestamp);
    const d = dates.find((x) => x.explicit) ?? dates[0];
    if (d) {
      const value = humanDate(d.date);
      return {
        text: `${value} — ${quote(picked)}`,
        computation: { kind: 'date', value, detail: `'${d.phrase.trim()}' in a message of ${m.date} → ${d.date.slice(0, 10)}`, refs: [ref] },
        refs: [ref],
      };
    }
  }
  if (a.answerType === 'duration') {
    const ds = findDurations(picked.sentence);
    if (ds.length) {
      const value = humanMinutes(ds[0].minutes);
      return { text: `${value} — ${quote(picked)}`, computation: { kind: 'duration', value, detail: `'${ds[0].phrase}' read as ${Math.round(ds[0].minutes)} minutes`, refs: [ref] }, refs: [ref] };
    }
  }
  if (a.answerType === 'amount') {
    const amounts = findAmounts(picked.sentence);
    if (amounts.length) {
      const value = formatMoney(amounts[0].amount, amounts[0].currency);
      return { text: `${value} — ${quote(picked)}`, computation: { kind: 'value', value, detail: `the first amount in the best-matching sentence ('${amounts[0].phrase}')`, refs: [ref] }, refs: [ref] };
    }
  }
  return { text: quote(picked), refs: [ref] };
}

/**
 * "How many days between X and Y" from messages: for each side, the message that best matches
 * its words and states a date (an explicit day preferred), the date resolved against the day the
 * message was written; the difference is computed in code.
 */
export function betweenFromMessages(sides: { phrase: string; evidence: AskEvidenceMessage[] }[]): MessageAnswer | null {
  const found: { phrase: string; date: string; ref: string; phraseInText: string }[] = [];
  for (const side of sides) {
    const keywords = topicWords(side.phrase);
    const weights = keywordWeights(keywords, side.evidence.map((e) => e.message.text));
    let hit: { score: number; date: string; ref: string; phraseInText: string } | null = null;
    side.evidence.forEach((e, rank) => {
      const overlap = weightedMatch(e.message.text, weights);
      if (!overlap) return;
      const ranked = sentences(e.message.text)
        .map((s) => ({ s, m: weightedMatch(s, weights), dates: findDates(s, e.message.timestamp) }))
        .filter((x) => x.dates.length)
        .sort((x, y) => y.m - x.m);
      const pick = ranked[0];
      if (!pick) return;
      const d = pick.dates.find((x) => x.explicit) ?? pick.dates[0];
      const score = overlap + pick.m * 0.5 + (d.explicit ? 0.3 : 0) + 0.2 / (1 + rank);
      if (!hit || score > hit.score) hit = { score, date: d.date, ref: e.ref, phraseInText: d.phrase.trim() };
    });
    if (!hit) return null;
    const h = hit as { score: number; date: string; ref: string; phraseInText: string };
    found.push({ phrase: side.phrase, date: h.date, ref: h.ref, phraseInText: h.phraseInText });
  }
  const diff = dayDifference(found[0].date, found[1].date);
  return {
    text: `${diff.value}: ${found.map((f) => `${f.phrase} on ${humanDate(f.date.slice(0, 10))} [${f.ref}]`).join(', ')}`,
    computation: {
      kind: 'days-between',
      value: diff.value,
      detail: `${diff.detail}; ${found.map((f) => `'${f.phraseInText}' [${f.ref}] → ${f.date.slice(0, 10)}`).join(', ')} (resolved against the day each message was written)`,
      refs: found.map((f) => f.ref),
    },
    refs: found.map((f) => f.ref),
  };
}

/** A time question's answer: what the plan's rows are, session by session. */
export function answerFromTimeline(run: PlanRun, evidence: AskEvidenceMessage[], a: Analysis): MessageAnswer {
  if (!run.total) return { text: 'No messages in that period.', refs: [] };
  if (run.ranked && evidence.length) {
    const picked = bestSentence(a, evidence.filter((e) => e.route === 'timeline'));
    if (picked) return { text: quote(picked), refs: [picked.evidence.ref] };
  }
  const bySession = new Map<number, MessageRow[]>();
  for (const r of run.rows) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
  const refOf = new Map(evidence.map((e) => [e.message.id, e.ref]));
  const parts = [...bySession.values()].slice(0, 5).map((rows) => {
    const first = rows[0];
    const ref = refOf.get(first.id);
    return `${first.conversationTitle} on ${humanDate(first.date)} (${rows.length} message${rows.length === 1 ? '' : 's'})${ref ? ` [${ref}]` : ''}`;
  });
  const more = run.sessionIds.length > 5 ? `, and ${run.sessionIds.length - 5} more sessions` : '';
  return {
    text: `${run.total} message${run.total === 1 ? '' : 's'} in ${run.sessionIds.length} session${run.sessionIds.length === 1 ? '' : 's'}: ${parts.join('; ')}${more}.`,
    refs: parts.map((_, i) => refOf.get([...bySession.values()][i][0].id)).filter((r): r is string => !!r),
  };
}
