// The memory's SQLite file (<data>/engram.sqlite): one connection, shared by the stores that keep
// their tables in it, each with its own migration ledger (migrate.ts). The graph worker opens its
// own connection to the same file (graph/graph-worker.ts) for the journal.
import Database from 'better-sqlite3';
import { AskConversationStore } from './ask-conversations';
import { AutoGraphStore } from './auto-graph-store';
import { ChatStore } from './chat/chat-store';
import { ExtractionState } from './extraction-state';
import { SettingsStore } from './settings-store';
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

  close(): void {
    if (this.db.open) this.db.close();
  }
}
