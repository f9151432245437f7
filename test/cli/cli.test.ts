// The `engram` command as a person or a script uses it: the real binary, a temp data folder.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function engram(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), ...args], { cwd: ROOT, env: { ...process.env, TZ: 'UTC' } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('engram CLI', () => {
  const data = tempDir();
  beforeAll(async () => {
    const r = await engram('--data', data, 'import', fixture('locomo', 'mini.json'), fixture('claude', 'conversations.json'));
    expect(r.stderr).toBe('');
    // the import, then the automatic knowledge graph the command waits for
    expect(r.stdout).toMatch(/^mini\.json: imported: 6 messages, 3 sessions, 1 conversation\nconversations\.json: imported: 6 messages, 3 sessions, 2 conversations\nautomatic knowledge graph: 2 sources · \d+ triples\n$/);
  }, 60_000);

  it('stats reports counts and the graph size', async () => {
    const r = await engram('--data', data, 'stats', '--json');
    const stats = JSON.parse(r.stdout);
    expect(stats).toMatchObject({ sources: 2, conversations: 3, sessions: 6, messages: 12, graphReady: true });
    expect(stats.triples).toBeGreaterThan(12 * 8);
  });

  it('sessions and messages with filters, as a table and as CSV', async () => {
    const sessions = await engram('--data', data, 'sessions', '--csv');
    const lines = sessions.stdout.trim().split('\n');
    expect(lines[0]).toBe('index,id,ordinal,start,end,messageCount,conversationTitle,speakers');
    expect(lines).toHaveLength(7);
    const msgs = await engram('--data', data, 'messages', '--speaker', 'Ben', '--json');
    expect(JSON.parse(msgs.stdout).map((m: { text: string }) => m.text)).toEqual(["That's great, Ana! What did you make?", 'I adopted a dog named Pixel!']);
    const dated = await engram('--data', data, 'messages', '--from', '2023-06-01', '--to', '2023-06-30');
    expect(dated.stdout.trim().split('\n')).toHaveLength(3); // header + 2 rows
  });

  it('search ranks full-text hits', async () => {
    const r = await engram('--data', data, 'search', 'marathon', '--json');
    const hits = JSON.parse(r.stdout);
    expect(hits[0].text).toContain('first marathon');
  });

  it('sparql answers as a table, JSON, CSV, from a file, and ASK/CONSTRUCT', async () => {
    const q = 'PREFIX sioc: <http://rdfs.org/sioc/ns#> PREFIX pcm: <https://w3id.org/pcm#> PREFIX dcterms: <http://purl.org/dc/terms/> SELECT ?when ?session WHERE { ?p dcterms:created ?when ; pcm:inSession ?session ; sioc:has_creator ?c . ?c <http://xmlns.com/foaf/0.1/name> "Ben" } ORDER BY ?when';
    const table = await engram('--data', data, 'sparql', q);
    expect(table.stdout.split('\n')[0]).toMatch(/^when\s+session$/);
    const json = JSON.parse((await engram('--data', data, 'sparql', q, '--json')).stdout);
    expect(json.vars).toEqual(['when', 'session']);
    expect(json.rows).toHaveLength(2);
    const file = path.join(tempDir(), 'q.rq');
    fs.writeFileSync(file, q);
    const csv = await engram('--data', data, 'sparql', '--file', file, '--csv');
    expect(csv.stdout.split('\n')[0]).toBe('when,session');
    expect((await engram('--data', data, 'sparql', 'ASK { ?s ?p ?o }')).stdout).toBe('true\n');
    const ttl = await engram('--data', data, 'sparql', 'CONSTRUCT { ?s a ?t } WHERE { ?s a ?t } LIMIT 1');
    expect(ttl.stdout).toMatch(/@prefix/);
  });

  it('errors are one line on stderr with a non-zero exit, and write nothing', async () => {
    const bad = path.join(tempDir(), 'broken.json');
    fs.writeFileSync(bad, '[{"mapping": ');
    const r = await engram('--data', data, 'import', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('engram: broken.json: the file is cut off at byte 13 (inside conversation 1)\n');
    const q = await engram('--data', data, 'sparql', 'SELECT ?x WHERE { ?x }');
    expect(q.code).toBe(1);
    expect(q.stderr.trim().split('\n')).toHaveLength(1);
    expect(q.stderr).toMatch(/^engram: error at 1:/);
    const stats = JSON.parse((await engram('--data', data, 'stats', '--json')).stdout);
    expect(stats.messages).toBe(12);
  });

  it('lists the conversations it skipped and what it decided; --strict refuses the file instead', async () => {
    const dir = tempDir();
    const file = fixture('formats', 'chatgpt-broken.json');
    const strict = await engram('--data', dir, 'import', '--strict', file);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe('engram: chatgpt-broken.json: conversation 2 "Broken: no mapping" (cg-2) cannot be read: it has no mapping (its messages are missing from the export) (strict import: nothing was imported)\n');
    expect(JSON.parse((await engram('--data', dir, 'stats', '--json')).stdout).messages).toBe(0);
    const r = await engram('--data', dir, 'import', '--no-auto-graph', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'chatgpt-broken.json: imported: 7 messages, 3 sessions, 3 conversations; 1 conversation skipped\n' +
        '  skipped conversation 2 "Broken: no mapping" (cg-2): it has no mapping (its messages are missing from the export)\n' +
        '  note: conversation 3 "Dangling current node" (cg-3): its current_node gone is not in its mapping: kept the branch that ends at the newest message\n',
    );
  }, 60_000);

  it('refuses a data folder another process holds', async () => {
    const { Engine } = await import('../../electron/node/engine/engine');
    const dir = tempDir();
    const holder = await Engine.open({ dataDir: dir, withoutOntology: true });
    try {
      const r = await engram('--data', dir, 'stats');
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/is in use by another Engram process/);
    } finally {
      await holder.close();
    }
  });
});
