// The memory's SQLite file (<data>/engram.sqlite): one connection, shared by the stores that keep
// their tables in it, each with its own migration ledger (migrate.ts). The graph worker opens its
// own connection to the same file (graph/graph-worker.ts) for the journal.
import Database from 'better-sqlite3';
import { AskConversationStore } from './ask-conversations';
import { AutoGraphStore } from './auto-graph-store';
import { ChatStore } from './chat/chat-store';
import { ExtractionState } from './extraction-state';
import { SettingsStore } from './settings-store';
import { GraphStore, type GraphStoreOptions } from './graph/graph-store';
import { TopicStore } from './topic-store';

export class MemoryDb {
  private constructor(
    private readonly db: Database.Database,
    /** Sources, conversations, sessions, messages: the chat table (chat/chat-store.ts). */
    readonly chat: ChatStore,
    /** Engine settings and bookkeeping values. */
    readonly settings: SettingsStore,
    /** Extraction chunks and jobs. */
    readonly extraction: ExtractionState,
    /** Ask conversations and their turns. */
    readonly askConversations: AskConversationStore,
    /** The automatic extraction's bookkeeping and each source's owner speaker. */
    readonly autoGraph: AutoGraphStore,
    /** Topics per session, document frequencies, the model's topic summaries. */
    readonly topics: TopicStore,
  ) {}

  /** Opens (creating if needed) the file and brings every store's tables to this build's schema. */
  static open(file: string, nativeBinding?: string): MemoryDb {
    const db = new Database(file, nativeBinding ? { nativeBinding } : {});
    try {
      db.pragma('journal_mode = WAL');
      // NORMAL is durable against a killed process (the WAL is fsynced at checkpoints);
      // only a power cut may lose the last transactions.
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      return new MemoryDb(db, ChatStore.migrated(db), new SettingsStore(db), ExtractionState.migrated(db), new AskConversationStore(db), new AutoGraphStore(db), new TopicStore(db));
    } catch (e) {
      db.close();
      throw e;
    }
  }

  /**
   * SQLite's full check (`PRAGMA integrity_check`): quick_check's, and every index against its
   * table. Empty when sound.
   */
  integrityCheck(limit = 20): string[] {
    const rows = this.db.pragma(`integrity_check(${Math.max(1, Math.trunc(limit))})`, { simple: false }) as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
  }

  /** Builds every index again from its table (what integrity_check's index problems need). */
  reindex(): void {
    this.db.exec('REINDEX');
  }

  /** The graph store over this memory (its journal and counts read through this connection). */
  openGraph(opts: Omit<GraphStoreOptions, 'db'>): GraphStore {
    return GraphStore.open({ ...opts, db: this.db });
  }

  close(): void {
    if (!this.db.open) return;
    // Refreshes the planner's statistics where this connection's queries showed they are stale.
    try {
      this.db.pragma('optimize');
    } catch {
      // a busy or read-only file keeps its statistics
    }
    this.db.close();
  }
}
