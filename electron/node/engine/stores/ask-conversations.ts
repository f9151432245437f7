// Ask conversations and their turns, in the memory's SQLite file (tables owned by this module,
// migrations under the owner 'ask'; opened by memory-db.ts). A turn is kept whole as JSON (its plan, results, answer and
// evidence are what the person saw); the columns beside it are what lists and lookups need.
import type Database from 'better-sqlite3';
import type { AskConversation, AskConversationInfo, AskTurn } from '../../../../shared/types';
import { migrate, type Migration } from './migrate';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'ask conversations and turns',
    sql: `
      CREATE TABLE ask_conversations (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE ask_turns (
        id INTEGER PRIMARY KEY,
        conversation_id INTEGER NOT NULL REFERENCES ask_conversations(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        question TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        turn TEXT NOT NULL,
        UNIQUE (conversation_id, seq)
      );
      CREATE INDEX ask_turns_conversation ON ask_turns(conversation_id, seq);
    `,
  },
];

export const TITLE_LENGTH = 80;

export function titleOf(question: string): string {
  const q = question.replace(/\s+/g, ' ').trim();
  return q.length > TITLE_LENGTH ? `${q.slice(0, TITLE_LENGTH - 1)}…` : q;
}

export class AskConversationStore {
  constructor(private readonly db: Database.Database) {
    migrate(db, 'ask', MIGRATIONS);
  }

  createConversation(title: string, at: string): number {
    const r = this.db.prepare('INSERT INTO ask_conversations (title, created_at, updated_at) VALUES (?, ?, ?)').run(titleOf(title), at, at);
    return Number(r.lastInsertRowid);
  }

  hasConversation(id: number): boolean {
    return this.db.prepare('SELECT 1 FROM ask_conversations WHERE id = ?').get(id) !== undefined;
  }

  nextSeq(conversationId: number): number {
    return ((this.db.prepare('SELECT MAX(seq) FROM ask_turns WHERE conversation_id = ?').pluck().get(conversationId) as number | null) ?? 0) + 1;
  }

  /** Stores a new turn (its id and seq are assigned here) and returns it. */
  insertTurn(turn: Omit<AskTurn, 'id' | 'seq'>): AskTurn {
    return this.db.transaction(() => {
      const seq = this.nextSeq(turn.conversationId);
      const r = this.db
        .prepare('INSERT INTO ask_turns (conversation_id, seq, question, created_at, updated_at, turn) VALUES (?, ?, ?, ?, ?, ?)')
        .run(turn.conversationId, seq, turn.question, turn.createdAt, turn.updatedAt, '{}');
      const full: AskTurn = { ...turn, id: Number(r.lastInsertRowid), seq } as AskTurn;
      this.db.prepare('UPDATE ask_turns SET turn = ? WHERE id = ?').run(JSON.stringify(full), full.id);
      this.db.prepare('UPDATE ask_conversations SET updated_at = ? WHERE id = ?').run(turn.updatedAt, turn.conversationId);
      return full;
    })();
  }

  updateTurn(turn: AskTurn): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE ask_turns SET turn = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(turn), turn.updatedAt, turn.id);
      this.db.prepare('UPDATE ask_conversations SET updated_at = ? WHERE id = ?').run(turn.updatedAt, turn.conversationId);
    })();
  }

  getTurn(id: number): AskTurn | null {
    const text = this.db.prepare('SELECT turn FROM ask_turns WHERE id = ?').pluck().get(id) as string | undefined;
    return text ? withStatus(JSON.parse(text) as AskTurn) : null;
  }

  /** Turns of a conversation, oldest first (before `beforeSeq` when given). */
  turns(conversationId: number, beforeSeq?: number): AskTurn[] {
    const rows = this.db
      .prepare(`SELECT turn FROM ask_turns WHERE conversation_id = ? ${beforeSeq ? 'AND seq < ?' : ''} ORDER BY seq`)
      .pluck()
      .all(...(beforeSeq ? [conversationId, beforeSeq] : [conversationId])) as string[];
    return rows.map((t) => withStatus(JSON.parse(t) as AskTurn));
  }

  listConversations(): AskConversationInfo[] {
    const rows = this.db
      .prepare(
        `SELECT c.id, c.title, c.created_at, c.updated_at, COUNT(t.id) AS n
         FROM ask_conversations c LEFT JOIN ask_turns t ON t.conversation_id = c.id
         GROUP BY c.id ORDER BY c.updated_at DESC, c.id DESC`,
      )
      .all() as { id: number; title: string; created_at: string; updated_at: string; n: number }[];
    return rows.map((r) => ({ id: r.id, title: r.title, turnCount: r.n, createdAt: r.created_at, updatedAt: r.updated_at }));
  }

  getConversation(id: number): AskConversation | null {
    const c = this.db.prepare('SELECT id, title, created_at, updated_at FROM ask_conversations WHERE id = ?').get(id) as
      | { id: number; title: string; created_at: string; updated_at: string }
      | undefined;
    if (!c) return null;
    return { id: c.id, title: c.title, createdAt: c.created_at, updatedAt: c.updated_at, turns: this.turns(id) };
  }

  deleteConversation(id: number): boolean {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM ask_turns WHERE conversation_id = ?').run(id);
      return this.db.prepare('DELETE FROM ask_conversations WHERE id = ?').run(id).changes > 0;
    })();
  }
}

/** Turns stored before answers had a status (issue 13): read as answered, or not found when nothing answered. */
function withStatus(turn: AskTurn): AskTurn {
  if (turn.answer.status) return turn;
  const found = turn.answer.route !== 'none';
  return { ...turn, answer: { ...turn.answer, status: found ? 'answered' : 'not_found', how: turn.answer.how ?? (found ? '' : 'Nothing in the memory matched the question.') } };
}
