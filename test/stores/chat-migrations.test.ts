// The chat table's data migrations: a memory written by an older build reads as one this build
// writes. Version 6 moves LoCoMo's photo caption (`blip_caption`, the export's own key, which
// imports kept before) to the neutral image-description key, re-signing each row it changes.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { messageRowChecksum } from '../../electron/node/engine/stores/chat/chat-store';
import { IMAGE_DESCRIPTION } from '../../electron/node/engine/stores/chat/message-extra';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

/** Runs `use` on the SQLite file of a closed memory. */
function onClosedMemory(dir: string, use: (db: Database.Database) => void): void {
  const db = new Database(path.join(dir, 'engram.sqlite'));
  try {
    use(db);
  } finally {
    db.close();
  }
}

const COLUMNS =
  'source_id, conversation_id, session_id, response_index, turn_index, speaker, role, text, ts_local, tz_offset_min, ts_utc, day_name, week, date, time, month, year, external_id, msg_key, iri_key, extra, time_approx';

describe('chat migrations', () => {
  it('6: a row an older build wrote with the LoCoMo key reads as an image description, its checksum still matching', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'));
    const [photo] = engine.chat.listMessages({}, 0, 100).filter((m) => m.externalId === 'D1:3');
    const fresh = withRawSqlite(engine, (db) => db.prepare('SELECT extra, crc FROM messages WHERE id = ?').get(photo.id)) as { extra: string; crc: number };
    const plainRows = withRawSqlite(engine, (db) => db.prepare(`SELECT id, extra, crc FROM messages WHERE id != ? ORDER BY id`).all(photo.id));
    await engine.close();

    // The data folder as the build before version 6 left it: the old key in place, signed, version 6 not applied.
    onClosedMemory(dir, (db) => {
      const values = db.prepare(`SELECT ${COLUMNS} FROM messages WHERE id = ?`).raw().get(photo.id) as unknown[];
      const at = COLUMNS.split(', ').indexOf('extra');
      values[at] = fresh.extra.replace(`"${IMAGE_DESCRIPTION}"`, '"blip_caption"');
      db.prepare('UPDATE messages SET extra = ?, crc = ? WHERE id = ?').run(values[at], messageRowChecksum(values), photo.id);
      db.prepare(`DELETE FROM schema_migrations WHERE owner = 'chat' AND version = 6`).run();
    });

    engine = await openEngine(dir);
    const migrated = withRawSqlite(engine, (db) => db.prepare('SELECT extra, crc FROM messages WHERE id = ?').get(photo.id)) as { extra: string; crc: number };
    // As a new import writes it: same key order, same checksum.
    expect(migrated).toEqual(fresh);
    expect(migrated.extra).not.toContain('blip_caption');
    expect(engine.chat.imageCaptions([photo.id])).toEqual(new Map([[photo.id, 'a photo of a ceramic bowl on a table']]));
    expect(engine.chat.damagedMessageRows()).toEqual([]);
    // Rows without the key are left alone.
    expect(withRawSqlite(engine, (db) => db.prepare(`SELECT id, extra, crc FROM messages WHERE id != ? ORDER BY id`).all(photo.id))).toEqual(plainRows);
  });

  it('6: a row already damaged keeps a checksum that does not match', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'));
    const [photo] = engine.chat.listMessages({}, 0, 100).filter((m) => m.externalId === 'D1:3');
    await engine.close();
    engine = null;
    onClosedMemory(dir, (db) => {
      // the old key, and a checksum that matches neither the row nor the migrated row
      db.prepare(`UPDATE messages SET extra = replace(extra, '"${IMAGE_DESCRIPTION}"', '"blip_caption"'), crc = crc + 1 WHERE id = ?`).run(photo.id);
      db.prepare(`DELETE FROM schema_migrations WHERE owner = 'chat' AND version = 6`).run();
    });
    engine = await openEngine(dir);
    expect(engine.chat.imageCaptions([photo.id]).get(photo.id)).toBe('a photo of a ceramic bowl on a table');
    expect(engine.chat.damagedMessageRows().map((r) => r.id)).toEqual([photo.id]);
  });
});
