// The mutable globals of a WebAssembly module that it keeps to itself (Rust's stack pointer, and
// the like): a memory image must save and restore them with the memory, so the module is given
// exports for them before it is instantiated. Only the export section changes; the code is the
// same, so the module behaves exactly as before.

interface Section {
  id: number;
  start: number;
  end: number;
}

function readU32(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  let b: number;
  do {
    b = bytes[at++];
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return { value: value >>> 0, next: at };
}

function writeU32(value: number): number[] {
  const out: number[] = [];
  do {
    let b = value & 0x7f;
    value >>>= 7;
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
}

function sectionsOf(bytes: Uint8Array): Section[] {
  const out: Section[] = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const size = readU32(bytes, at + 1);
    out.push({ id, start: size.next, end: size.next + size.value });
    at = size.next + size.value;
  }
  return out;
}

/** Skips a constant expression (an init value): opcodes up to `end` (0x0b). */
function skipInit(bytes: Uint8Array, at: number): number {
  while (bytes[at] !== 0x0b) {
    const op = bytes[at++];
    if (op === 0x41 || op === 0x42 || op === 0x23 || op === 0xd2) at = readU32(bytes, at).next; // i32/i64.const, global.get, ref.func
    else if (op === 0x43) at += 4;
    else if (op === 0x44) at += 8;
    else if (op === 0xd0) at += 1; // ref.null t
    else throw new Error(`unexpected opcode 0x${op.toString(16)} in a global's initial value`);
  }
  return at + 1;
}

const EXPORT_PREFIX = '__engram_global_';

/**
 * The module with an export `__engram_global_<index>` for each mutable global it defines and
 * does not export, and those indices. Null when the module is not the shape this expects.
 */
export function exportMutableGlobals(bytes: Uint8Array): { bytes: Uint8Array; names: string[] } | null {
  const sections = sectionsOf(bytes);
  let importedGlobals = 0;
  const imports = sections.find((s) => s.id === 2);
  if (imports) {
    let { value: n, next: at } = readU32(bytes, imports.start);
    for (; n > 0; n--) {
      for (let k = 0; k < 2; k++) {
        const len = readU32(bytes, at);
        at = len.next + len.value;
      }
      const kind = bytes[at++];
      if (kind === 0) at = readU32(bytes, at).next;
      else if (kind === 1) {
        at += 1;
        const flags = bytes[at++];
        at = readU32(bytes, at).next;
        if (flags & 1) at = readU32(bytes, at).next;
      } else if (kind === 2) {
        const flags = bytes[at++];
        at = readU32(bytes, at).next;
        if (flags & 1) at = readU32(bytes, at).next;
      } else if (kind === 3) {
        importedGlobals++;
        at += 2;
      } else return null;
    }
  }
  const globals = sections.find((s) => s.id === 6);
  const exportsSection = sections.find((s) => s.id === 7);
  if (!globals || !exportsSection) return null;
  const mutable: number[] = [];
  let { value: count, next: at } = readU32(bytes, globals.start);
  for (let i = 0; i < count; i++) {
    at += 1; // value type
    if (bytes[at++] === 1) mutable.push(importedGlobals + i);
    at = skipInit(bytes, at);
  }
  const exported = new Set<number>();
  const entries: number[] = [];
  ({ value: count, next: at } = readU32(bytes, exportsSection.start));
  for (let i = 0; i < count; i++) {
    const len = readU32(bytes, at);
    const kind = bytes[len.next + len.value];
    const index = readU32(bytes, len.next + len.value + 1);
    if (kind === 3) exported.add(index.value);
    at = index.next;
  }
  entries.push(...bytes.subarray(readU32(bytes, exportsSection.start).next, exportsSection.end));
  const added = mutable.filter((g) => !exported.has(g));
  const names: string[] = [];
  for (const g of added) {
    const name = new TextEncoder().encode(`${EXPORT_PREFIX}${g}`);
    entries.push(...writeU32(name.length), ...name, 3, ...writeU32(g));
    names.push(`${EXPORT_PREFIX}${g}`);
  }
  const body = [...writeU32(count + added.length), ...entries];
  const header = [7, ...writeU32(body.length)];
  const sizeStart = exportsSection.start - writeU32(exportsSection.end - exportsSection.start).length - 1;
  const out = new Uint8Array(sizeStart + header.length + body.length + (bytes.length - exportsSection.end));
  out.set(bytes.subarray(0, sizeStart), 0);
  out.set(header, sizeStart);
  out.set(body, sizeStart + header.length);
  out.set(bytes.subarray(exportsSection.end), sizeStart + header.length + body.length);
  return { bytes: out, names };
}
