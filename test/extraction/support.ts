// Shared pieces of the extraction tests: a small memory fixture, a scripted "model" that turns
// the extraction prompt into valid Turtle deterministically, and engine helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../electron/node/engine/engine';
import type { JobInfo } from '../../shared/types';
import type { RecordedRequest } from '../support/ollama-double';

/** Three sessions (two conversations): Maya talks with the assistant about running, Lena and a trip. */
export const FIXTURE = {
  title: 'Extraction fixture',
  conversations: [
    {
      id: 'run',
      title: 'Training for the 10K',
      sessions: [
        {
          start: '2026-09-14T20:00:00+02:00',
          user: [
            'I signed up for the Spree Charity 10K on Sunday October 11.',
            'The entry fee was 35 euros and it goes to Lichtblick Kinderhilfe.',
            'I run about 5 km on Monday, Wednesday and Friday mornings.',
            'My friend Lena Vogel will run with me.',
            'I would love to finish under 55 minutes.',
            'My longest run this year was 8 km.',
          ],
        },
        {
          start: '2026-09-29T19:00:00+02:00',
          user: [
            'I bought Asics Novablast shoes for 120 euros last Wednesday.',
            'Lena Vogel recommended the shop Laufhaus Friedrichshain.',
            'The shoes feel great on long runs.',
            'Next week I will try a 9 km run.',
          ],
        },
      ],
    },
    {
      id: 'trip',
      title: 'Weekend in Porto',
      sessions: [
        {
          start: '2026-10-20T08:00:00+02:00',
          user: [
            'I am planning a weekend trip to Porto in late October.',
            'Lena Vogel wants to come along.',
            'We booked the Hotel Ribeira for two nights.',
            'I want to eat francesinha at least once.',
            'The flight leaves Berlin at 7:30 on Friday.',
          ],
        },
      ],
    },
  ],
};

/** Writes the fixture as a demo-shaped JSON memory; returns its path. */
export function writeFixture(dir: string): string {
  const conversations = FIXTURE.conversations.map((c) => ({
    id: c.id,
    title: c.title,
    messages: c.sessions.flatMap((s, si) => {
      const start = Date.parse(s.start);
      return s.user.flatMap((text, i) => [
        { id: `${c.id}-${si}-${i}-u`, speaker: 'Maya', role: 'user', text, timestamp: iso(start + i * 120_000, s.start) },
        { id: `${c.id}-${si}-${i}-a`, speaker: 'Assistant', role: 'assistant', text: `Noted: ${text.toLowerCase()}`, timestamp: iso(start + i * 120_000 + 30_000, s.start) },
      ]);
    }),
  }));
  const file = path.join(dir, 'fixture-memory.json');
  fs.writeFileSync(file, JSON.stringify({ title: FIXTURE.title, conversations }, null, 2));
  return file;
}

/** ISO time with the same offset as `like` (the fixture's wall clock stays as written). */
function iso(ms: number, like: string): string {
  const offset = like.slice(-6);
  const sign = offset[0] === '-' ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  const local = new Date(ms + sign * (h * 60 + m) * 60_000).toISOString().slice(0, 19);
  return `${local}${offset}`;
}

export const USER_MESSAGES = FIXTURE.conversations.flatMap((c) => c.sessions.flatMap((s) => s.user));

export function tmpDir(prefix = 'engram-extract-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

// ---- the scripted model

export interface PromptLine {
  id: string;
  speaker: string;
  text: string;
}

/** The request's extraction prompt (its first user message). */
export function promptOf(req: RecordedRequest): string {
  return req.body?.messages?.[0]?.content ?? '';
}

export function isFixRequest(req: RecordedRequest): boolean {
  return (req.body?.messages?.length ?? 0) > 1;
}

/** The `[msg:mN] … | Speaker: text` lines of an extraction prompt. */
export function promptLines(prompt: string): PromptLine[] {
  const section = /\nMESSAGES\n([\s\S]*?)\n\nWrite the Turtle/.exec(prompt)?.[1] ?? '';
  return section
    .split('\n')
    .map((l) => /^\[msg:(m\d+)\] \S+ \S+ \S+ \| ([^:]+): (.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ id: m[1], speaker: m[2], text: m[3] }));
}

/** The KNOWN ENTITIES lines of an extraction prompt. */
export function knownEntitiesOf(prompt: string): string[] {
  const section = /\nKNOWN ENTITIES\n([\s\S]*?)\n\nMESSAGES\n/.exec(prompt)?.[1] ?? '';
  return section.split('\n').filter(Boolean);
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/**
 * Valid Turtle for a prompt: one schema:Event per message of the person (label, description,
 * provenance), and for each "Lena Vogel" a person with a chunk-specific IRI (so reconciliation
 * has to merge them).
 */
export function turtleFor(prompt: string, opts: { extra?: string } = {}): string {
  const lines = promptLines(prompt).filter((l) => l.speaker !== 'Assistant');
  const out: string[] = [];
  let n = 0;
  for (const l of lines) {
    const ent = `ent:note-${slug(l.text)}`;
    out.push(`${ent} a schema:Event ;\n    rdfs:label "${esc(l.text.split(' ').slice(0, 6).join(' '))}" ;\n    schema:description "${esc(l.text)}" ;\n    prov:wasDerivedFrom msg:${l.id} .`);
    if (/Lena Vogel/.test(l.text)) {
      n++;
      out.push(`ent:lena-${slug(l.text).slice(0, 12)}-${n} a foaf:Person , schema:Person ;\n    rdfs:label "Lena Vogel" ;\n    foaf:name "Lena Vogel" .\n${ent} schema:participant ent:lena-${slug(l.text).slice(0, 12)}-${n} .`);
    }
  }
  if (opts.extra) out.push(opts.extra);
  return `\`\`\`turtle\n@prefix ent: <https://engram.local/memory/entity/> .\n${out.join('\n')}\n\`\`\``;
}

/** A reply function for the double: valid Turtle for whatever chunk is asked. */
export const validReply = (req: RecordedRequest) => turtleFor(promptOf(req));

// ---- engine helpers

export async function openEngine(dir: string): Promise<Engine> {
  const engine = await Engine.open({ dataDir: dir });
  await engine.whenReady();
  return engine;
}

export async function importFixture(engine: Engine, dir: string): Promise<void> {
  const job = await engine.importPaths({ paths: [writeFixture(dir)] });
  const end = await waitForJob(engine, job);
  if (end.state !== 'done') throw new Error(`import failed: ${end.error}`);
}

/** The engine's own wait, kept under this name for the extraction tests. */
export function waitForJob(engine: Engine, job: JobInfo, onEvent?: (j: JobInfo) => void): Promise<JobInfo> {
  return engine.waitForJob(job, onEvent);
}

/** Polls until `cond` holds. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what} not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
