#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=1048576 node
// (First line: the engine's allocator settings, ENGINE_ALLOCATOR_ENV in electron/node/engine/common/allocator-env.ts.)
// The `engram` command: runs the compiled CLI (out/cli, built by `npm install` and `npm run
// build`; rebuilt first when a source changed since, see scripts/cli-build.mjs).
import { pathToFileURL } from 'node:url';
import { cliEntry } from '../scripts/cli-build.mjs';

const { main } = await import(pathToFileURL(await cliEntry()).href);
await main(process.argv);
