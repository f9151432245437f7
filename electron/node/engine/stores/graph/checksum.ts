// Checksums of what the graph store reads back from disk: snapshot sections, the memory image
// and journal entries. CRC-32 (zlib's, about 7 GB/s here) finds torn writes, flipped bits and
// zeroed pages; nothing here defends against deliberate forgery, which is not the threat.
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

/** CRC-32 of bytes or UTF-8 text, continuing from `previous` when given. */
export function checksum(data: string | Uint8Array, previous = 0): number {
  return crc32(data, previous);
}

/** Fixed-width hex, as written in headers. */
export function checksumHex(data: string | Uint8Array): string {
  return checksum(data).toString(16).padStart(8, '0');
}

/**
 * A journal entry's checksum: what replaying it depends on (kind, graph and payloads), with
 * separators so that moving text between fields changes it.
 */
export function entryChecksum(kind: string, graph: string | null, removed: string, added: string): number {
  let c = checksum(`${kind}\u0000${graph ?? ''}\u0000`);
  c = checksum(removed, c);
  c = checksum('\u0000', c);
  return checksum(added, c);
}

/**
 * Makes a rename durable: the directory entry is synced too (POSIX). Platforms that cannot open
 * a directory (Windows) make renames durable on their own; there this is a no-op.
 */
export function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = fs.openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    /* EISDIR/EINVAL where directories cannot be synced */
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes a file whole or not at all: temp file, fsync, rename, directory fsync. */
export function writeFileDurably(file: string, write: (fd: number) => void): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    write(fd);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDirectory(path.dirname(file));
}
