// A start-up cache for the graph store: the memory of the WebAssembly instance that holds the
// Oxigraph store, written beside each snapshot. Opening a large graph then copies its memory
// back (about 0.3 s for a million triples) instead of parsing and indexing N-Triples again
// (4–5 s), the way V8 start-up snapshots or Wizer skip initialisation.
//
// The N-Triples snapshot stays the record. An image is used only when it was written by the
// same Oxigraph build, for the snapshot the journal names, every byte of its header and memory
// matches their CRC-32, and the restored store has the triple count it was written with;
// otherwise it is ignored (and removed) and the snapshot is parsed as before.
//
// Why this is sound: between two calls, everything the Rust side knows lives in linear memory
// (heap, allocator, hash seeds), except the externref table, which holds the JavaScript
// values Rust keeps (a few interned strings), and the module's own mutable globals (the stack
// pointer and the externref stack's), which it does not export: the module is given exports
// for them (wasm-globals.ts), and all three are saved and restored with the memory. The store lives in its own instance so that terms created elsewhere
// (e.g. module-level constants) never point into memory that a restore overwrites; Oxigraph
// reads terms passed in by their termType/value, so terms from another instance work.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import Module from 'node:module';
import { exportMutableGlobals } from './wasm-globals';
import { checksum, checksumHex, writeFileDurably } from './checksum';

type Oxigraph = typeof import('oxigraph');
type Store = import('oxigraph').Store;

export interface OxigraphRuntime {
  ox: Oxigraph;
  memory: WebAssembly.Memory;
  externrefs: WebAssembly.Table;
  /** The module's own mutable globals (stack pointer…), exported for the image (wasm-globals.ts). */
  globals: { name: string; global: WebAssembly.Global }[];
}

const PAGE = 65536;
const MAGIC = 'ENGRAM-OXIGRAPH-IMAGE/2\n';
/** Part of the build hash: an image of another format is another build's. */
const IMAGE_FORMAT = MAGIC;
/** The glue line after which the instance's exports are in scope (wasm-bindgen's Node target). */
const GLUE_ANCHOR = 'let wasm = wasmInstance.exports;';
/** Where the glue reads its module's bytes; the bytes with the globals exported go in instead. */
const GLUE_BYTES = "require('fs').readFileSync(wasmPath)";

interface ImageHeader {
  build: string;
  seq: number;
  quads: number;
  storePtr: number;
  memoryBytes: number;
  /** CRC-32 of the whole memory, page after page. */
  memoryCrc: number;
  /** The module's own mutable globals (wasm-globals.ts), by export name. */
  globals: Record<string, number>;
  /** Byte offset of the memory in the file; the memory's all-zero pages are holes. */
  dataOffset: number;
  /** The externref table: primitive values only; `{ u: 1 }` stands for undefined. */
  table: (string | number | boolean | null | { u: 1 })[];
  /**
   * Runs of pages that hold something, [first, end) in 64 KiB pages; the rest is zero. Restoring
   * reads only these, so the memory's untouched pages cost no RAM (absent: every page is read).
   */
  pages?: [number, number][];
}

let glue: { file: string; source: string; build: string; wasm: Uint8Array; globals: string[] } | null | undefined;

/** The package's Node glue and a hash of it and its WebAssembly: an image fits one build only. */
function oxigraphGlue(): typeof glue {
  if (glue !== undefined) return glue;
  try {
    const file = createRequire(import.meta.url).resolve('oxigraph');
    const source = fs.readFileSync(file, 'utf8');
    if (!source.includes(GLUE_ANCHOR) || !source.includes(GLUE_BYTES)) return (glue = null);
    const wasmBytes = fs.readFileSync(path.join(path.dirname(file), 'node_bg.wasm'));
    const patched = exportMutableGlobals(wasmBytes);
    if (!patched) return (glue = null);
    const build = createHash('sha256').update(source).update(wasmBytes).update(IMAGE_FORMAT).digest('hex');
    glue = { file, source, build, wasm: patched.bytes, globals: patched.names };
  } catch {
    glue = null;
  }
  return glue;
}

/**
 * A fresh, private instance of Oxigraph (its own module and memory), with the handles an image
 * needs. Null when the installed package is not the shape this was written for; callers then
 * use the shared instance and go without images.
 */
