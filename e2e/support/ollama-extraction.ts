// The Ollama test double (test/support/ollama-double.ts) inside the e2e worker, scripted as a
// model that turns the demo memory's chunks into valid Turtle: a few labelled entities (the
// places, people, groups and events the messages name), each derived from the message that
// names it. One chunk can be made to answer broken Turtle (the washing-machine one), so that it
// fails after three answers; `setBroken(false)` heals it for a re-extraction.
import { createServer } from 'node:net';
import { OllamaDouble, type RecordedRequest } from '../../test/support/ollama-double';
import { test as base } from './fixtures';

export interface ExtractionDouble {
  double: OllamaDouble;
  url: string;
  /** The washing-machine chunk answers broken Turtle while true (the default). */
  setBroken(on: boolean): void;
  /** Wait before each model answer, ms (a visible running extraction). */
  setDelay(ms: number): void;
}

/** What the scripted model recognises in a message: label, types, a pattern. */
export const DEMO_ENTITIES: { label: string; types: string[]; pattern: RegExp }[] = [
  { label: 'Spree Charity 10K', types: ['schema:SportsEvent'], pattern: /Spree Charity 10K/i },
  { label: 'Lichtblick Kinderhilfe', types: ['schema:NGO'], pattern: /Lichtblick Kinderhilfe/ },
  { label: 'Kiez Fitness', types: ['schema:ExerciseGym'], pattern: /Kiez Fitness/ },
  { label: 'Ostkreuz Boulders', types: ['schema:ExerciseGym'], pattern: /Ostkreuz Boulders/ },
  { label: 'Nightjar Parade', types: ['schema:MusicGroup'], pattern: /Nightjar Parade/ },
  { label: 'Columbia Theater', types: ['schema:MusicVenue'], pattern: /Columbia Theater/ },
  { label: 'Pixel', types: ['pcm:Pet'], pattern: /\bPixel\b/ },
  { label: 'Porto', types: ['schema:City'], pattern: /\bPorto\b/ },
  { label: 'Lisbon', types: ['schema:City'], pattern: /\bLisbon\b/ },
  { label: 'Lena', types: ['foaf:Person', 'schema:Person'], pattern: /\bLena\b/ },
  { label: 'Jonas', types: ['foaf:Person', 'schema:Person'], pattern: /\bJonas\b/ },
  { label: 'Fernwerk', types: ['schema:Organization'], pattern: /\bFernwerk\b/ },
  { label: 'Töpferei Lindenhof', types: ['schema:LocalBusiness'], pattern: /Töpferei Lindenhof/ },
  { label: 'Monstera', types: ['pcm:Plant'], pattern: /\bmonstera\b/i },
  { label: 'Dr. Selin Aydin', types: ['foaf:Person', 'schema:Person'], pattern: /Selin Aydin/ },
];

/** The text that marks the chunk answered with broken Turtle. */
export const BROKEN_TEXT = /washing machine started leaking/i;

interface PromptLine {
  id: string;
  speaker: string;
  text: string;
}

/** The extraction prompt of a request (its first user message; a fix request repeats it). */
function promptOf(req: RecordedRequest): string {
  return req.body?.messages?.[0]?.content ?? '';
}

/** The `[msg:mN] date time weekday | Speaker: text` lines of the prompt's MESSAGES section. */
export function promptLines(prompt: string): PromptLine[] {
  const section = /\nMESSAGES\n([\s\S]*?)\n\nWrite the Turtle/.exec(prompt)?.[1] ?? '';
  return section
    .split('\n')
    .map((l) => /^\[msg:(m\d+)\] \S+ \S+ \S+ \| ([^:]+): (.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ id: m[1], speaker: m[2], text: m[3] }));
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48);
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** Valid Turtle for a demo chunk: the entities its people's messages name, else one event. */
export function demoTurtle(prompt: string): string {
  const lines = promptLines(prompt).filter((l) => l.speaker !== 'Assistant');
  const out: string[] = [];
  const seen = new Set<string>();
  for (const e of DEMO_ENTITIES) {
    const from = lines.filter((l) => e.pattern.test(l.text));
    if (!from.length || seen.has(e.label)) continue;
    seen.add(e.label);
    out.push(
      `ent:${slug(e.label)} a ${e.types.join(' , ')} ;\n    rdfs:label "${esc(e.label)}" ;\n    prov:wasDerivedFrom ${from
        .slice(0, 3)
        .map((l) => `msg:${l.id}`)
        .join(' , ')} .`,
    );
  }
  if (out.length === 0 && lines.length) {
    const first = lines[0];
    const label = first.text.split(/\s+/).slice(0, 6).join(' ').replace(/[.,!?;:]+$/, '');
    out.push(`ent:note-${slug(label)} a schema:Event ;\n    rdfs:label "${esc(label)}" ;\n    prov:wasDerivedFrom msg:${first.id} .`);
  }
  return `@prefix ent: <https://engram.local/memory/entity/> .\n${out.join('\n')}\n`;
}

/** Turtle with a missing final dot: a syntax error on every try. */
export const BROKEN_TURTLE = 'ent:washing-machine a schema:Product ;\n    rdfs:label "Washing machine" ;\n    prov:wasDerivedFrom msg:m1\n';

export async function startExtractionDouble(): Promise<ExtractionDouble> {
  let broken = true;
  const rule = {
    repeat: true,
    delayMs: 0,
    reply: (req: RecordedRequest) => (broken && promptLines(promptOf(req)).some((l) => BROKEN_TEXT.test(l.text)) ? BROKEN_TURTLE : demoTurtle(promptOf(req))),
  };
  const double = await OllamaDouble.start();
  double.script([rule]);
  return {
    double,
    url: double.url,
    setBroken: (on) => {
      broken = on;
    },
    setDelay: (ms) => {
      rule.delayMs = ms;
    },
  };
}

/** A local address where nothing listens (a port just released). */
export async function closedHost(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The workbench fixtures plus `ollama`: a scripted double for the test's lifetime. */
export const test = base.extend<{ ollama: ExtractionDouble }>({
  ollama: async ({}, use) => {
    const d = await startExtractionDouble();
    await use(d);
    await d.double.close();
  },
});

export { expect, screenshot } from './fixtures';
