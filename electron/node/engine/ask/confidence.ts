// Is a graph answer good enough to be the answer? A template's rows are read as an answer only
// when they give a value of the kind the question asks for (a date for "when", an amount for "how
// much"…) and the row they come from is about what the question names: the words the template
// matched labels with must be in the best row's labels, most of them — all of them when the
// row's facts come only from the automatic extraction (read by patterns, no model: a loose
// label match there is more often another thing than the one asked about; a model's or the
// person's facts need one of the words, as the template's label filter did). Otherwise the
// messages answer, and the turn says why.
import type { AskEvidenceTriple, AskSparqlResults, RdfTerm } from '../../../../shared/types';
import type { Analysis } from './analyze';
import { topicWords } from './analyze';
import { escapeRegExp } from '../../../../shared/text/words';
import { wordsMatch, type Interpretation } from './answer';
import type { AnswerKind, ExpectedAnswer } from './answer-type';
import { TEMPLATES, type TemplateId } from './templates';

type Row = Record<string, RdfTerm>;

export interface Confidence {
  ok: boolean;
  /** Why not, in a line for the turn's "how the question was read". */
  why: string;
}

/** Share of `words` a text holds (1 when there are none). */
function coverage(text: string, words: string[]): number {
  return words.length ? wordsMatch(text, words) / words.length : 1;
}

const labels = (row: Row, ...vars: string[]) => vars.map((v) => (row[v]?.type === 'literal' ? row[v].value : '')).join(' ');

export function graphConfidence(template: TemplateId | null, a: Analysis, expected: ExpectedAnswer, res: AskSparqlResults, interpretation: Interpretation, triples: AskEvidenceTriple[]): Confidence {
  // a query the person or the model wrote: its reading is the answer they asked for
  if (!template || !interpretation.text) return { ok: true, why: '' };
  const kinds: AnswerKind[] = TEMPLATES[template].answers;
  // a question in parts is answered by the graph in part (the other parts come from the messages)
  const main = expected.parts.find((p) => kinds.includes(p.kind))?.kind ?? expected.parts[0]?.kind ?? 'thing';
  if (!kinds.includes(main)) return { ok: false, why: `the graph's rows (template ${template}) do not give ${KIND_PHRASE[main]}: answered from the messages` };
  const top = res.rows[res.ranked[0]];
  if (!top) return { ok: false, why: 'no row' };
  const cited = new Set(interpretation.refs);
  const origins = new Set(triples.filter((t) => cited.has(t.ref)).flatMap((t) => t.origins));
  const onlyAuto = origins.size > 0 && [...origins].every((o) => o === 'auto' || o === 'owner');
  // a model's or the person's facts: one of the words is enough (as the label filter asked); automatic ones: all
  const floor = onlyAuto ? 1 : Number.EPSILON;
  let matched = 1;
  let what = '';
  switch (template) {
    case 'days-between': {
      if (!a.pair) break;
      const best = res.rows.find((r) => r.aLabel && r.bLabel) ?? top;
      matched = Math.min(coverage(labels(best, 'aLabel'), topicWords(a.pair[0])), coverage(labels(best, 'bLabel'), topicWords(a.pair[1])));
      what = `'${labels(best, 'aLabel')}' and '${labels(best, 'bLabel')}'`;
      break;
    }
    case 'before-after': {
      if (!a.pivot) break;
      // the reading picks the pivot that best matches its words
      const words = topicWords(a.pivot.text);
      const best = [...res.rows].sort((x, y) => coverage(labels(y, 'pivotLabel'), words) - coverage(labels(x, 'pivotLabel'), words))[0] ?? top;
      matched = coverage(labels(best, 'pivotLabel'), words);
      what = `'${labels(best, 'pivotLabel')}'`;
      break;
    }
    case 'my-attribute': {
      // "my sister's birthday", "what did I pick for my sister's birthday": the question is about
      // something of the attribute's value, not who or what it is (its name is the value itself)
      const of = a.attribute ? new RegExp(`${escapeRegExp(a.attribute.phrase.replace(/['’]s$/i, ''))}['’]s\\s+(?!(?:full\\s+)?(?:name|names|called)\\b)([\\p{L}-]+)`, 'iu').exec(a.question) : null;
      if (of) return { ok: false, why: `the question asks about the ${of[1]} of '${a.attribute!.phrase.replace(/['’]s$/i, '')}', not who or what it is: answered from the messages` };
      break;
    }
    case 'who-most':
    case 'current-of-class':
    case 'preference':
      // typed by the ontology from the person: the words are the attribute's own
      break;
    default:
      if (a.keywords.length && !(template === 'who-with' && interpretation.entities.length && !a.keywords.length)) {
        matched = coverage(labels(top, 'label', 'objectLabel', 'itemLabel', 'place', 'name'), a.keywords);
        what = `'${labels(top, 'label', 'objectLabel', 'itemLabel').trim() || 'the best row'}'`;
      }
  }
  // the answer is only a name the question gives itself (who it asks about): no answer to it
  const said = interpretation.text.trim().replace(/[.!]+$/, '').toLowerCase();
  if (said && new RegExp(`(?:^|[^\\p{L}])${said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:['’]s)?(?![\\p{L}])`, 'iu').test(a.question) && said.split(/\s+/).length <= 3) {
    return { ok: false, why: `the graph's answer ('${interpretation.text.trim()}') is what the question names itself: answered from the messages` };
  }
  if (matched < floor) {
    return { ok: false, why: `the graph's best match (${what}) names too few of the question's words${onlyAuto ? ' for an automatic fact' : ''}: answered from the messages` };
  }
  return { ok: true, why: '' };
}

const KIND_PHRASE: Record<AnswerKind, string> = {
  date: 'a date', time: 'a time', duration: 'a duration', amount: 'an amount', count: 'a number', frequency: 'a frequency', number: 'a number', person: 'a person', place: 'a place', weekday: 'days of the week', name: 'a name', yesno: 'a yes or no', thing: 'the thing asked about',
};