export function newOxigraphRuntime(): OxigraphRuntime | null {
  const g = oxigraphGlue();
  if (!g) return null;
  type CompilableModule = NodeJS.Module & { _compile(source: string, file: string): void; paths: string[] };
  const ModuleClass = Module as unknown as { new (id: string, parent?: NodeJS.Module): CompilableModule; _nodeModulePaths(dir: string): string[] };
  const mod = new ModuleClass(g.file) as CompilableModule & { __engramWasmBytes?: Uint8Array };
  mod.filename = g.file;
  mod.paths = ModuleClass._nodeModulePaths(path.dirname(g.file));
  mod.__engramWasmBytes = g.wasm;
  mod._compile(`${g.source.replace(GLUE_BYTES, 'module.__engramWasmBytes')}\nmodule.exports.__engramWasm = () => wasm;\n`, g.file);
  const exports = mod.exports as Oxigraph & { __engramWasm(): Record<string, unknown> & { memory: WebAssembly.Memory; __wbindgen_externrefs: WebAssembly.Table } };
  const wasm = exports.__engramWasm();
  if (!(wasm.memory instanceof WebAssembly.Memory) || !(wasm.__wbindgen_externrefs instanceof WebAssembly.Table)) return null;
  const globals = g.globals.map((name) => ({ name, global: wasm[name] as WebAssembly.Global }));
  if (!globals.every((x) => x.global instanceof WebAssembly.Global)) return null;
  return { ox: exports, memory: wasm.memory, externrefs: wasm.__wbindgen_externrefs, globals };
}

export function imageFileName(seq: number): string {
  return `image-${seq}.bin`;
}

/** The header line: magic, the CRC-32 of the JSON, the JSON. */
function headerLine(header: ImageHeader): Buffer {
  const json = JSON.stringify(header);
  return Buffer.from(`${MAGIC}${checksumHex(json)} ${json}\n`);
}

/**
 * Writes the runtime's memory as the image for snapshot `seq` (temp file, fsync, rename,
 * directory fsync). Returns why not when the instance holds something that cannot be saved.
 */
export function writeStoreImage(file: string, runtime: OxigraphRuntime, store: Store, seq: number): { ok: true; bytes: number } | { ok: false; reason: string } {
  const g = oxigraphGlue();
  if (!g) return { ok: false, reason: 'unsupported oxigraph build' };
  const table: ImageHeader['table'] = [];
  for (let i = 0; i < runtime.externrefs.length; i++) {
    const v: unknown = runtime.externrefs.get(i);
    if (v === undefined) table.push({ u: 1 });
    else if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') table.push(v);
    else return { ok: false, reason: `the instance holds a JavaScript ${typeof v} (externref ${i})` };
  }
  // Every call into the module writes its stack: the last one comes before the memory is read.
  const quads = store.size;
  const memoryBytes = runtime.memory.buffer.byteLength;
  const globals = Object.fromEntries(runtime.globals.map((x) => [x.name, Number(x.global.value)]));
  // Runs of non-zero pages: only they are written, and only they are read back. The checksum
  // covers every page, the all-zero ones too (they are holes in the file).
  const zero = Buffer.alloc(PAGE);
  const pages: [number, number][] = [];
  let memoryCrc = 0;
  for (let p = 0; p * PAGE < memoryBytes; p++) {
    const page = new Uint8Array(runtime.memory.buffer, p * PAGE, PAGE);
    memoryCrc = checksum(page, memoryCrc);
    if (zero.equals(page)) continue;
    const last = pages[pages.length - 1];
    if (last && last[1] === p) last[1] = p + 1;
    else pages.push([p, p + 1]);
  }
  const header: ImageHeader = {
    build: g.build,
    seq,
    quads,
    storePtr: (store as unknown as { __wbg_ptr: number }).__wbg_ptr,
    memoryBytes,
    memoryCrc,
    globals,
    dataOffset: PAGE,
    table,
    pages,
  };
  // The header length is only known once the offset is in it; the offset is page-aligned, so
  // one retry settles it.
  let head = headerLine(header);
  while (head.byteLength > header.dataOffset) {
    header.dataOffset = Math.ceil(head.byteLength / PAGE) * PAGE;
    head = headerLine(header);
  }
  writeFileDurably(file, (fd) => {
    fs.writeSync(fd, head, 0, head.byteLength, 0);
    for (const [first, end] of pages) {
      const bytes = Buffer.from(runtime.memory.buffer, first * PAGE, (end - first) * PAGE);
      for (let off = 0; off < bytes.byteLength; ) off += fs.writeSync(fd, bytes, off, Math.min(1 << 28, bytes.byteLength - off), header.dataOffset + first * PAGE + off);
    }
    fs.ftruncateSync(fd, header.dataOffset + memoryBytes);
  });
  return { ok: true, bytes: header.dataOffset + memoryBytes };
}

/** Why an image was not used, and whether that means it is damaged (rather than merely stale). */
export type ImageRefusal = { ok: false; reason: string; damaged: boolean };

const stale = (reason: string): ImageRefusal => ({ ok: false, reason, damaged: false });
const damaged = (reason: string): ImageRefusal => ({ ok: false, reason, damaged: true });

