// Ways a file gets damaged, for the tests and the fault-injection suite: cut short, bytes flipped,
// pages zeroed, deleted. Deterministic for a seed, so a failing case can be replayed.
import fs from 'node:fs';
import path from 'node:path';

export type Damage = 'truncate' | 'flip' | 'zero' | 'delete';
export const DAMAGES: Damage[] = ['truncate', 'flip', 'zero', 'delete'];

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Damages a file: `truncate` cuts it at a point in its second half, `flip` inverts a few bytes
 * at random offsets past its first `keepHead` bytes (so the damage lands in the content, as a bad
 * sector would), `zero` overwrites one page (`page` bytes, page-aligned) with zeros, `delete`
 * removes it. Returns what was done, for messages.
 */
export function damageFile(file: string, how: Damage, seed = 1, opts: { page?: number; keepHead?: number; flips?: number } = {}): string {
  const rnd = random(seed);
  const size = fs.statSync(file).size;
  const name = path.basename(file);
  switch (how) {
    case 'delete':
      fs.rmSync(file);
      return `${name} deleted`;
    case 'truncate': {
      const at = Math.floor(size / 2 + rnd() * (size / 2 - 1));
      fs.truncateSync(file, at);
      return `${name} cut at byte ${at} of ${size}`;
    }
    case 'flip': {
      const bytes = fs.readFileSync(file);
      const head = Math.min(opts.keepHead ?? 0, size - 1);
      const offsets: number[] = [];
      for (let i = 0; i < (opts.flips ?? 3); i++) {
        const at = head + Math.floor(rnd() * (size - head));
        bytes[at] ^= 0xff;
        offsets.push(at);
      }
      fs.writeFileSync(file, bytes);
      return `${name}: bytes ${offsets.join(', ')} flipped`;
    }
    case 'zero': {
      const page = opts.page ?? 4096;
      const pages = Math.max(1, Math.floor(size / page));
      // Not the first page (a header is a different case: see flip), unless there is only one.
      const which = pages > 1 ? 1 + Math.floor(rnd() * (pages - 1)) : 0;
      const fd = fs.openSync(file, 'r+');
      fs.writeSync(fd, Buffer.alloc(Math.min(page, size - which * page)), 0, Math.min(page, size - which * page), which * page);
      fs.closeSync(fd);
      return `${name}: page ${which} (${page} bytes) zeroed`;
    }
  }
}

/** Every file under a folder, deepest paths included. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}
