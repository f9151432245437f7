// Every store owns its SQL: statements, pragmas, SQL run with exec, transactions on a
// connection and database handles (better-sqlite3, LanceDB) appear only under
// electron/node/engine/stores/. Everything else asks a store's typed methods.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STORES = 'electron/node/engine/stores/';
const SCANNED = ['electron', 'scripts'];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

const SQL_KEYWORD = '(?:SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT|ROLLBACK|WITH|REPLACE|VACUUM|ATTACH|DETACH|SAVEPOINT|RELEASE|ANALYZE|REINDEX)\\b';
/** A name that holds a connection: db, this.db, chatDb, database, sqlite… */
const CONNECTION = '\\b\\w*(?:db|Db|DB|database|Database|sqlite|Sqlite|SQLite)';

const RULES: { what: string; re: RegExp }[] = [
  { what: 'prepares an SQL statement', re: /\.prepare\s*\(/g },
  { what: 'sets a pragma', re: /\.pragma\s*\(/g },
  // RegExp.prototype.exec is everywhere: only exec on a connection, or with SQL text, is SQL.
  { what: 'runs SQL with exec', re: new RegExp(`\\.exec\\s*\\(\\s*[\`'"]\\s*${SQL_KEYWORD}`, 'gi') },
  { what: 'runs SQL with exec', re: new RegExp(`${CONNECTION}\\s*\\.exec\\s*\\(`, 'g') },
  { what: 'opens a transaction on a connection', re: new RegExp(`${CONNECTION}\\s*\\.transaction\\s*\\(`, 'g') },
  { what: 'holds a database handle', re: /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)['"](?:better-sqlite3|@lancedb\/lancedb)['"]/g },
];

interface Violation {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** Comment lines are blanked (line numbers kept): prose may name these calls. */
function withoutCommentLines(text: string): string {
  return text
    .split('\n')
    .map((l) => (/^\s*(?:\/\/|\/\*|\*)/.test(l) ? '' : l))
    .join('\n');
}

/** The SQL calls and database handles in files outside the stores folder. */
function sqlOutsideStores(files: { file: string; text: string }[]): Violation[] {
  const out: Violation[] = [];
  for (const { file, text } of files) {
    if (file.startsWith(STORES)) continue;
    const code = withoutCommentLines(text);
    const lines = text.split('\n');
    for (const rule of RULES) {
      for (const m of code.matchAll(rule.re)) {
        const line = code.slice(0, m.index).split('\n').length;
        // Two rules may see the same call (db.exec('CREATE …')): say it once.
        if (!out.some((v) => v.file === file && v.line === line && v.what === rule.what)) out.push({ file, line, what: rule.what, text: lines[line - 1].trim() });
      }
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(rel));
    } else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

describe('SQL lives in the stores', () => {
  it('no SQL call or database handle outside electron/node/engine/stores/', () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.startsWith(STORES))).toBe(true);
    const found = sqlOutsideStores(files.map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') })));
    expect(found.map((v) => `${v.file}:${v.line}: ${v.what}: ${v.text}`)).toEqual([]);
  });

  it('finds each kind of SQL call and handle, wherever it is written outside the stores', () => {
    const code = [
      `const n = chat.db.prepare('SELECT COUNT(*) FROM messages').pluck().get();`,
      `db.pragma('journal_mode = WAL');`,
      `this.db.exec('CREATE TABLE t (a)');`,
      `conn.exec(\n  \`DELETE FROM sources WHERE id = 1\`);`,
      `sqlite.exec(script);`,
      `this.db.transaction(() => undefined)();`,
      `import Database from 'better-sqlite3';`,
      `import type Database from "better-sqlite3";`,
      `import * as lancedb from '@lancedb/lancedb';`,
      `const { default: D } = await import('better-sqlite3');`,
    ].join('\n');
    const found = sqlOutsideStores([{ file: 'electron/node/engine/ask/somewhere.ts', text: code }]);
    expect(found.map((v) => [v.line, v.what])).toEqual([
      [1, 'prepares an SQL statement'],
      [2, 'sets a pragma'],
      [3, 'runs SQL with exec'],
      [4, 'runs SQL with exec'],
      [6, 'runs SQL with exec'],
      [7, 'opens a transaction on a connection'],
      [8, 'holds a database handle'],
      [9, 'holds a database handle'],
      [10, 'holds a database handle'],
      [11, 'holds a database handle'],
    ]);
    // The same code is where it belongs under stores/.
    expect(sqlOutsideStores([{ file: `${STORES}chat/chat-store.ts`, text: code }])).toEqual([]);
  });

  it('leaves regular expressions, store methods and prose alone', () => {
    const code = [
      `const m = /^(\\d+)$/.exec(text);`,
      `const w = new RegExp(\`\\\\b\${word}\\\\b\`, 'i').exec(lower);`,
      `while ((m = re.exec(this.masked))) count++;`,
      `const pos = PATTERN.exec(line);`,
      `const written = stores.chat.transaction(() => writeRows(stores.chat, input));`,
      `// before: chat.db.prepare('SELECT 1'), now a store method`,
      ` * db.exec('DROP TABLE x') in a JSDoc line`,
      `const primary = chat.primarySpeaker([sourceId]);`,
    ].join('\n');
    expect(sqlOutsideStores([{ file: 'electron/node/engine/timeline/x.ts', text: code }])).toEqual([]);
  });
});
