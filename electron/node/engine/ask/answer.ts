// From results to an answer, offline: the rows of a template are read the way the template
// means them (a count, a date, the latest value, a ranking…), values are computed in code, and
// when the graph has nothing the best evidence is stated plainly. From messages, the question is
// read for the kind of answer each of its parts expects (answer-type.ts); every sentence of the
// best evidence is scored — the question's words (weighted by rarity, with the sentence's
// context: the sentence before, the message, its conversation's title, the question it replies
// to, the plan it tells the outcome of), a value of the kind asked for (sentences.ts), what it
// adds to the question, the speaker the question is about, past vs planned, the latest statement
// for "now" — and the best one is quoted with its value picked out (a date resolved against its
// message); "and when?" parts come from the same message; two amounts are compared only when
// each is stated with one of two things.
import type { AskComputation, AskEvidenceMessage, AskEvidenceTriple, AskSparqlResults, MessageRow, PlanRun, RdfTerm } from '../../../../shared/types';
import type { Analysis } from './analyze';
import { ordinalValue, ordinalWord, quantityValue, timesValue } from '../../../../shared/text/numbers';
import { containsStem, matchStem } from '../../../../shared/text/stem';
import { CHAT_FILLERS, STOP_WORDS } from '../../../../shared/text/stop-words';
import { escapeRegExp, words as tokens } from '../../../../shared/text/words';
import { topicWords } from './analyze';
import { expectedAnswer, type AnswerKind, type AnswerPart, type ExpectedAnswer } from './answer-type';
import { dayDifference, findDates, formatMoney, latestValue, nth, parseIsoDuration, humanDuration, readableValue, sumAmounts, type Candidate } from './compute';
import { sentences } from '../../../../shared/text/sentences';
import { isFiller, ongoingSince, reportedOn, valuesOf, type Value } from './sentences';
import { kindsIn, knowsKinds, sortsIn } from './noun-kinds';
import { addDays, DAY_NAMES, longDate, MONTH_NAMES, shortStamp } from '../../../../shared/dates/calendar';

const CALENDAR = new Set([...DAY_NAMES, ...MONTH_NAMES].flatMap((n) => [n.toLowerCase(), n.slice(0, 3).toLowerCase()]));
const isCalendarWord = (w: string) => CALENDAR.has(w.toLowerCase());
import type { TemplateId } from './templates';
import { ontologyLexicon } from './ontology-lexicon';
import { attributeSentence, favourite, inWords, listLines, preferenceSentence, secondPerson, spentOn, talkedMost, type Who } from './phrasing';

const singular = (phrase: string) => phrase.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

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

