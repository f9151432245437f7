// A start-up cache for the graph store: the memory of the WebAssembly instance that holds the
// Oxigraph store, written beside each snapshot. Opening a large graph then copies its memory
// back (about 0.3 s for a million triples) instead of parsing and indexing N-Triples again
// (4–5 s), the way V8 start-up snapshots or Wizer skip initialisation.
//
// The N-Triples snapshot stays the record. An image is used only when it was written by the
// same Oxigraph build, for the snapshot the journal names, and the restored store has the
// triple count it was written with; otherwise it is ignored (and removed) and the snapshot is
// parsed as before.
//
// Why this is sound: between two calls, everything the Rust side knows lives in linear memory
// (heap, allocator, hash seeds), except the externref table, which holds the JavaScript
// values Rust keeps (a few interned strings); both are saved. The stack pointer is back at its
// start between calls. The store lives in its own instance so that terms created elsewhere
// (e.g. module-level constants) never point into memory that a restore overwrites; Oxigraph
// reads terms passed in by their termType/value, so terms from another instance work.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import Module from 'node:module';

type Oxigraph = typeof import('oxigraph');
type Store = import('oxigraph').Store;

export interface OxigraphRuntime {
  ox: Oxigraph;
  memory: WebAssembly.Memory;
  externrefs: WebAssembly.Table;
}

const PAGE = 65536;
const MAGIC = 'ENGRAM-OXIGRAPH-IMAGE/1\n';
/** The glue line after which the instance's exports are in scope (wasm-bindgen's Node target). */
const GLUE_ANCHOR = 'let wasm = wasmInstance.exports;';