/** Reads and checks an image's header: its checksum, then whether it fits this build and snapshot. */
function readHeader(fd: number, size: number, build: string, seq: number): { ok: true; header: ImageHeader } | ImageRefusal {
  const first = Buffer.alloc(Math.min(size, PAGE));
  fs.readSync(fd, first, 0, first.byteLength, 0);
  if (first.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) {
    return /^ENGRAM-OXIGRAPH-IMAGE\/\d+\n/.test(first.subarray(0, 40).toString('latin1')) ? stale('written in another image format') : damaged('not an image (its first bytes are damaged)');
  }
  let headEnd = first.indexOf(0x0a, MAGIC.length);
  let head = first;
  if (headEnd < 0) {
    // Long header (a large externref table): read up to the data.
    head = Buffer.alloc(Math.min(size, 64 * PAGE));
    fs.readSync(fd, head, 0, head.byteLength, 0);
    headEnd = head.indexOf(0x0a, MAGIC.length);
    if (headEnd < 0) return damaged('its header is unreadable');
  }
  const line = head.subarray(MAGIC.length, headEnd).toString('utf8');
  const json = line.slice(9);
  if (line[8] !== ' ' || line.slice(0, 8) !== checksumHex(json)) return damaged('its header does not match its checksum');
  const header = JSON.parse(json) as ImageHeader;
  if (header.build !== build) return stale('written by another Oxigraph build');
  if (header.seq !== seq) return stale(`for snapshot ${header.seq}, not ${seq}`);
  if (size < header.dataOffset + header.memoryBytes) return damaged('truncated');
  return { ok: true, header };
}

/**
 * Opens an image and reads its checked header, then runs `use` on it; the file is closed after.
 * Missing, stale and damaged images come back as refusals (a throw inside `use`, e.g. a damaged
 * image trapping inside WebAssembly, counts as damage).
 */
function withImage<T>(file: string, seq: number, use: (fd: number, header: ImageHeader) => T | ImageRefusal): T | ImageRefusal {
  const g = oxigraphGlue();
  if (!g) return stale('unsupported oxigraph build');
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return stale('missing');
  }
  try {
    const read = readHeader(fd, fs.fstatSync(fd).size, g.build, seq);
    return read.ok ? use(fd, read.header) : read;
  } catch (e) {
    return damaged((e as Error).message);
  } finally {
    fs.closeSync(fd);
  }
}

/** Checks an image against its checksums without restoring it (`engram doctor`). */
export function verifyImageFile(file: string, seq: number): { ok: true } | ImageRefusal {
  return withImage(file, seq, (fd, header) => {
    const buf = Buffer.alloc(16 * PAGE);
    let crc = 0;
    for (let off = 0; off < header.memoryBytes; ) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.byteLength, header.memoryBytes - off), header.dataOffset + off);
      if (n <= 0) return damaged('truncated');
      crc = checksum(buf.subarray(0, n), crc);
      off += n;
    }
    return crc === header.memoryCrc ? { ok: true as const } : damaged('its memory does not match its checksum');
  });
}

/**
 * Restores the image for snapshot `seq` into a fresh runtime. Returns the runtime and its
 * store, or why the image cannot be used ('missing' when there is none). Every byte is checked
 * against the header's checksums before the store is touched.
 */
export function restoreStoreImage(file: string, seq: number): { ok: true; runtime: OxigraphRuntime; store: Store } | ImageRefusal {
  return withImage(file, seq, (fd, header) => {
    const runtime = newOxigraphRuntime();
    if (!runtime) return stale('unsupported oxigraph build');
    const initialBytes = runtime.memory.buffer.byteLength;
    const grow = header.memoryBytes - initialBytes;
    if (grow < 0 || grow % PAGE) return stale('memory size does not fit this build');
    if (grow) runtime.memory.grow(grow / PAGE);
    const view = new Uint8Array(runtime.memory.buffer, 0, header.memoryBytes);
    // Pages grown are zero; the module's first pages hold its data segments, which the image's
    // zero pages (not in the file's runs) must overwrite.
    view.fill(0, 0, initialBytes);
    const pageCount = header.memoryBytes / PAGE;
    for (const [first, end] of header.pages ?? [[0, pageCount]]) {
      if (!(first >= 0 && end <= pageCount && first < end)) return damaged('its page runs do not fit its memory');
      const stop = end * PAGE;
      for (let off = first * PAGE; off < stop; ) {
        const n = fs.readSync(fd, view, off, Math.min(1 << 28, stop - off), header.dataOffset + off);
        if (n <= 0) return damaged('truncated');
        off += n;
      }
    }
    if (checksum(view) !== header.memoryCrc) return damaged('its memory does not match its checksum');
    for (const x of runtime.globals) {
      const value = header.globals[x.name];
      if (typeof value !== 'number') return stale(`no value for the global ${x.name}`);
      x.global.value = value;
    }
    const table = runtime.externrefs;
    if (table.length < header.table.length) table.grow(header.table.length - table.length, null);
    header.table.forEach((v, i) => table.set(i, v !== null && typeof v === 'object' ? undefined : v));

    // The wrapper wasm-bindgen would have made for this pointer; never freed, it lives as long
    // as the worker.
    const store = Object.create(runtime.ox.Store.prototype) as Store;
    (store as unknown as { __wbg_ptr: number }).__wbg_ptr = header.storePtr;
    if (store.size !== header.quads) return damaged(`holds ${store.size} triples, not ${header.quads}`);
    return { ok: true as const, runtime, store };
  });
}