export function wordsMatch(text: string, words: string[]): number {
  const toks = new Set(tokens(text).map(matchStem));
  const lower = text.toLowerCase();
  return words.filter((w) => toks.has(w) || containsStem(lower, w)).length;
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
export function interpretRows(template: TemplateId | null, a: Analysis, res: AskSparqlResults, triples: AskEvidenceTriple[], today: string, who: Who = { you: true, name: 'You' }): Interpretation {
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
        text: `${n}${labels.length ? `:\n${listLines(labels)}` : ''}`,
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
      let items = distinctBy(rows, key);
      // one thing asked for ("what day trip did we do"): the row whose label names the kind asked for and the most words first
      if (template === 'list-class' && a.concept && !expectedAnswer(a.question).list && items.length > 1) {
        const head = topicWords(a.concept.phrase);
        const fit = (r: Row) => wordsMatch(labelOf(r, 'label') ?? '', head) * 2 + wordsMatch(labelOf(r, 'label') ?? '', a.keywords);
        items = [...items].sort((r1, r2) => fit(r2) - fit(r1));
      }
      const labels = items.map((r) => {
        const name = labelOf(r, 'objectLabel', 'itemLabel', 'label') ?? '?';
        const d = dateOf(r, 'date');
        const price = lit(r.price) ? `, ${formatMoney(Number(lit(r.price)), lit(r.currency) ?? '')}` : '';
        return `${name}${d ? ` (${d.slice(0, 10)}${price})` : price ? ` (${price.slice(2)})` : ''}`;
      });
      const ents = iris(items, key);
      const pivot = template === 'before-after' && first?.pivotLabel ? ` (${a.pivot?.dir} ${lit(first.pivotLabel)}, ${dateOf(first, 'pivotDate')?.slice(0, 10)})` : '';
      return { text: template === 'before-after' ? `${labels[0]}${pivot}${labels.length > 1 ? `; earlier/later: ${listText(labels.slice(1), 4)}` : ''}` : labels.length > 1 ? listLines(labels) : labels[0], refs: refsFor(triples, ents), entities: ents };
    }
    case 'nth-event': {
      const all = distinctBy(res.rows, 'x').map((r) => ({ row: r, date: dateOf(r, 'date'), end: dateOf(r, 'endDate') }));
      // one inside another's span is part of it (a day trip during a trip): the series is of the outer ones
      const within = (x: (typeof all)[number], y: (typeof all)[number]) => x !== y && !!x.date && !!y.date && !!y.end && x.date.slice(0, 10) >= y.date.slice(0, 10) && (x.end ?? x.date).slice(0, 10) <= y.end.slice(0, 10) && !(x.date === y.date && x.end === y.end);
      const items = all.filter((x) => !all.some((y) => within(x, y)));
      const n = a.ordinal ?? 1;
      const pick = nth(items, n);
      if (!pick) return none;
      const dated = items.filter((x) => x.date).length;
      const ents = iris([pick.row], 'x');
      const which = `the ${n === -1 ? 'last' : ordinalWord(n)} of ${dated} dated ones (${a.concept?.phrase ?? 'events'}) in date order`;
      // "how much did I spend on my last trip?": what the n-th one cost
      if (expectedAnswer(a.question).parts[0]?.kind === 'amount') {
        const price = lit(pick.row.price);
        if (!price) return { text: null, refs: [], entities: ents };
        const value = formatMoney(Number(price), lit(pick.row.currency) ?? '');
        const span = `${longDate(pick.date!)}${dateOf(pick.row, 'endDate') ? ` – ${longDate(dateOf(pick.row, 'endDate')!)}` : ''}`;
        return {
          text: spentOn(who, value, `${n === -1 ? 'last' : ordinalWord(n)} ${singular(a.concept?.phrase ?? 'one')}`, `${labelOf(pick.row, 'label')} (${span})`),
          computation: { kind: 'value', value, detail: `the price of ${which}`, refs: refsFor(triples, ents) },
          refs: refsFor(triples, ents),
          entities: ents,
        };
      }
      const value = `${labelOf(pick.row, 'label')} (${longDate(pick.date!)})`;
      return {
        text: value,
        computation: { kind: 'nth', value, detail: which, refs: refsFor(triples, ents) },
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
      const value = `${longDate(d)}${end && end !== d ? ` – ${longDate(end)}` : ''}`;
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
        text: talkedMost(who, lit(people[0].name)!, lit(people[0].messages)!, a.period ? `${a.period.phrase || 'in the period'}`.replace(/^(?=the |past |last )/, '') : null, people.slice(1, 4).map((r) => `${lit(r.name)} (${lit(r.messages)})`)),
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
      const ents = iris(use, 'x');
      const objects = [...new Set(use.map((r) => labelOf(r, 'objectLabel') ?? labelOf(r, 'label', 'object') ?? ''))].filter(Boolean);
      const fav = /\bfavou?rite\s+([a-z]+(?:\s+[a-z]+)?)\b/i.exec(a.question.replace(/[?.!]+$/, ''));
      // "my favourite band" → the best one; "what do I like …" → each preference as a sentence
      const text = fav && objects.length
        ? favourite(who, fav[1].toLowerCase().replace(/\s+(?:is|are|was|were)$/, ''), objects.slice(0, 1))
        : [...new Set(use.map((r) => (labelOf(r, 'label') ? `${who.you ? secondPerson(labelOf(r, 'label')!, who.name) : labelOf(r, 'label')}.`.replace(/\.\.$/, '.') : preferenceSentence(who, lit(r.sentiment), labelOf(r, 'objectLabel', 'object') ?? ''))))].join(' ');
      return { text, refs: refsFor(triples, ents), entities: ents };
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
      const said = `${value}${validFrom ? `, since ${validFrom.slice(0, 10)}` : ''}${earlier}`;
      const what = a.attribute && !a.attribute.numeric ? a.attribute.phrase.replace(/^my\s+(?:new\s+|current\s+|old\s+|previous\s+)?/i, '').replace(/['’]s$/, '') : null;
      return {
        text: template === 'my-attribute' && what ? attributeSentence(who, what, said) : said,
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
      // "how much did I spend in October?": a period and no topic of its own → everything in it, summed
      const wholePeriod = !!a.period && !a.keywords.length && items.length > 1;
      const total = (/\b(total|altogether|in all|overall|sum)\b/i.test(a.question) && full.length !== 1) || wholePeriod;
      const use = wholePeriod ? items : total ? (full.length ? full : items.filter((r) => wordsMatch(rowWords(r), a.keywords) === best)) : items.filter((r) => wordsMatch(rowWords(r), a.keywords) === best).slice(0, 1);
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
      const rows = res.rows.filter((r) => r.x?.value === x && !skip.test(r.p?.value ?? ''));
      const currency = lit(res.rows.find((r) => r.x?.value === x && /priceCurrency$/.test(r.p?.value ?? ''))?.o);
      const valueOf = (r: Row) =>
        /price$/.test(r.p?.value ?? '') && currency ? formatMoney(Number(r.o.value), currency) : (lit(r.oLabel) ?? readableValue(r.o.type === 'uri' ? val(r.o)! : r.o.value, r.o.type === 'literal' ? r.o.datatype : undefined));
      const label = lit(top.label) ?? val(top.x);
      const ents = x ? [x] : [];
      // the fact of the kind asked for ("where did we go?" → its destination), said as the answer
      const kind = expectedAnswer(a.question).parts[0]?.kind;
      for (const p of FACT_OF_KIND[kind ?? ''] ?? []) {
        const r = rows.find((row) => p.test(row.p?.value ?? ''));
        if (r) return { text: `${valueOf(r)} (${label})`, refs: refsFor(triples, ents), entities: ents };
      }
      const facts = rows.slice(0, 6).map((r) => `${propertyWords(r.p?.value ?? '')} ${valueOf(r)}`);
      return { text: `${label}: ${facts.join('; ')}`, refs: refsFor(triples, ents), entities: ents };
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


export interface Picked {
  evidence: AskEvidenceMessage;
  sentence: string;
  score: number;
}

/** A scored sentence of the evidence, for one part of the question. */
interface Cand extends Picked {
  rank: number;
  /** Its index among the message's sentences. */
  index: number;
  values: Value[];
  /** How well it (and its context) matches the question's words, 0…1. */
  topic: number;
  /** Its values are those of the sentence before, which it refers back to ("\"Low Tide\" … It's about leaving home"). */
  valuesBefore?: boolean;
  /** The sentence itself (or the lead-in it follows) states a date in the period the question names. */
  dated?: boolean;
}

/** Keyword weights: a word found in every candidate tells little (IDF over the candidates). */
function keywordWeights(words: string[], texts: string[]): Map<string, number> {
  const docs = texts.map((t) => new Set(tokens(t).map(matchStem)));
  const out = new Map<string, number>();
  for (const w of words) {
    const df = docs.filter((d) => d.has(w) || [...d].some((x) => x.startsWith(w) && w.length >= 4)).length;
    out.set(w, Math.log(1 + (docs.length + 1) / (df + 0.5)));
  }
  return out;
}

function weightedMatch(text: string, weights: Map<string, number>): number {
  const toks = new Set(tokens(text).map(matchStem));
  let s = 0;
  let total = 0;
  for (const [w, weight] of weights) {
    total += weight;
    if (toks.has(w) || [...toks].some((x) => x.startsWith(w) && w.length >= 4)) s += weight;
  }
  return total ? s / total : 0;
}

/** What a sentence without a value of the kind asked for loses: it cannot answer "who" or "when". */
const MISSING: Record<AnswerKind, number> = {
  date: 0.45, time: 0.5, duration: 0.5, amount: 0.5, count: 0.45, frequency: 0.4, number: 0.35, person: 0.8, weekday: 0.5, place: 0.25, name: 0.35, yesno: 0, thing: 0,
};
/** A request for advice, a recommendation or instructions, in the person's words. */
const ADVICE = /\b(?:should (?:i|we)|shall (?:i|we)|how (?:do|can|could|should|would) (?:i|we)|what (?:can|could) (?:i|we)|(?:did|do|would) (?:you|it|chatgpt|claude|the assistant) (?:suggest|recommend|advise)|recommend(?:ed|ation)?s?|suggest(?:ed|ion)?s?|advi[cs]e[ds]?|tips?|best way to)\b/i;
/** Advice named as what came before ("What plans does she have after receiving advice at the event?"): the question asks about something else. */
const ADVICE_BEFORE = /\b(?:after|before|since|while|when|following|from)\s+(?:\w+\s+){0,2}?(?:advice|tips?|suggestions?|recommendations?)\b/gi;
const asksAdvice = (q: string) => ADVICE.test(q.replace(ADVICE_BEFORE, ' '));
/** The person asks what they themself said: "What did I say / ask / tell you / write about …". */
const SAID_BY_ME = /\bwhat\s+(?:did|have)\s+i\s+(?:ever\s+)?(?:say|said|ask|asked|tell|told|write|wrote|mention|mentioned)\b/i;
const SPEECH_STEM = /^(?:say|said|ask|tell|told|write|wrote|mention|recommend|suggest|advi[cs]|explain)/;
const HELP_STEM = /^(?:fix|solv|handl|deal|repair|sort|help|improv|get)$/;
/** "What did you tell me / say / recommend about …": in an assistant chat, what the assistant said is the answer. */
const TOLD_BY_YOU = /\b(?:did|have|has)\s+you\s+(?:ever\s+)?(?:tell|told|say|said|suggest|suggested|recommend|recommended|explain|explained|write|wrote|mention|mentioned|give|gave|answer|answered|reply|replied)\b/i;
const PAST_TENSE = /\b(?:was|were|did|had|went|got|took|made|ran|came|saw|met|won|ate|left|began|felt|found|gave|told|bought|brought|said|[a-z]{3,}ed)\b/i;
const NEGATIVE_REPLY = /^(?:no|nope|nah|never|not)\b/i;
const PRONOUN_START = /^(?:it|it's|that|that's|this|they|they're|he|she|there|those|these|its|his|her|their)\b/i;
const WISH = /\b(?:would love|'d love|’d love|would like|'d like|want(?:ed)? to|wanna|hop(?:e|ing) to|wish|plan(?:ning)? to|going to|gonna|will|'ll|’ll|aim(?:ing)? (?:for|to)|thinking (?:of|about)|might|may|could|should|can't wait)\b/i;
/** A sentence that announces news to come in the next one ("Guess what I did this week?", "Big news from last weekend:"). */
const LEAD_IN = /^(?:(?:oh|hey|so|and|wow|btw|by the way)[,!]?\s+)*(?:guess what|you won't believe|you'll never guess|big news|great news|some news|news)\b|:\s*$/i;
/** "I'll always remember the trip when we …", "a day I'll never forget": a future of memory, about what happened. */
const REMEMBERED = /\b(?:will|'ll|’ll|won't|won’t)\s+(?:always\s+|never\s+|forever\s+)?(?:remember|forget|cherish|treasure)\b/gi;
/** A statement that something changed (or holds now): what "now" asks for. */
const NOW_CUE = /\b(?:now|currently|these days|from now on|at the moment|anymore|any more|no longer|used to|switch(?:ed|ing)?|chang(?:ed|ing)|moved|instead|new|signed up|joined|cancel(?:l)?ed|quit|stopped|started)\b/i;
/** Stems of words that add nothing to a sentence: function words, fillers, praise ("amazing", "fun"). */
const STOP_NOVEL = new Set(
  [...STOP_WORDS, ...CHAT_FILLERS, ...'really so very just also too much many lot lots good great nice cool awesome amazing love like fun get going gone been done well'.split(' ')].map(matchStem),
);

/** Words of a sentence the question does not have (what it adds). */
function novelWords(s: string, asked: Set<string>, speakers: Set<string>): number {
  return topicWords(s).filter((w) => !asked.has(w) && !speakers.has(w) && !STOP_NOVEL.has(w)).length;
}

interface Scoring {
  a: Analysis;
  expected: ExpectedAnswer;
  part: AnswerPart;
  /** The question's topic words. */
  shared: Map<string, number>;
  /** The part's own words (a part with none leans on the first part). */
  own: Map<string, number> | null;
  asked: Set<string>;
  askedWords: Set<string>;
  speakers: Set<string>;
  subjects: Set<string>;
  self: boolean;
  /** The person asks for advice ("what should I do…", "how can I…"): an assistant's reply is the answer. */
  advice: boolean;
  /** "What did I say / ask / tell you about …": the person's own words are the answer ("ask": their questions too). */
  saidByMe: boolean;
  askedByMe: boolean;
  /** The pool has an assistant's messages (an assistant chat, not people talking). */
  assistants: boolean;
  /** In an assistant chat, a question to "you" asks about the assistant ("which viewpoints did you name?"). */
  asksAssistant: boolean;
  wantsLatest: boolean;
  times: string[];
  /** The message before each one in its session, when it is in the pool. */
  before: Map<number, MessageRow>;
  /** Answers to a follow-up question about news, with the news they detail. */
  newsOf: Map<number, MessageRow>;
  /** A person's messages that close an exchange with an assistant, with that exchange (closedExchange). */
  closes: Map<number, { opener: MessageRow; reply: MessageRow }>;
  /** Kinds the other parts ask for, answered best from the same message ("how many …, and where?"). */
  companions: AnswerKind[];
  /** Messages that tell how a planned event went, with how well the plan matched the question. */
  outcome: Map<number, number>;
  /** Messages whose plan has such an outcome in the evidence. */
  plansWithOutcome: Set<number>;
  /** The speakers that are "I" (lower case), when known. */
  me?: Set<string>;
  /** The text of the pool's messages per session (what a session talks about). */
  sessionText: Map<number, string>;
}

function scoringFor(a: Analysis, expected: ExpectedAnswer, part: AnswerPart, pool: AskEvidenceMessage[]): Scoring {
  const speakers = new Set(pool.map((e) => e.message.speaker.toLowerCase()));
  const words = tokens(a.question);
  // a speaker the question names is its subject ("What did Noor paint?"); their name in a message is mostly an address
  const subjects = new Set(words.filter((w) => speakers.has(w)));
  const texts = pool.map((e) => `${e.message.text} ${e.message.conversationTitle}`);
  // the concept's, the attribute's and the verb's own words count here ("which gym": the gym is the
  // topic; "where did she travel"), and so does an ordinal ("my second tournament")
  const ordinal = /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b/i.exec(a.question)?.[1].toLowerCase();
  const keys = [...new Set([...a.keywords, ...topicWords(`${a.concept?.phrase ?? ''} ${a.attribute?.phrase ?? ''} ${a.verb?.phrase ?? ''}`), ...(ordinal ? [ordinal] : [])])];
  // in an assistant chat "you" is the assistant, which does not call itself "you": not a topic word
  const assistants = pool.some((e) => e.message.role === 'assistant');
  // "what did I ask about X": how it was said is not what it was about
  const saidByMe = SAID_BY_ME.test(a.question);
  const self = /\b(i|me|my|mine)\b/i.test(a.question);
  // nor is how the assistant was asked or answered ("what did you recommend / tell me about X": X)
  const askedOfAssistant = assistants && (asksAdvice(a.question) || TOLD_BY_YOU.test(a.question));
  // and "how can I fix / deal with X" asks for help with X: the verb of asking for help is not the topic either
  const shared = keywordWeights(keys.filter((w) => !subjects.has(w) && !(assistants && /^you/.test(w)) && !((saidByMe || askedOfAssistant) && SPEECH_STEM.test(w)) && !(askedOfAssistant && HELP_STEM.test(w))), texts);
  const own = part.keywords.length && expected.parts.length > 1 ? keywordWeights(part.keywords.filter((w) => !subjects.has(w)), texts) : null;
  const before = previousInPool(pool);
  const newsOf = newsInPool(pool, before);
  const closes = new Map<number, { opener: MessageRow; reply: MessageRow }>();
  for (const e of pool) {
    const exchange = closedExchange(before, e.message);
    if (exchange) closes.set(e.message.id, exchange);
  }
  return {
    a,
    expected,
    part,
    shared,
    own,
    asked: new Set(words),
    askedWords: new Set(topicWords(a.question)),
    speakers: new Set([...speakers].flatMap((s) => topicWords(s))),
    subjects,
    self,
    advice: asksAdvice(a.question),
    saidByMe,
    askedByMe: saidByMe && /\bask(?:ed)?\b/i.test(a.question),
    assistants,
    asksAssistant: assistants && (!self || TOLD_BY_YOU.test(a.question)) && /\byou\b/i.test(a.question),
    wantsLatest: a.aboutNow || a.intent === 'update',
    times: [...new Set(pool.map((e) => e.message.timestamp))].sort(),
    before,
    newsOf,
    closes,
    companions: part === expected.parts[0] ? expected.parts.slice(1).filter((p) => !p.keywords.length).map((p) => p.kind) : [],
    sessionText: sessionTexts(pool),
    ...outcomes(pool, shared),
  };
}

/**
 * "I booked an orthopedist for Tuesday" → what the same conversation says on that day or the
 * next two: how it went ("Back from the doctor. It's runner's knee"). Each such message gets the
 * plan's match with the question.
 */
function outcomes(pool: AskEvidenceMessage[], weights: Map<string, number>): { outcome: Map<number, number>; plansWithOutcome: Set<number> } {
  const out = new Map<number, number>();
  const plans = new Set<number>();
  for (const p of pool) {
    const pm = p.message;
    for (const s of sentences(pm.text)) {
      const match = weightedMatch(s, weights);
      if (!match) continue;
      for (const d of findDates(s, pm.timestamp)) {
        const day = d.date.slice(0, 10);
        if (d.precision !== 'day' || day <= pm.date) continue;
        const until = addDays(day, 2);
        for (const e of pool) {
          const m = e.message;
          if (m.conversationId !== pm.conversationId || m.date < day || m.date > until) continue;
          out.set(m.id, Math.max(out.get(m.id) ?? 0, match));
          plans.add(pm.id);
        }
      }
    }
  }
  return { outcome: out, plansWithOutcome: plans };
}

function sessionTexts(pool: AskEvidenceMessage[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of pool) out.set(e.message.sessionId, `${out.get(e.message.sessionId) ?? ''} ${e.message.text}`);
  return out;
}

/**
 * News asked about ("I got promoted!" — "What's the new role?" — "Assistant manager, …"): each
 * answer to the other one's follow-up question, with the news it details. The details are what a
 * question about the news asks for (not when: the news tells its own time, and a detail's time is
 * of something else: "I've known them for 4 years").
 */
function newsInPool(pool: AskEvidenceMessage[], before: Map<number, MessageRow>): Map<number, MessageRow> {
  const out = new Map<number, MessageRow>();
  for (const e of pool) {
    const m = e.message;
    const asked = before.get(m.id);
    if (!asked || asked.speaker === m.speaker || !/\?/.test(asked.text)) continue;
    const news = before.get(asked.id);
    if (news && news.speaker === m.speaker && !/\?\s*$/.test(news.text.trim())) out.set(m.id, news);
  }
  return out;
}

function previousInPool(pool: AskEvidenceMessage[]): Map<number, MessageRow> {
  const at = new Map(pool.map((e) => [`${e.message.sessionId}|${e.message.turnIndex}`, e.message]));
  const out = new Map<number, MessageRow>();
  for (const e of pool) {
    const prev = at.get(`${e.message.sessionId}|${e.message.turnIndex - 1}`);
    if (prev) out.set(e.message.id, prev);
  }
  return out;
}

function topicOf(sc: Scoring, weights: Map<string, number>, sents: string[], i: number, e: AskEvidenceMessage): number {
  const s = weightedMatch(sents[i], weights);
  const prev = i > 0 ? weightedMatch(sents[i - 1], weights) : 0;
  const whole = weightedMatch(e.message.text, weights);
  const title = weightedMatch(e.message.conversationTitle, weights);
  // the question a message answers ("How long is your commute?" → "35 minutes door to door")
  const asked = sc.before.get(e.message.id);
  // what a person writes to an assistant asks it something, with or without a question mark ("Name three viewpoints.");
  // advice asked for: the request with its conversation's title ("Sourdough" › "Is it dead?")
  const toAssistant = e.message.role === 'assistant' && !!asked && asked.role !== 'assistant';
  const request = (sc.advice || sc.asksAssistant) && toAssistant;
  const askedText = request ? `${asked!.text} ${titleTopic(e.message.conversationTitle, sc)}` : asked && (toAssistant || /\?\s*$/.test(asked.text.trim())) ? asked.text : null;
  const question = askedText ? weightedMatch(askedText, weights) : 0;
  // how a planned event the question is about went: as much about it as the plan
  const outcome = weights === sc.shared ? (sc.outcome.get(e.message.id) ?? 0) : 0;
  // a reply opens with the answer to what it replies to: its first two sentences take that question's topic when
  // the question asks most of what is asked (a loose one is small talk; a request for advice needs less) and names
  // half of its words, not one rare verb ("Will you go at a regular time?" is no "which gym do I go to?")
  const asksIt = i <= 1 && askedText !== null && sc.part.kind !== 'yesno' && question >= (request ? 0.3 : 0.6) && weightedMatch(askedText, new Map([...weights.keys()].map((k) => [k, 1]))) >= 0.5;
  const reply = !asksIt ? 0 : i === 0 ? 0.8 * question : i === 1 ? 0.7 * question : 0;
  // news asked about: the answer to the follow-up question is about the news, and about what the
  // question asked of it when the news is on the topic; not an answer that says no ("Nope, never been")
  // (a question in parts answers its later parts from the first part's message: not here)
  const opener = sc.part.kind !== 'date' && sc.expected.parts.length === 1 && i <= 1 && !NEGATIVE_REPLY.test(sents[0]) ? sc.newsOf.get(e.message.id) : undefined;
  const told = opener ? weightedMatch(opener.text, weights) : 0;
  const news = told >= 0.2 ? weightedMatch(`${opener!.text} ${asked!.text}`, weights) : told;
  // what was done or chosen (a question about an action, past or planned): the person's closing words
  // after the assistant's reply are about what their exchange is about
  const exchange = i <= 1 && (sc.expected.past || sc.expected.future) ? sc.closes.get(e.message.id) : undefined;
  const closes = exchange ? 0.85 * weightedMatch(`${exchange.opener.text} ${exchange.reply.text}`, weights) : 0;
  return Math.max(0.65 * s + 0.35 * Math.max(whole, 0.7 * prev, 0.5 * title, 0.8 * question), 0.9 * outcome, reply, (i === 0 ? 0.8 : 0.7) * news, closes);
}

/**
 * The exchange with an assistant a person's message closes: their earlier message and the
 * assistant's reply to it, both in the evidence ("My chain keeps slipping" → "Turn the barrel
 * adjuster…" → "The barrel adjuster fixed it, thanks!"). A closing message takes up something
 * the reply said that the person had not, and adds little of its own (a choice, a result, thanks):
 * what was chosen, done or decided is said there, in fewer of the question's words. A message that
 * tells something new ("I booked an orthopedist for Tuesday") goes on with the conversation
 * instead. (Between two people a reply is as often a remark of their own: measured on LoCoMo,
 * where this made adversarial questions answered, so only an assistant's reply counts.)
 */
function closedExchange(before: Map<number, MessageRow>, m: MessageRow): { opener: MessageRow; reply: MessageRow } | null {
  if (m.role === 'assistant') return null;
  const reply = before.get(m.id);
  if (!reply || reply.role !== 'assistant') return null;
  const opener = before.get(reply.id);
  if (!opener || opener.speaker !== m.speaker) return null;
  const replied = new Set(topicWords(reply.text));
  const opened = new Set(topicWords(opener.text));
  const own = topicWords(m.text);
  const takenUp = own.filter((w) => replied.has(w) && !opened.has(w));
  const added = own.filter((w) => !replied.has(w) && !opened.has(w) && !CLOSING_WORDS.has(w));
  return takenUp.length && added.length <= 2 ? { opener, reply } : null;
}

/** Words a closing message has besides what it takes up: thanks, a verdict, that it worked. */
const CLOSING_WORDS = new Set(['thank', 'perfect', 'great', 'awesom', 'cool', 'nice', 'ok', 'okay', 'work', 'fix', 'sort', 'tri', 'choos', 'chose', 'pick', 'take', 'took']);

/** A conversation's title without the speakers' names (a title that only names who talks says nothing of the topic). */
function titleTopic(title: string, sc: Scoring): string {
  return topicWords(title).filter((w) => !sc.speakers.has(w)).join(' ');
}

/** An amount that is a limit or an aim, not what was paid. */
const BUDGET = /\b(?:budget(?:ed|ing)?|target|goal|aim(?:ing)?|max(?:imum)?|at most|up to|no more than|willing to (?:pay|spend)|can afford)\b/i;

/** Whether a sentence has a phrase, as whole words, in any case. */
function containsPhrase(s: string, phrase: string): boolean {
  const t = phrase.trim();
  return t.length > 1 && new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`, 'iu').test(s);
}

/** How many times a sentence says something happened: "once", "twice", "three times". */
function timesStated(s: string): Value[] {
  const out: Value[] = [];
  const number = '(?:once|twice|thrice|(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|several)\\s+times)';
  for (const m of s.matchAll(new RegExp(`\\b${number}(\\s+or\\s+${number})?\\b`, 'gi'))) {
    const first = m[0].replace(/\s+or\s+.*$/i, '');
    const n = m[1] ? (quantityValue(m[1]) ?? Number(m[1])) : timesValue(first.toLowerCase());
    // a vague number ("a few times") or a range ("once or twice") stays in words
    if (n && Number.isFinite(n)) out.push({ text: m[2] || (m[1] && /^(?:a |several)/i.test(m[1])) ? m[0] : String(n), phrase: m[0], index: m.index ?? 0, raw: n });
  }
  return out;
}

/** A question about someone's favourite: "favourite", "a fan of", "like best / most", "top pick". */
const FAVOURITE_ASKED = /\b(?:favou?rites?|faves?|fan of|like (?:the )?(?:best|most)|top pick)\b/i;
/** "X is my favourite", "X is one of my favourites", "X has always been a favourite of mine", "X is at the top of my list", "X is my top pick". */
const FAVOURITE_SAID = /((?:[\p{L}\p{N}"“”'’.-]+\s+){0,4}?[\p{L}\p{N}"“”'’.-]+)\s+(?:is|are|was|were|has always been|have always been|has been|have been)\s+(?:definitely\s+|still\s+|really\s+|totally\s+)?(?:(?:one of\s+)?(?:my|our)\s+(?:all-time\s+|absolute\s+|very\s+)?(?:favou?rites?|faves?|top picks?)|a\s+favou?rite of (?:mine|ours)|at the top of my list)\b/giu;
/** What saying it is a favourite adds: the preference is stated, in words of its own. */
const FAVOURITE_BONUS = 0.5;
const NOT_FAVOURITE = /^(?:it|that|this|they|these|those|he|she|which|what|who|mine|yours|there|here)$/i;

/** What a sentence says is someone's favourite (the words before "is my favourite"), as values. */
function favouritesIn(s: string): Value[] {
  const out: Value[] = [];
  for (const m of s.matchAll(/\b(?:my|our)\s+(?:all-time\s+)?(?:favou?rite|fave)(?:\s+[\p{L}-]+){0,3}?\s+(?:is|was|has to be|would be)\s+((?:[\p{L}\p{N}"“”'’.-]+\s*){1,5})/giu)) {
    const np = m[1].split(/\s*[,;:!?.–—]\s*|\s+-\s+|\s+(?:but|and|so|because|cause|'cause|since|which|that|who)\s+/i)[0].trim().replace(/^(?:the|a|an)\s+/i, '');
    if (np && !NOT_FAVOURITE.test(np) && !STOP_WORDS.has(np.toLowerCase())) out.push({ text: np.replace(/^["“]|["”]$/g, ''), phrase: np, index: s.indexOf(np, m.index ?? 0) });
  }
  for (const m of s.matchAll(FAVOURITE_SAID)) {
    // the noun phrase right before the verb: after the last clause break, without leading fillers
    let np = m[1].split(/\s*[,;:!?–—]\s*|\s+-\s+|\s+(?:but|and|so|because|cause|'cause)\s+/i).pop()!.trim();
    np = np.replace(/^(?:(?:yeah|yes|oh|well|honestly|i think|i guess|probably|definitely|actually|and|but|so)[,!]?\s+)+/i, '');
    if (!np || NOT_FAVOURITE.test(np) || STOP_WORDS.has(np.toLowerCase())) continue;
    out.push({ text: np.replace(/^["“]|["”]$/g, ''), phrase: np, index: s.indexOf(np, m.index ?? 0) });
  }
  return out;
}

/** "my fourth video game tournament" for "how many tournaments": the ordinal before the counted noun, as a count. */
function ordinalCounts(s: string, counted: string): Value[] {
  const noun = matchStem(counted.toLowerCase());
  const out: Value[] = [];
  for (const m of s.matchAll(/\b(?:my|his|her|their|our)\s+(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\d+(?:st|nd|rd|th))((?:\s+[\p{L}-]+){1,4})/giu)) {
    const words = m[2].trim().split(/\s+/);
    const at = words.findIndex((w) => matchStem(w.toLowerCase()) === noun);
    if (at < 0) continue;
    const n = ordinalValue(m[1].toLowerCase()) ?? Number.parseInt(m[1], 10);
    if (!Number.isFinite(n)) continue;
    const phrase = `${m[0].slice(0, m[0].indexOf(m[1]) + m[1].length)} ${words.slice(0, at + 1).join(' ')}`;
    out.push({ text: String(n), phrase, index: m.index ?? 0, raw: n });
  }
  return out;
}

/** The description of a photo a message shares, as the evidence carries it after the message's text. */
const IMAGE_SENTENCE = /^\[image: [^\]]*\]$/;
/** What a sentence's match through the photo it is shared with counts for. */
const SHOWN_WEIGHT = 0.6;

/** Every sentence of the best evidence, scored as the answer to one part of the question. */
function scoreSentences(sc: Scoring, pool: AskEvidenceMessage[]): Cand[] {
  const { a, part, expected } = sc;
  const out: Cand[] = [];
  pool.forEach((e, rank) => {
    const m = e.message;
    const sents = sentences(m.text);
    // the photo a message shares goes with the sentence it follows ("Here's our latest work." + a sunset with a palm tree)
    const shownAt = sents.length > 1 && IMAGE_SENTENCE.test(sents[sents.length - 1]) ? sents.length - 2 : -1;
    const matched = shownAt < 0 ? sents : sents.map((x, i) => (i === shownAt ? `${x} ${sents[i + 1]}` : x));
    const recency = sc.times.length > 1 ? sc.times.indexOf(m.timestamp) / (sc.times.length - 1) : 0;
    let inPeriod = 0;
    const period = a.period;
    const within = (d: string) => !!period && d.slice(0, 10) >= period.from && d.slice(0, 10) <= period.to;
    if (period) {
      if (findDates(m.text, m.timestamp).some((d) => within(d.date))) inPeriod = 0.5;
      else if (within(m.timestamp)) inPeriod = 0.3;
    }
    const speaker = m.speaker.toLowerCase();
    const typed = (part.kind === 'thing' || part.kind === 'name') && part.head && knowsKinds(part.head) ? part.head : null;
    // (not when the question says which one itself: "which two mystery novels …" is not answered by "fantasy novels")
    const sorted = (part.kind === 'thing' || part.kind === 'name') && part.head && !sortsIn(part.text, part.head).length ? part.head : null;
    const counted = part.kind === 'count' && !/\bhow many times\b/i.test(part.text) ? (/\bhow many\s+(?:[a-z-]+\s+){0,2}?([a-z-]+)\s+(?:has|have|had|did|does|do|is|are|was|were)\b/i.exec(part.text)?.[1] ?? null) : null;
    const favourite = (part.kind === 'thing' || part.kind === 'name') && FAVOURITE_ASKED.test(part.text);
    const placeHead = part.kind === 'place' ? (/\b(?:what|which)\s+(?:[a-z]+\s+)?(cit(?:y|ies)|countr(?:y|ies)|towns?|villages?|states?|islands?|regions?|provinces?)\b/i.exec(part.text)?.[1].toLowerCase() ?? null) : null;
    // every word of the question as a stem ("day" of "what day trip" is no topic word, and tells no sort of trip)
    const askedStems = new Set([...sc.askedWords, ...[...sc.asked].map(matchStem)]);
    const headForms = new Set([...sc.asked].filter((w) => sorted && matchStem(w) === sorted));
    const companions = sc.companions.filter((k) => valuesOf(k, m.text, m.timestamp, sc.asked).length).length * 0.2;
    sents.forEach((s, index) => {
      // the description of a photo the message shares is context for its sentences, not something the speaker said
      if (IMAGE_SENTENCE.test(s)) return;
      // "how many times …": a number of times ("twice", "three times"), not any number the sentence holds ("both of them");
      // what was paid is not a budget or a target ("Budget about 80 euros")
      const stated =
        part.kind === 'count' && /\bhow many times\b/i.test(part.text)
          ? timesStated(s)
          : part.kind === 'amount' && expected.past && !BUDGET.test(a.question)
            ? valuesOf(part.kind, s, m.timestamp, sc.asked).filter((v) => !BUDGET.test(s.slice(Math.max(0, v.index - 16), v.index + v.phrase.length + 10)))
            : valuesOf(part.kind, s, m.timestamp, sc.asked, { resultTime: part.resultTime });
      // "Guess what I did this week? I applied to …": the time of a lead-in that asks or announces, for the news after it
      const lead = part.kind === 'date' && !stated.length && index > 0 && LEAD_IN.test(sents[index - 1]) ? valuesOf('date', sents[index - 1], m.timestamp, sc.asked) : [];
      // "how many tournaments has he won?" ← "I won my fourth tournament": the count so far, said as an ordinal
      if (counted) stated.unshift(...ordinalCounts(s, counted));
      const reported = part.kind === 'date' && !stated.length && !lead.length ? (ongoingSince(s, m.timestamp) ?? reportedOn(s, m.timestamp)) : null;
      // "how long has she …": the span, and when it began
      const since = part.kind === 'duration' && expected.since && stated.length ? ongoingSince(s, m.timestamp) : null;
      let values = lead.length ? lead : reported ? [reported] : since ? stated.map((v) => (v.phrase === since.phrase ? { ...v, text: `${v.text} (${since.text})` } : v)) : stated;
      // "what is her favourite show?" ← "\"That\" is one of my favorite shows": what is said to be a favourite
      const favourites = favourite && !values.length ? favouritesIn(s) : [];
      if (favourites.length) values = favourites.map((f) => ({ ...f, kind: true }));
      // "what bird …" ← "a heron landed on the roof": a noun phrase that is a kind of the thing asked for
      if (!values.length && typed) values = kindsIn(s, typed, sc.askedWords).map((k) => ({ text: k.text, phrase: k.text, index: k.index, kind: true }));
      // "which city …" ← "It's Seattle": a name WordNet lists as one of the kind of place asked for
      if (placeHead) {
        const named = kindsIn(s, placeHead, sc.asked).filter((k) => /^\p{Lu}/u.test(k.text) && !values.some((v) => v.text === k.text));
        if (named.length) values = [...named.map((k) => ({ text: k.text, phrase: k.text, index: k.index })), ...values];
      }
      // "what workshop …" ← "a counseling workshop": the noun asked for, said with which one it is
      if (!values.length && sorted) values = sortsIn(s, sorted, askedStems, headForms).map((k) => ({ text: k.text, phrase: k.text, index: k.index, kind: true, sort: true }));
      // "It's about leaving home": a sentence that refers back takes the value of the one before
      const valuesBefore = !values.length && index > 0 && PRONOUN_START.test(s) && (part.kind === 'name' || part.kind === 'person' || part.kind === 'place') && !/\?\s*$/.test(sents[index - 1]);
      if (valuesBefore) values = valuesOf(part.kind, sents[index - 1], m.timestamp, sc.asked);
      // "Annihilation it is.": the one of the assistant's suggestions the person's closing words name
      if (!values.length && index <= 1 && !/\?\s*$/.test(s)) {
        const exchange = sc.closes.get(m.id);
        if (exchange) values = valuesOf(part.kind, exchange.reply.text, exchange.reply.timestamp, sc.asked).filter((v) => containsPhrase(s, v.text));
      }
      const topicIn = (ss: string[]) => {
        const shared = topicOf(sc, sc.shared, ss, index, e);
        return sc.own ? 0.6 * topicOf(sc, sc.own, ss, index, e) + 0.4 * shared : shared;
      };
      // (a description is not the speaker's words, and often wrong in its details: it counts for less)
      const topic = index === shownAt ? Math.max(topicIn(sents), SHOWN_WEIGHT * topicIn(matched)) : topicIn(sents);
      // the period counts for messages on the topic: one of its own that shares no word is about something else
      let score = topic + (topic > 0 || !sc.shared.size ? inPeriod : 0) + companions + 0.45 / (1 + rank);
      // a date only implied by the day it was told is weaker than one stated
      if (values.length) score += reported?.implicit === 'said' ? 0.3 : values[0].sort ? KIND_BONUS * Math.min(1, topic / TOPIC_FLOOR.thing) : values[0].kind ? KIND_BONUS : 0.5;
      else score -= MISSING[part.kind];
      // a favourite asked about, said to be one: as good as the question's words
      if (favourites.length) score += FAVOURITE_BONUS;
      // a place with a name says more than "the library"
      if (part.kind === 'place' && values.some((v) => /^\p{Lu}/u.test(v.text))) score += 0.15;
      // "Did he have a dog?" — "No, no pets right now."
      if (part.kind === 'yesno' && /^(?:yes|yeah|yep|yup|no|nope|not|never|definitely|of course)\b/i.test(s)) score += 0.3;
      // "what did I name it?": a name given ("I named it Fern")
      if (part.kind === 'name' && /\b(?:name[ds]?|call(?:ed)?)\b/i.test(part.text) && values.some((v) => v.raw === 'named')) score += 0.4;
      // a value of the kind asked for is what the sentence adds ("I can study 20 minutes a day" for "how many minutes a day can I study?")
      const novel = novelWords(s, sc.askedWords, sc.speakers) + (values.length && STATED_KINDS.has(part.kind) ? 2 : 0);
      if ((isFiller(s) && part.kind !== 'yesno') || novel === 0) score -= 0.8;
      else if (novel === 1) score -= 0.25;
      else score += Math.min(novel, 6) * 0.015;
      // a question is no answer, unless it proposes the value ("meet at BER Terminal 1 at 6:15?")
      if (/\?\s*$/.test(s) && !sc.askedByMe) score -= values.length && STATED_KINDS.has(part.kind) ? 0.25 : 0.6;
      if (sc.subjects.size) score += sc.subjects.has(speaker) ? 0.3 : -0.15;
      else if (sc.saidByMe) score += m.role === 'assistant' ? -0.4 : 0.35;
      else if (sc.advice && sc.assistants) score += m.role === 'assistant' ? 0.25 : -0.3;
      else if (sc.asksAssistant) score += m.role === 'assistant' ? 0.2 : -0.3;
      else if (sc.self) score += m.role === 'assistant' ? -0.25 : 0.05;
      // said about the one spoken to ("So proud of you for taking this step"), not about the speaker
      if ((sc.subjects.has(speaker) || (sc.self && m.role !== 'assistant')) && /\b(?:you|your|you're|you've|yours)\b/i.test(s) && !/\b(?:i|my|me|we|our|i'm|i've)\b/i.test(s)) score -= 0.2;
      // a plan asked about ("when is she planning to go camping?"): what is planned, not what was done
      if (expected.future && !/\?\s*$/.test(s)) score += WISH.test(s) || /\b(?:next|soon|upcoming|planning|plan)\b/i.test(s) ? 0.25 : PAST_TENSE.test(s) ? -0.15 : 0;
      // what happened: a wish, a plan or a booking for later does not answer it
      if (expected.past && part.kind !== 'date') {
        if (WISH.test(s.replace(REMEMBERED, ''))) score -= 0.45;
        // a booking for later ("I booked an orthopedist for Tuesday") does not say what happened
        // there, the less so when the evidence tells how it went
        else if ((part.kind === 'thing' || part.kind === 'name') && findDates(s, m.timestamp).some((d) => d.date.slice(0, 10) > m.timestamp.slice(0, 10))) score -= sc.plansWithOutcome.has(m.id) ? 0.5 : 0.25;
        else if (PAST_TENSE.test(s) && !/\?\s*$/.test(s)) score += 0.1;
      }
      // "when did she go …": a plan for it ("I'm going to a conference this month") dates it less well than its telling
      else if (expected.past && part.kind === 'date' && WISH.test(s.replace(REMEMBERED, '')) && !PAST_TENSE.test(s)) score -= 0.2;
      // what was done or chosen ("what did I cook", "which book am I reading next"): said when the exchange closes, not when it opens
      if ((expected.past || expected.future) && index <= 1 && !/\?\s*$/.test(s) && !isFiller(s) && sc.closes.has(m.id)) score += 0.25;
      if (sc.wantsLatest) score += 0.5 * recency + (NOW_CUE.test(s) ? 0.15 : 0);
      if (/\b(total|altogether|in all|overall)\b/i.test(a.question) && /\b(total|altogether|in all|overall|about|around)\b/i.test(s)) score += 0.2;
      // anchored at the time asked about: the sentence (or its lead-in) says when, and it is then
      // (or the question names one day and the message was written on it: what was told that day)
      const dated = (!!period && period.from.slice(0, 10) === period.to.slice(0, 10) && within(m.timestamp)) || inPeriod === 0.5 && [s, ...(index > 0 && LEAD_IN.test(sents[index - 1]) ? [sents[index - 1]] : [])].some((t) => findDates(t, m.timestamp).some((d) => within(d.date)));
      out.push({ evidence: e, sentence: s, score, rank, index, values, topic, ...((valuesBefore || lead.length) && values.length ? { valuesBefore: true } : {}), ...(dated ? { dated } : {}) });
    });
  });
  return out.sort((x, y) => y.score - x.score || x.rank - y.rank || x.index - y.index);
}

/** The sentence of the evidence that best answers the question (topic words, kind of value, rank, speaker, recency). */
export function bestSentence(a: Analysis, evidence: AskEvidenceMessage[], max = 10): Picked | null {
  const pool = evidence.slice(0, max);
  if (!pool.length) return null;
  const expected = expectedAnswer(a.question);
  const best = scoreSentences(scoringFor(a, expected, expected.parts[0], pool), pool)[0];
  return best ? { evidence: best.evidence, sentence: best.sentence, score: best.score } : null;
}

export interface MessageAnswer {
  text: string;
  computation?: AskComputation;
  refs: string[];
  /**
   * Whether the quoted sentence answers the question (a value of the kind asked for, about whom
   * it asks, on its topic) or only shares words with it; `why` says what is missing.
   */
  judged?: { answered: boolean; why: string };
  /** How it was found, when the answer knows better than its route and refs ("Counted from every message that mentions it."). */
  how?: string;
  /** The period the question names has no messages: the text says so, and where the nearest ones are. */
  emptyPeriod?: boolean;
}

function quote(p: Picked): string {
  const m = p.evidence.message;
  return `“${p.sentence}” (${m.speaker}, ${shortStamp(m.timestamp)}) [${p.evidence.ref}]`;
}

/**
 * What to quote for a sentence: a sentence that leans on the one before it ("It's €55 a month.")
 * takes it along; one that says little of its own ("Back from the doctor.") takes the next. For a
 * question about a thing (no value to pick out), the sentence that names the topic is often
 * followed by what the question asks ("This necklace is special to me. … it stands for love,
 * faith and strength."): the next sentence comes too.
 */
function unitOf(c: Cand, sc: Scoring): string {
  const sents = sentences(c.evidence.message.text);
  let from = c.index;
  let to = c.index;
  const s = sents[c.index];
  const open = (i: number) => i < sents.length && !/\?\s*$/.test(sents[i]) && !isFiller(sents[i]);
  if (c.index > 0 && PRONOUN_START.test(s) && (c.valuesBefore || weightedMatch(s, sc.shared) < weightedMatch(sents[c.index - 1], sc.shared)) && !/\?\s*$/.test(sents[c.index - 1])) from--;
  // the lead-in its time comes from ("Guess what I did this week?")
  else if (c.index > 0 && c.valuesBefore && LEAD_IN.test(sents[c.index - 1])) from--;
  const thing = sc.part.kind === 'thing' || sc.part.kind === 'yesno' || (!c.values.length && !STATED_KINDS.has(sc.part.kind));
  if (open(to + 1) && (novelWords(s, sc.askedWords, sc.speakers) <= 2 || /:\s*$/.test(s) || thing)) to++;
  if (thing && from === c.index && c.index > 0 && open(c.index - 1) && weightedMatch(sents[c.index - 1], sc.shared) > 0) from--;
  const text = sents.slice(from, to + 1).join(' ');
  return text.length > 320 ? (from < c.index ? sents.slice(from, c.index + 1).join(' ') : s) : text;
}

/**
 * What to quote for a thing asked about with no value to pick out: the statements of the message
 * around the unit, when the message is short (what it says around the words asked about is the
 * answer: "What did they do at the lake?" ← "The lake was calm. We rowed out and fished till dark…").
 */
function quotedUnit(c: Cand, sc: Scoring, unit: string): string {
  const thing = sc.part.kind === 'thing' || sc.part.kind === 'yesno' || (!c.values.length && !STATED_KINDS.has(sc.part.kind));
  if (!thing || c.values.length) return unit;
  const sents = sentences(c.evidence.message.text);
  const open = (i: number) => i >= 0 && i < sents.length && !/\?\s*$/.test(sents[i]) && !isFiller(sents[i]);
  let from = c.index;
  let to = c.index;
  while (open(from - 1)) from--;
  while (open(to + 1)) to++;
  const whole = sents.slice(from, to + 1).join(' ');
  return whole.length <= 320 && whole.includes(unit) ? whole : unit;
}

/** Of several values, the one nearest the question's words in the sentence (the counted noun, the thing priced). */
function nearestValue(values: Value[], s: string, sc: Scoring, at: string): Value {
  if (values.length === 1) return values[0];
  const weights = sc.own ?? sc.shared;
  let keys = [...weights.keys()];
  // "in total": the amount stated with the total
  if (/\b(total|altogether|in all|overall)\b/i.test(sc.a.question) && /\b(total|altogether|overall)\b/i.test(s)) keys = ['total', 'altogether', 'overall'];
  const positions: number[] = [];
  // "the bill in September" ← "for August 64 euros and for September 92": the value said with the period asked about
  const period = sc.a.period;
  if (period) {
    for (const d of findDates(s, at)) {
      const day = d.date.slice(0, 10);
      const i = s.indexOf(d.phrase);
      if (i >= 0 && day >= period.from && day <= period.to && !values.some((v) => v.index === i)) positions.push(i, i + d.phrase.length);
    }
  }
  if (!positions.length) {
    for (const m of s.matchAll(/[\p{L}\p{N}]+/gu)) {
      const w = matchStem(m[0].toLowerCase());
      if (keys.some((k) => w === k || (k.length >= 4 && w.startsWith(k)))) positions.push(m.index ?? 0, (m.index ?? 0) + m[0].length);
    }
  }
  if (!positions.length) return values[0];
  const dist = (v: Value) => Math.min(...positions.map((p) => (p >= v.index && p <= v.index + v.phrase.length ? 0 : Math.min(Math.abs(p - v.index), Math.abs(p - v.index - v.phrase.length)))));
  return [...values].sort((x, y) => dist(x) - dist(y) || x.index - y.index)[0];
}

// a list is gathered from up to six sentences that score nearly as well as the best
const LIST_MAX = 6;
/** How many evidence messages a list's items are gathered from (other answers read the best 12). */
const LIST_POOL = 20;
const LIST_MARGIN = 0.7;
/** What a noun phrase of the kind asked for adds to a sentence ("what bird" ← "a heron"). */
const KIND_BONUS = 0.4;
const STATED_KINDS = new Set<AnswerKind>(['date', 'time', 'duration', 'amount', 'count', 'number', 'frequency', 'weekday']);

interface PartAnswer {
  cand: Cand;
  /** What is quoted. */
  unit: string;
  /** The sentence and what it leans on, which the judgement reads (the quote may say more around it). */
  core?: string;
  value?: Value;
  /** "now": how many messages state the value (the most recent is used). */
  statements?: number;
}

/** One part answered: its best sentence, and its value when the kind has one. */
function answerPart(sc: Scoring, pool: AskEvidenceMessage[], anchor: PartAnswer | null): PartAnswer | null {
  let cands = scoreSentences(sc, pool);
  if (!cands.length) return null;
  // a part with no words of its own ("and when?", "and where?") leans on the first part's message
  if (anchor && !sc.own) {
    const same = cands.filter((c) => c.evidence.message.id === anchor.cand.evidence.message.id && c.values.length);
    const near = same.sort((x, y) => Math.abs(x.index - anchor.cand.index) - Math.abs(y.index - anchor.cand.index))[0];
    if (near) return { cand: near, unit: near.index === anchor.cand.index ? anchor.unit : unitOf(near, sc), value: nearestValue(near.values, near.sentence, sc, near.evidence.message.timestamp) };
    if (sc.part.kind === 'date') {
      // what the message tells happened on (or by) the day it was written
      const m = anchor.cand.evidence.message;
      return { cand: anchor.cand, unit: anchor.unit, value: { text: `${longDate(m.date)} (the day it was said)`, phrase: '', index: 0, raw: m.date } };
    }
    const session = cands.filter((c) => c.evidence.message.sessionId === anchor.cand.evidence.message.sessionId && c.values.length);
    // "… and where?" is answered by a sentence that names a place, wherever it is in the evidence
    const stated = cands.filter((c) => c.values.length && c.topic >= TOPIC_FLOOR.thing);
    if (session.length) cands = session;
    else if (stated.length) cands = stated;
  }
  // a value that changed: of the sentences that state it about as well as the best, the latest
  let best = cands[0];
  let statements: number | undefined;
  if (sc.wantsLatest && (STATED_KINDS.has(sc.part.kind) || sc.part.kind === 'name')) {
    // the same fact: it names what is counted ("followers"), or matches the question about as well
    const counted = /\bhow many\s+([a-z-]+)/i.exec(sc.a.question);
    const noun = counted ? matchStem(counted[1].toLowerCase()) : null;
    const names = (c: Cand) => !!noun && tokens(c.sentence).some((w) => matchStem(w) === noun);
    // a sentence that announces the current value refers back to what it counts ("That makes 152 in my
    // collection now"), so it shares fewer of the question's words than the first statement did
    const margin = (c: Cand) => (NOW_CUE.test(c.sentence) ? 0.8 : 0.35);
    const close = cands.filter((c) => c.values.length && !/\?\s*$/.test(c.sentence) && (names(c) ? c.topic > 0 && c.score >= best.score - 1.2 : c.score >= best.score - margin(c) && c.topic >= best.topic * 0.5));
    // an update is said in a later conversation: the latest session's best statement
    const latestSession = [...close].sort((x, y) => y.evidence.message.timestamp.localeCompare(x.evidence.message.timestamp))[0]?.evidence.message.sessionId;
    const inLatest = close.filter((c) => c.evidence.message.sessionId === latestSession).sort((x, y) => y.score - x.score);
    if (inLatest[0]) best = inLatest[0];
    statements = new Set(close.map((c) => c.evidence.message.sessionId)).size;
  }
  const value = best.values.length && (STATED_KINDS.has(sc.part.kind) || best.values[0].kind) ? nearestValue(best.values, best.sentence, sc, best.evidence.message.timestamp) : undefined;
  const core = unitOf(best, sc);
  return { cand: best, unit: quotedUnit(best, sc, core), core, value, ...(statements ? { statements } : {}) };
}

/** The computation behind a value picked out of a sentence. */
function computationOf(part: AnswerPart, p: PartAnswer): AskComputation | undefined {
  const v = p.value;
  const m = p.cand.evidence.message;
  const ref = p.cand.evidence.ref;
  if (v?.implicit === 'said') return { kind: 'date', value: v.text, detail: `the sentence states no date; it tells this as news on ${m.date}, the day of its message`, refs: [ref] };
  if (v?.implicit === 'span') return { kind: 'date', value: v.text, detail: `'${v.phrase}' up to ${m.date}, the day of its message, counted back → ${String(v.raw)}`, refs: [ref] };
  if (!v || !v.phrase) return undefined;
  if (p.statements && p.statements > 1) return { kind: 'latest', value: v.text, detail: `${p.statements} messages state it; the most recent (${m.date}) is used ('${v.phrase}')`, refs: [ref] };
  if (part.kind === 'date') return { kind: 'date', value: v.text, detail: `'${v.phrase}' in a message of ${m.date} → ${String(v.raw ?? '').slice(0, 10)}`, refs: [ref] };
  if (part.kind === 'duration') return { kind: 'duration', value: v.text, detail: `'${v.phrase}' read as ${v.text}`, refs: [ref] };
  if (part.kind === 'amount') return { kind: 'value', value: v.text, detail: `the amount in the best-matching sentence ('${v.phrase}')`, refs: [ref] };
  if (part.kind === 'count') return { kind: 'count', value: v.text, detail: `the number stated with what is counted ('${v.phrase}')`, refs: [ref] };
  return { kind: 'value', value: v.text, detail: `the ${part.kind === 'weekday' ? 'days' : part.kind} in the best-matching sentence ('${v.phrase}')`, refs: [ref] };
}

const quoteOf = (p: PartAnswer) => quote({ evidence: p.cand.evidence, sentence: p.unit, score: p.cand.score });

export interface MessageAnswerOptions {
  /** People already named (a follow-up "who else"): a sentence must name someone new. */
  exclude?: string[];
  /** The speakers that are "I" in the question (the owner's, or the person "I" is read as). */
  me?: string[];
  /** Answer only these kinds of the question's parts (the graph answered the others). */
  kinds?: AnswerKind[];
}

/**
 * The answer the messages give, part by part: the sentence that holds a value of the kind asked
 * for and the question's words, its value picked out (a date resolved against its message);
 * "and when?" from the same message; the latest statement for "now"; two amounts compared only
 * when each is clearly about one of the two things; several sentences for a list.
 */
export function answerFromMessages(a: Analysis, evidence: AskEvidenceMessage[], opts: MessageAnswerOptions = {}): MessageAnswer | null {
  const expected = expectedAnswer(a.question);
  // a list gathers its items from more of the evidence (they are told in several conversations)
  const pool = evidence.slice(0, expected.list ? LIST_POOL : 12);
  if (!pool.length) return null;
  if (expected.compare) {
    const c = compareAmounts(a, pool);
    if (c) return c;
  }
  if (expected.parts.length === 1 && expected.parts[0].kind === 'amount' && TOTAL_ASKED.test(a.question)) {
    const t = totalFromMessages(a, expected, pool, opts.me ?? []);
    if (t) return t;
  }
  const answers: { part: AnswerPart; answer: PartAnswer }[] = [];
  let judged: { answered: boolean; why: string } | undefined;
  let sc0: Scoring | undefined;
  for (const part of expected.parts) {
    if (opts.kinds && !opts.kinds.includes(part.kind)) continue;
    const sc = scoringFor(a, expected, part, pool);
    sc.me = new Set((opts.me ?? []).map((n) => n.toLowerCase()));
    sc0 ??= sc;
    let usable = pool;
    if (opts.exclude?.length && part.kind === 'person') {
      const known = opts.exclude.map((n) => n.toLowerCase());
      sc.asked = new Set([...sc.asked, ...known.flatMap((n) => tokens(n))]);
      const named = scoreSentences(sc, pool).filter((c) => !/\?\s*$/.test(c.sentence) && c.values.some((v) => !known.some((k) => v.text.toLowerCase().includes(k))) && c.topic > 0.3);
      if (!named.length) return null;
      usable = [...new Set(named.map((c) => c.evidence))];
    }
    const p = answerPart(sc, usable, answers[0]?.answer ?? null);
    if (p) {
      // the first part answered says whether the messages answer the question at all
      judged ??= judge(sc, p);
      answers.push({ part, answer: p });
    }
  }
  if (!answers.length) return null;
  if (expected.list && answers.length === 1) {
    const list = listAnswer(a, expected, pool, answers[0].answer, sc0!);
    return { ...list.answer, judged: list.judged };
  }
  const out = composeParts(answers, a);
  return { ...out, ...(judged ? { judged } : {}) };
}

/** Kinds whose answer is a value a sentence must hold (a date, an amount, a person…). */
const VALUE_KINDS = new Set<AnswerKind>([...STATED_KINDS, 'time', 'person', 'place']);
/**
 * How much of the question's topic a sentence (with its context) must cover to answer it: a
 * sentence that holds a value of the kind asked for needs little (its value is the answer, and
 * people word things differently: "my dog" ← "Pixel is a beagle"); one quoted for a thing needs more.
 */
const TOPIC_FLOOR = { value: 0.1, thing: 0.3 };
/** How many times a text says one of a pattern's words ("I", "you"). */
const mentions = (text: string, re: RegExp) => text.match(new RegExp(re.source, 'gi'))?.length ?? 0;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|our|us)\b/i;
const SECOND_PERSON = /\b(?:you|your|you're|you've|yours|yourself)\b/i;

/**
 * Does the sentence picked for a part answer the question, or only share words with it?
 *  - about whom the question asks: a question about a named person (or about "me") is answered
 *    by what that person says of themself, or by what someone says to them or about them by
 *    name — not by another speaker's "I" and "my" (LoCoMo's adversarial questions swap people);
 *  - a value of the kind asked for, when the kind has values (a date, an amount, a person…);
 *  - the question's topic: the sentence and its context cover enough of its words.
 */
function judge(sc: Scoring, p: PartAnswer): { answered: boolean; why: string } {
  const m = p.cand.evidence.message;
  const speaker = m.speaker.toLowerCase();
  const unit = p.core ?? p.unit;
  const about = new Set([...sc.subjects, ...(sc.self ? (sc.me ?? []) : [])]);
  // advice the person asked for, what they were told, or the reply to their own question is the assistant's, said to them
  const replied = m.role === 'assistant' && sc.before.get(m.id)?.role === 'user';
  const advised = (sc.advice || sc.asksAssistant || replied) && m.role === 'assistant' && !sc.subjects.size;
  if (about.size && !about.has(speaker) && !advised) {
    const names = [...about];
    const named = names.some((n) => namesAsSubject(unit, n));
    // said to them ("your new job"), not about the speaker's own world first
    // (and more about them than about the speaker: "Taking your advice, I'm sprucing up my plan" is the speaker's)
    const addressed = SECOND_PERSON.test(unit) && !FIRST_PERSON.test(unit.slice(0, unit.search(SECOND_PERSON))) && mentions(unit, SECOND_PERSON) >= mentions(unit, FIRST_PERSON);
    if (!named && !addressed) return { answered: false, why: `${m.speaker} says this about ${FIRST_PERSON.test(unit) ? `${m.speaker === 'Assistant' ? 'itself' : 'their own life'}` : 'something else'}, not about ${sc.subjects.size ? names.filter((n) => sc.subjects.has(n)).map(capitalize).join(' or ') : 'you'}` };
  }
  // the one asked about talking to the other about the other's life ("Your store looks great")
  // (unless the question asks what they suggested or advised: advice is said to the one it is for)
  const adviceAsked = sc.advice && !sc.self;
  if (about.size && about.has(speaker) && sc.subjects.has(speaker) && !adviceAsked && SECOND_PERSON.test(unit) && !FIRST_PERSON.test(unit)) {
    return { answered: false, why: `${m.speaker} says this about the one they talk to, not about themself` };
  }
  // the sentence with the question's words is said to the listener, about them ("That race sounds great, Mel!", "Sorry to hear about your job")
  // (or the whole quote is: no "I" in it, and it speaks to them — "Way to go, Sam! Entering that race takes guts.")
  if (about.size && about.has(speaker) && sc.subjects.has(speaker) && !adviceAsked && (saidToListener(topicSentence(unit, sc), speaker, sc.speakers) || saidToListener(p.unit, speaker, sc.speakers))) {
    return { answered: false, why: `${m.speaker} says this to the one they talk to, about them` };
  }
  // a question asks, it does not tell ("Love the necklace, any special meaning to it?")
  if (!VALUE_KINDS.has(sc.part.kind) && /\?\s*$/.test(unit) && !sc.askedByMe) return { answered: false, why: 'the best-matching message asks rather than tells' };
  // a name the question gives (a place, a title, a person) that none of the messages has: about something else
  // the message's conversation, or any of the best-matching messages (the question's setting: "while I was in Porto")
  const context = `${m.conversationTitle} ${[...sc.sessionText.values()].join(' ')}`;
  const missing = properNames(sc.a.question).filter((n) => !sc.speakers.has(matchStem(n.toLowerCase())) && !new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(context));
  if (missing.length) return { answered: false, why: `the messages do not mention ${missing.join(' or ')}` };
  if (VALUE_KINDS.has(sc.part.kind) && !p.value && !p.cand.values.length) return { answered: false, why: `no ${KIND_WORD[sc.part.kind]} in the best-matching messages` };
  // a date only implied by the day of the message needs the topic a quoted thing needs (a span counted
  // back is stated); a thing of the kind asked for is a value
  // (a sort of the noun asked for is only one, unless the question asks for the sorts: "what types of yoga …")
  const floor = p.value?.implicit === 'said' || (p.value?.sort && !sc.expected.list) ? TOPIC_FLOOR.thing : p.value?.kind ? TOPIC_FLOOR.value : VALUE_KINDS.has(sc.part.kind) ? TOPIC_FLOOR.value : sc.part.kind === 'name' ? TOPIC_FLOOR.value : TOPIC_FLOOR.thing;
  // a sentence that says it happened in the period asked about needs only a value's share (the period is its topic too)
  const dated = p.cand.dated && (sc.part.kind === 'thing' || sc.part.kind === 'name') ? TOPIC_FLOOR.value : floor;
  if (p.cand.topic < Math.min(floor, dated) && !p.statements) return { answered: false, why: 'the best-matching messages share only a few of the question\'s words' };
  return { answered: true, why: `a sentence by ${m.speaker} with ${VALUE_KINDS.has(sc.part.kind) ? `the ${KIND_WORD[sc.part.kind]} asked for` : 'the question\'s words'}` };
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The properties that hold a value of a kind, best first (an entity's facts answering "where", "when", "how much"). */
const FACT_OF_KIND: Record<string, RegExp[]> = {
  place: [/[#/]toLocation$/, /[#/](?:location|place|address)$/i],
  date: [/[#/](?:startDate|startTime)$/, /[#/](?:endDate|endTime|date|dateCreated)$/],
  amount: [/[#/](?:price|amount|totalPaymentDue)$/],
  person: [/[#/](?:participant|attendee|agent|knows)$/],
};

/** A property as people say it: its label in the ontology, else its name in words ("toLocation" → "to location"). */
function propertyWords(iri: string): string {
  const label = ontologyLexicon().ontology.labelOf(iri);
  if (label) return label;
  const local = iri.split(/[/#]/).pop() ?? iri;
  return local.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
}

/** The sentence of a unit that holds most of the question's topic words. */
function topicSentence(unit: string, sc: Scoring): string {
  let best = unit;
  let most = -1;
  for (const s of sentences(unit)) {
    const stems = new Set(tokens(s).map(matchStem));
    const n = [...sc.shared.keys()].filter((k) => stems.has(k)).length;
    if (n > most) [best, most] = [s, n];
  }
  return best;
}

/** Words that greet, congratulate or console: what follows is about the one spoken to. */
const TO_LISTENER = /^\s*(?:congrat\w*|sorry to hear|so sorry about|happy for you|glad to hear|good luck)\b/i;

/**
 * A sentence said to the listener about them: no "I" or "my" in it, and it speaks to them
 * ("your", "you"), calls them by name ("…, Mel!": a first name or the start of one, of another
 * speaker), or congratulates or consoles.
 */
function saidToListener(sentence: string, speaker: string, speakers: Set<string>): boolean {
  if (FIRST_PERSON.test(sentence)) return false;
  if (SECOND_PERSON.test(sentence) || TO_LISTENER.test(sentence)) return true;
  const self = new Set(topicWords(speaker));
  const others = [...speakers].filter((s) => !self.has(s));
  for (const v of sentence.matchAll(/(?:^|[,!.?]\s*|\b(?:hey|hi|hello|thanks|wow|oh)\s+)(\p{Lu}\p{Ll}+)(?=\s*[,!.?])/gu)) {
    const w = matchStem(v[1].toLowerCase());
    if (w.length >= 3 && others.some((o) => o.startsWith(w))) return true;
  }
  return false;
}

/** Capitalized words inside a question (names, places, titles), not its first word, a calendar name or "I". */
function properNames(question: string): string[] {
  const out: string[] = [];
  const body = question.replace(/^\s*\S+/, ' ');
  for (const m of body.matchAll(/(?<![\p{L}'’])\p{Lu}[\p{L}'’-]+/gu)) {
    const w = m[0].replace(/['’]s$/, '');
    if (isCalendarWord(w) || w.length < 3) continue;
    out.push(w);
  }
  return out;
}

/**
 * A sentence names someone as what it is about ("Noor's kids", "Noor painted it"), not
 * only to address them ("Thanks, Noor!", "Hey Noor,").
 */
function namesAsSubject(text: string, name: string): boolean {
  const first = name.split(/\s+/)[0];
  const re = new RegExp(`\\b${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi');
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 24), m.index ?? 0);
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 3);
    const address = /(?:^|[\s,!.])(?:hey|hi|hello|thanks|thank you|thx|congrats|congratulations|wow|oh|yeah|yes|sure|aw+|omg|ok(?:ay)?|so|dear|good|great|sorry)[\s,!.]*$/i.test(before) || /^\s*[,!?.]/.test(after) || /^\s*$/.test(before) && /^\s*[,!]/.test(after);
    if (!address) return true;
  }
  return false;
}

const KIND_WORD: Record<AnswerKind, string> = {
  date: 'date', time: 'time', duration: 'duration', amount: 'amount', count: 'number', frequency: 'frequency', number: 'number', person: 'person', place: 'place', weekday: 'day of the week', name: 'name', yesno: 'yes or no', thing: 'answer',
};

/** The parts' answers in the question's order: values first, each quote once. */
function composeParts(answers: { part: AnswerPart; answer: PartAnswer }[], a: Analysis): MessageAnswer {
  // two parts answered by one message: one quote that holds both (the longer unit when one holds the other)
  for (const x of answers) {
    for (const y of answers) {
      if (x === y || x.answer.cand.evidence.message.id !== y.answer.cand.evidence.message.id) continue;
      if (x.answer.unit.includes(y.answer.unit)) y.answer = { ...y.answer, unit: x.answer.unit };
    }
  }
  const refs = [...new Set(answers.map((x) => x.answer.cand.evidence.ref))];
  // the computation of the part the question is mostly about (its intent: "how long" → the duration)
  const main = answers.find((x) => x.part.kind === a.intent || (a.intent === 'between' && x.part.kind === 'count')) ?? answers.find((x) => x.answer.value) ?? answers[0];
  const computations = [main, ...answers.filter((x) => x !== main)].map((x) => computationOf(x.part, x.answer)).filter((c): c is AskComputation => !!c);
  // parts that share their quote: "value; value — quote"
  const groups: { key: string; values: string[]; answer: PartAnswer }[] = [];
  for (const x of answers) {
    const key = `${x.answer.cand.evidence.ref}|${x.answer.unit}`;
    const group = groups.find((g) => g.key === key);
    const value = x.answer.value?.text;
    if (group) {
      if (value && !group.values.includes(value)) group.values.push(value);
    } else groups.push({ key, values: value ? [value] : [], answer: x.answer });
  }
  const text = groups.map((g) => (g.values.length ? `${g.values.join('; ')} — ${quoteOf(g.answer)}` : quoteOf(g.answer))).join('; ');
  const computation = computations[0];
  return { text, refs, ...(computation ? { computation } : {}) };
}

const TOTAL_ASKED = /\b(?:in total|total|altogether|in all|overall|combined|all together|sum)\b/i;
const TOTAL_SAID = /\b(?:in total|total|altogether|in all|overall|combined|all together)\b/i;

/**
 * "How much did I spend on heating in total?": every amount the evidence states on the topic, by
 * whom the question is about, summed — each amount once per conversation (a reply that repeats it
 * is not a second payment). Nothing when a message states the total itself (that sentence is the
 * answer), when fewer than two amounts are found, or when they are in different currencies.
 */
function totalFromMessages(a: Analysis, expected: ExpectedAnswer, pool: AskEvidenceMessage[], me: string[]): MessageAnswer | null {
  const sc = scoringFor(a, expected, expected.parts[0], pool);
  const mine = new Set(me.map((n) => n.toLowerCase()));
  const byWhom = (m: MessageRow) => {
    const speaker = m.speaker.toLowerCase();
    if (sc.subjects.size) return sc.subjects.has(speaker);
    if (!sc.self) return true;
    return mine.size ? mine.has(speaker) : m.role !== 'assistant';
  };
  const stated = scoreSentences(sc, pool).filter((c) => c.values.length && c.topic >= TOPIC_FLOOR.thing && byWhom(c.evidence.message) && !/\?\s*$/.test(c.sentence) && !WISH.test(c.sentence));
  if (stated.some((c) => TOTAL_SAID.test(c.sentence))) return null;
  const seen = new Set<string>();
  const items: { cand: Cand; values: Value[] }[] = [];
  // in the order they were said
  for (const c of [...stated].sort((x, y) => x.evidence.message.timestamp.localeCompare(y.evidence.message.timestamp) || x.index - y.index)) {
    const values = c.values.filter((v) => {
      const key = `${c.evidence.message.conversationId}|${v.currency}|${String(v.raw)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (values.length) items.push({ cand: c, values });
  }
  const amounts = items.flatMap((i) => i.values.map((v) => ({ amount: Number(v.raw), currency: v.currency ?? '' })));
  if (amounts.length < 2 || new Set(amounts.map((x) => x.currency)).size > 1) return null;
  const sum = sumAmounts(amounts);
  const refs = [...new Set(items.map((i) => i.cand.evidence.ref))];
  const lines = items.map((i) => `${i.values.map((v) => v.text).join(' + ')} — ${quote({ evidence: i.cand.evidence, sentence: i.cand.sentence, score: i.cand.score })}`);
  return {
    text: `${sum.value} in total, from ${amounts.length} amounts:\n${listLines(lines)}`,
    computation: { kind: 'sum', value: sum.value, detail: sum.detail, refs },
    refs,
    judged: { answered: true, why: `${amounts.length} amounts on the question's topic, summed` },
    how: `Summed in code from ${amounts.length} amounts stated in ${refs.length} message${refs.length === 1 ? '' : 's'}.`,
  };
}

/**
 * A question that asks for several things: the best sentences of different messages, up to six,
 * each judged as an answer on its own (about whom the question asks, on its topic, a value of the
 * kind asked for): the items are gathered from several messages, so one item that does not answer
 * (the best-matching sentence by the other speaker) does not stand for the others.
 */
function listAnswer(a: Analysis, expected: ExpectedAnswer, pool: AskEvidenceMessage[], first: PartAnswer, sc: Scoring): { answer: MessageAnswer; judged: { answered: boolean; why: string } } {
  const firstJudged = judge(sc, first);
  const items: PartAnswer[] = [];
  let top: number | null = null;
  for (const c of [first.cand, ...scoreSentences(sc, pool)]) {
    if (items.length >= LIST_MAX || (top !== null && c.score < top - LIST_MARGIN)) break;
    if (items.some((p) => p.cand.evidence.message.id === c.evidence.message.id) || /\?\s*$/.test(c.sentence)) continue;
    const core = c === first.cand ? first.core ?? first.unit : unitOf(c, sc);
    // a thing of the kind asked for is the item's value (the honesty judgement reads it as one)
    const value = c.values.find((v) => v.kind);
    const item: PartAnswer = { cand: c, unit: c === first.cand ? first.unit : quotedUnit(c, sc, core), core, ...(value ? { value } : {}) };
    if (!(c === first.cand ? firstJudged : judge(sc, item)).answered) continue;
    top ??= c.score;
    items.push(item);
  }
  if (!items.length) return { answer: { text: quoteOf(first), refs: [first.cand.evidence.ref] }, judged: firstJudged };
  return {
    answer: { text: items.map(quoteOf).join('; '), refs: items.map((p) => p.cand.evidence.ref) },
    judged: items[0] === first || firstJudged.answered ? firstJudged : { answered: true, why: `${items.length} sentence${items.length === 1 ? '' : 's'} by ${[...new Set(items.map((p) => p.cand.evidence.message.speaker))].join(' and ')} with the question's words` },
  };
}

/**
 * "How much more does the new X cost than the old one?": amounts per the same period ("a month")
 * that are each stated with a different named thing; with exactly two things, the difference —
 * the newer one (mentioned last) first. Nothing when the two amounts are not clearly about two things.
 */
function compareAmounts(a: Analysis, pool: AskEvidenceMessage[]): MessageAnswer | null {
  const per = /\b(?:per|a|each|every)\s+(month|week|year|day|night|hour)\b|\b(monthly|weekly|yearly|daily|nightly|hourly)\b/i.exec(a.question);
  const unit = per ? (per[1] ?? per[2].replace(/ly$/, '').replace(/^dai$/, 'day').replace(/^night$/, 'night')).toLowerCase() : null;
  const weights = keywordWeights(a.keywords, pool.map((e) => `${e.message.text} ${e.message.conversationTitle}`));
  const found = new Map<string, { thing: string; amount: number; currency: string; ref: string; at: string; sentence: string }>();
  for (const e of pool) {
    const sents = sentences(e.message.text);
    if (weightedMatch(`${e.message.text} ${e.message.conversationTitle}`, weights) === 0) continue;
    sents.forEach((s, i) => {
      for (const v of valuesOf('amount', s, e.message.timestamp)) {
        const after = s.slice(v.index + v.phrase.length, v.index + v.phrase.length + 14);
        if (unit && !new RegExp(`^\\s*(?:a|per|each|every|/)\\s*${unit}\\b`, 'i').test(after)) continue;
        // the thing it is about: the nearest name before it in the sentence, else the last one of the sentence before
        const names = valuesOf('name', s.slice(0, v.index), e.message.timestamp).filter((n) => !/^["“]/.test(n.phrase));
        const thing = names.length ? names[names.length - 1].text : i > 0 && PRONOUN_START.test(s) ? (valuesOf('name', sents[i - 1], e.message.timestamp).pop()?.text ?? null) : null;
        if (!thing || e.message.speaker.toLowerCase() === thing.toLowerCase()) continue;
        const key = thing.toLowerCase();
        if (!found.has(key)) found.set(key, { thing, amount: Number(v.raw), currency: v.currency ?? '', ref: e.ref, at: e.message.timestamp, sentence: s });
      }
    });
  }
  const things = [...found.values()];
  const amounts = new Set(things.map((t) => `${t.amount}|${t.currency}`));
  if (things.length !== 2 || amounts.size !== 2 || things[0].currency !== things[1].currency) return null;
  const [older, newer] = things.sort((x, y) => x.at.localeCompare(y.at));
  const diff = Math.round((newer.amount - older.amount) * 100) / 100;
  const more = /\b(?:more|pricier|dearer|extra)\b/i.test(a.question);
  const word = diff >= 0 ? 'more' : 'less';
  const value = `${formatMoney(Math.abs(diff), newer.currency)} ${word}`;
  const each = (t: typeof newer) => `${t.thing} ${formatMoney(t.amount, t.currency)}${unit ? ` a ${unit}` : ''} [${t.ref}]`;
  return {
    text: `${value}${more && diff < 0 ? ' (it costs less)' : ''}: ${each(newer)}, ${each(older)}`,
    computation: { kind: 'value', value, detail: `${formatMoney(newer.amount, newer.currency)} (${newer.thing}, mentioned last) − ${formatMoney(older.amount, older.currency)} (${older.thing}) = ${formatMoney(diff, newer.currency)}`, refs: [newer.ref, older.ref] },
    refs: [...new Set([newer.ref, older.ref])],
  };
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
    text: `${diff.value}: ${found.map((f) => `${f.phrase} on ${longDate(f.date.slice(0, 10))} [${f.ref}]`).join(', ')}`,
    computation: {
      kind: 'days-between',
      value: diff.value,
      detail: `${diff.detail}; ${found.map((f) => `'${f.phraseInText}' [${f.ref}] → ${f.date.slice(0, 10)}`).join(', ')} (resolved against the day each message was written)`,
      refs: found.map((f) => f.ref),
    },
    refs: found.map((f) => f.ref),
  };
}

/**
 * A time question's answer: what the plan's rows are, session by session (one a line). `notes`
 * are the planner's words where it fell back ("no conversation on 2026-11-17: the day before"):
 * the answer says so first, in words.
 */
/** What the memory knows around a period, for a timeline answer. */
export interface TimelineSurroundings {
  /** Each session's topic labels, best first. */
  topicsOf?: (sessionIds: number[]) => Map<number, string[]>;
  /** The sessions nearest a period that has no messages. */
  nearest?: { before?: { start: string }; after?: { start: string } };
}

export function answerFromTimeline(run: PlanRun, evidence: AskEvidenceMessage[], a: Analysis, notes: string[] = [], around: TimelineSurroundings = {}): MessageAnswer {
  const fellBack = notes.map((n) => `${n.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (d) => longDate(d)).replace(/^./, (c) => c.toUpperCase()).replace(/:\s*/, ', so this is ')}.`).join(' ');
  const lead = fellBack ? `${fellBack} ` : '';
  if (!run.total) {
    // say where the conversations are instead, so "nothing" is not a dead end
    const { before, after } = around.nearest ?? {};
    const near = [before && `the last conversation before it was on ${longDate(before.start.slice(0, 10))}`, after && `the next one after it was on ${longDate(after.start.slice(0, 10))}`].filter(Boolean);
    return { text: `${lead}No messages in that period${near.length ? `: ${near.join(', and ')}` : ''}.`, refs: [], emptyPeriod: true };
  }
  if (run.ranked && evidence.length) {
    const picked = bestSentence(a, evidence.filter((e) => e.route === 'timeline'));
    if (picked) return { text: `${lead}${quote(picked)}`, refs: [picked.evidence.ref] };
  }
  // a few messages ("the last thing I asked", "the first message of our last chat"): the messages themselves
  const own = run.total <= 3 ? run.rows.map((r) => evidence.find((e) => e.message.id === r.id)) : [];
  if (own.length && own.every((e) => !!e)) {
    const quotes = own.map((e) => quote({ evidence: e!, sentence: e!.message.text, score: 0 }));
    return { text: `${lead}${quotes.length > 1 ? listLines(quotes, 3) : quotes[0]}`, refs: own.map((e) => e!.ref) };
  }
  const bySession = new Map<number, MessageRow[]>();
  for (const r of run.rows) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
  const refOf = new Map(evidence.map((e) => [e.message.id, e.ref]));
  const shown = [...bySession.values()].slice(0, 5);
  // what each session was about: its topic labels (kept by the topic pass, no model needed)
  const topics = around.topicsOf?.(shown.map((rows) => rows[0].sessionId)) ?? new Map<number, string[]>();
  const parts = shown.map((rows) => {
    const first = rows[0];
    const ref = refOf.get(first.id);
    const about = (topics.get(first.sessionId) ?? []).slice(0, 3);
    return `${first.conversationTitle} on ${longDate(first.date)} (${rows.length} message${rows.length === 1 ? '' : 's'})${about.length ? `, about ${inWords(about)}` : ''}${ref ? ` [${ref}]` : ''}`;
  });
  const more = run.sessionIds.length > 5 ? `and ${run.sessionIds.length - 5} more sessions` : '';
  const value = `${run.total} message${run.total === 1 ? '' : 's'} in ${run.sessionIds.length} session${run.sessionIds.length === 1 ? '' : 's'}`;
  const refs = parts.map((_, i) => refOf.get([...bySession.values()][i][0].id)).filter((r): r is string => !!r);
  const list = parts.length > 1 ? `:\n${listLines([...parts, ...(more ? [more] : [])], 6)}` : `: ${parts[0]}${more ? `, ${more}` : ''}.`;
  return {
    text: `${lead}${value}${list}`,
    // a summary of the plan's rows, counted in code (not a quote)
    computation: { kind: 'count', value, detail: `the timeline plan's rows grouped by session${run.sessionIds.length > 5 ? ' (the first 5 named)' : ''}`, refs },
    refs,
  };
}