interface ImageHeader {
  build: string;
  seq: number;
  quads: number;
  storePtr: number;
  memoryBytes: number;
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

let glue: { file: string; source: string; build: string } | null | undefined;

/** The package's Node glue and a hash of it and its WebAssembly: an image fits one build only. */
function oxigraphGlue(): typeof glue {
  if (glue !== undefined) return glue;
  try {
    const file = createRequire(import.meta.url).resolve('oxigraph');
    const source = fs.readFileSync(file, 'utf8');
    if (!source.includes(GLUE_ANCHOR)) return (glue = null);
    const wasmBytes = fs.readFileSync(path.join(path.dirname(file), 'node_bg.wasm'));
    const build = createHash('sha256').update(source).update(wasmBytes).digest('hex');
    glue = { file, source, build };
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
  const mod = new ModuleClass(g.file);
  mod.filename = g.file;
  mod.paths = ModuleClass._nodeModulePaths(path.dirname(g.file));
  mod._compile(`${g.source}\nmodule.exports.__engramWasm = () => wasm;\n`, g.file);
  const exports = mod.exports as Oxigraph & { __engramWasm(): { memory: WebAssembly.Memory; __wbindgen_externrefs: WebAssembly.Table } };
  const wasm = exports.__engramWasm();
  if (!(wasm.memory instanceof WebAssembly.Memory) || !(wasm.__wbindgen_externrefs instanceof WebAssembly.Table)) return null;
  return { ox: exports, memory: wasm.memory, externrefs: wasm.__wbindgen_externrefs };
}

export function imageFileName(seq: number): string {
  return `image-${seq}.bin`;
}

/**
 * Writes the runtime's memory as the image for snapshot `seq` (temp file + rename).
 * Returns why not when the instance holds something that cannot be saved.
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
  const memoryBytes = runtime.memory.buffer.byteLength;
  // Runs of non-zero pages: only they are written, and only they are read back.
  const zero = Buffer.alloc(PAGE);
  const pages: [number, number][] = [];
  for (let p = 0; p * PAGE < memoryBytes; p++) {
    if (Buffer.from(runtime.memory.buffer, p * PAGE, PAGE).equals(zero)) continue;
    const last = pages[pages.length - 1];
    if (last && last[1] === p) last[1] = p + 1;
    else pages.push([p, p + 1]);
  }
  const header: Omit<ImageHeader, 'dataOffset'> = { build: g.build, seq, quads: store.size, storePtr: (store as unknown as { __wbg_ptr: number }).__wbg_ptr, memoryBytes, table, pages };
  // The header length is only known once the offset is in it; the offset is page-aligned, so
  // one retry settles it.
  let dataOffset = PAGE;
  let head = Buffer.from(`${MAGIC}${JSON.stringify({ ...header, dataOffset })}\n`);
  while (head.byteLength > dataOffset) {
    dataOffset = Math.ceil(head.byteLength / PAGE) * PAGE;
    head = Buffer.from(`${MAGIC}${JSON.stringify({ ...header, dataOffset })}\n`);
  }
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, head, 0, head.byteLength, 0);
    for (const [first, end] of pages) {
      const bytes = Buffer.from(runtime.memory.buffer, first * PAGE, (end - first) * PAGE);
      for (let off = 0; off < bytes.byteLength; ) off += fs.writeSync(fd, bytes, off, Math.min(1 << 28, bytes.byteLength - off), dataOffset + first * PAGE + off);
    }
    fs.ftruncateSync(fd, dataOffset + memoryBytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  return { ok: true, bytes: dataOffset + memoryBytes };
}

/**
 * Restores the image for snapshot `seq` into a fresh runtime. Returns the runtime and its
 * store, or why the image cannot be used ('missing' when there is none).
 */
export function restoreStoreImage(file: string, seq: number): { ok: true; runtime: OxigraphRuntime; store: Store } | { ok: false; reason: string } {
  const g = oxigraphGlue();
  if (!g) return { ok: false, reason: 'unsupported oxigraph build' };
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { ok: false, reason: 'missing' };
  }
  try {
    const size = fs.fstatSync(fd).size;
    const first = Buffer.alloc(Math.min(size, PAGE));
    fs.readSync(fd, first, 0, first.byteLength, 0);
    if (first.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) return { ok: false, reason: 'not an image' };
    let headEnd = first.indexOf(0x0a, MAGIC.length);
    let head = first;
    if (headEnd < 0) {
      // Long header (a large externref table): read up to the data.
      head = Buffer.alloc(Math.min(size, 64 * PAGE));
      fs.readSync(fd, head, 0, head.byteLength, 0);
      headEnd = head.indexOf(0x0a, MAGIC.length);
      if (headEnd < 0) return { ok: false, reason: 'header unreadable' };
    }
    const header = JSON.parse(head.subarray(MAGIC.length, headEnd).toString('utf8')) as ImageHeader;
    if (header.build !== g.build) return { ok: false, reason: 'written by another Oxigraph build' };
    if (header.seq !== seq) return { ok: false, reason: `for snapshot ${header.seq}, not ${seq}` };
    if (size < header.dataOffset + header.memoryBytes) return { ok: false, reason: 'truncated' };

    const runtime = newOxigraphRuntime();
    if (!runtime) return { ok: false, reason: 'unsupported oxigraph build' };
    const grow = header.memoryBytes - runtime.memory.buffer.byteLength;
    if (grow < 0 || grow % PAGE) return { ok: false, reason: 'memory size does not fit this build' };
    if (grow) runtime.memory.grow(grow / PAGE);
    const view = new Uint8Array(runtime.memory.buffer, 0, header.memoryBytes);
    const pageCount = header.memoryBytes / PAGE;
    for (const [first, end] of header.pages ?? [[0, pageCount]]) {
      if (!(first >= 0 && end <= pageCount && first < end)) return { ok: false, reason: 'page runs do not fit the memory' };
      const stop = end * PAGE;
      for (let off = first * PAGE; off < stop; ) {
        const n = fs.readSync(fd, view, off, Math.min(1 << 28, stop - off), header.dataOffset + off);
        if (n <= 0) return { ok: false, reason: 'truncated' };
        off += n;
      }
    }
    const table = runtime.externrefs;
    if (table.length < header.table.length) table.grow(header.table.length - table.length, null);
    header.table.forEach((v, i) => table.set(i, v !== null && typeof v === 'object' ? undefined : v));

    // The wrapper wasm-bindgen would have made for this pointer; never freed, it lives as long
    // as the worker.
    const store = Object.create(runtime.ox.Store.prototype) as Store;
    (store as unknown as { __wbg_ptr: number }).__wbg_ptr = header.storePtr;
    if (store.size !== header.quads) return { ok: false, reason: `holds ${store.size} triples, not ${header.quads}` };
    return { ok: true, runtime, store };
  } catch (e) {
    // A damaged image can trap inside WebAssembly; the fresh runtime is then dropped.
    return { ok: false, reason: (e as Error).message };
  } finally {
    fs.closeSync(fd);
  }
}
