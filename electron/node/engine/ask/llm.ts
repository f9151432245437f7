// The LLM side of Ask (local Ollama): the SPARQL writer (prompt ask-sparql.v2 with the
// few-shot examples of resources/ask/) and the answer writer (prompt ask-answer.v1, which cites
// evidence ids). Both are optional: without a model, templates and the evidence answer.
import fs from 'node:fs';
import { PREFIXES } from '../../../../shared/rdf';
import type { AskComputation, AskEvidenceMessage, AskEvidenceTriple, AskTurn, RdfTerm } from '../../../../shared/types';
import { loadOntology } from '../extraction/ontology';
import { fillPrompt, loadPrompt } from '../extraction/prompt';
import type { OllamaClient } from '../llm/ollama';
import { resourcePath } from '../paths';
import { dayName } from '../../../../shared/dates/calendar';

export const SPARQL_PROMPT = { id: 'ask-sparql', version: 2 } as const;
export const ANSWER_PROMPT = { id: 'ask-answer', version: 1 } as const;

export interface FewShot {
  question: string;
  sparql: string;
  note: string;
}

let examplesCache: FewShot[] | null = null;

export function loadExamples(): FewShot[] {
  if (!examplesCache) {
    const text = fs.readFileSync(resourcePath('ask', 'sparql-examples.jsonl'), 'utf8');
    examplesCache = text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as FewShot);
  }
  return examplesCache;
}

export function todayLine(now: string): string {
  return `${now.slice(0, 10)} (${dayName(now)})`;
}

function dialogueLines(earlier: Pick<AskTurn, 'rewrite' | 'answer'>[]): string {
  if (!earlier.length) return '(none)';
  return earlier
    .slice(-6)
    .map((t) => `Q: ${t.rewrite}\nA: ${t.answer.text.replace(/\s+/g, ' ').slice(0, 400)}`)
    .join('\n');
}

export function sparqlPrompt(input: { question: string; personIri: string; personName: string; now: string; earlier: Pick<AskTurn, 'rewrite' | 'answer'>[] }): { prompt: string; ref: string } {
  const template = loadPrompt(SPARQL_PROMPT.id, SPARQL_PROMPT.version);
  const examples = loadExamples()
    .map((e) => `Question: ${e.question}\n\`\`\`sparql\n${e.sparql}\n\`\`\`\nWhy: ${e.note}`)
    .join('\n\n');
  const prompt = fillPrompt(template, {
    prefixes: Object.entries(PREFIXES)
      .map(([p, iri]) => `PREFIX ${p}: <${iri}>`)
      .join('\n'),
    person_iri: input.personIri,
    person_name: input.personName,
    today: todayLine(input.now),
    ontology_catalog: loadOntology().catalog(),
    examples,
    dialogue: dialogueLines(input.earlier),
    question: input.question,
  });
  return { prompt, ref: template.ref };
}

/** The query in a model's reply: a ```sparql block, else the text from the first query keyword. */
export function extractSparql(reply: string): string | null {
  const fenced = /```(?:sparql|rq)?\s*\n([\s\S]*?)```/i.exec(reply);
  if (fenced) return fenced[1].trim() || null;
  const start = /(^|\n)\s*(PREFIX|BASE|SELECT|ASK|CONSTRUCT|DESCRIBE|INSERT|DELETE|LOAD|CLEAR|DROP|WITH)\b/i.exec(reply);
  if (!start) return null;
  return reply.slice(start.index).trim() || null;
}

export async function writeSparql(client: OllamaClient, input: Parameters<typeof sparqlPrompt>[0], signal?: AbortSignal): Promise<{ sparql: string | null; reply: string; promptRef: string; model: string }> {
  const { prompt, ref } = sparqlPrompt(input);
  const r = await client.chat([{ role: 'user', content: prompt }], { signal, maxTokens: 1200 });
  return { sparql: extractSparql(r.text), reply: r.text, promptRef: ref, model: r.model };
}

function termText(t: RdfTerm & { label?: string }): string {
  if (t.type === 'uri') return t.label ?? t.value;
  return t.value;
}

export function answerPrompt(input: {
  question: string;
  personName: string;
  now: string;
  route: string;
  computations: AskComputation[];
  triples: AskEvidenceTriple[];
  messages: AskEvidenceMessage[];
  earlier: Pick<AskTurn, 'rewrite' | 'answer'>[];
}): { prompt: string; ref: string } {
  const template = loadPrompt(ANSWER_PROMPT.id, ANSWER_PROMPT.version);
  const computed = input.computations.length ? input.computations.map((c) => `- ${c.value}: ${c.detail}${c.refs.length ? ` [${c.refs.join('][')}]` : ''}`).join('\n') : '(none)';
  const rows = input.triples.length ? input.triples.slice(0, 20).map((t) => `[${t.ref}] ${t.s.label} — ${t.p.label} — ${termText(t.o)}`).join('\n') : '(none)';
  const evidence = input.messages.length
    ? input.messages
        .slice(0, 10)
        .map((e) => `[${e.ref}] ${e.message.date} ${e.message.time.slice(0, 5)} ${e.message.dayName} | ${e.message.speaker}: ${e.message.text.replace(/\s+/g, ' ').slice(0, 600)}`)
        .join('\n')
    : '(none)';
  const prompt = fillPrompt(template, {
    person_name: input.personName,
    today: todayLine(input.now),
    question: input.question,
    route: input.route,
    computed,
    rows,
    evidence,
    dialogue: dialogueLines(input.earlier),
  });
  return { prompt, ref: template.ref };
}

/** Evidence refs an answer cites, restricted to the refs that exist. */
export function citationsIn(text: string, known: Set<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\[((?:[mt]\d+)(?:\s*[,;]\s*[mt]\d+)*)\]/g)) {
    for (const ref of m[1].split(/\s*[,;]\s*/)) if (known.has(ref) && !out.includes(ref)) out.push(ref);
  }
  return out;
}

export async function writeAnswer(client: OllamaClient, input: Parameters<typeof answerPrompt>[0], signal?: AbortSignal): Promise<{ text: string; promptRef: string; model: string }> {
  const { prompt, ref } = answerPrompt(input);
  const r = await client.chat([{ role: 'user', content: prompt }], { signal, maxTokens: 400 });
  return { text: r.text.trim(), promptRef: ref, model: r.model };
}
