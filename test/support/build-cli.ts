// Vitest's global setup: the compiled CLI is brought up to date once, before the tests that run
// `bin/engram.mjs` start in parallel (each would otherwise see the same stale build).
export default async function setup(): Promise<void> {
  // @ts-expect-error: a plain ES module script without types
  const { cliEntry } = await import('../../scripts/cli-build.mjs');
  await cliEntry();
}
