// The environment of a process that hosts the engine (the Electron utility process, `engram`).
/**
 * glibc's allocator settings for a process that hosts the engine, set in its environment at
 * start (glibc reads them once): at most two malloc arenas, and freed memory at the top of a
 * heap returned to the system beyond 1 MiB. LanceDB's writer and index threads otherwise leave
 * a fragmented arena each: with them, a 1 GB import peaked ~130 MB lower at the same speed
 * (BENCHMARKS.md, "allocator"). Other C libraries ignore these names. The same values are in
 * bin/engram.mjs's first line and scripts/start.mjs (a test keeps the three equal).
 */
export const ENGINE_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '1048576' };
