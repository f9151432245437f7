#!/usr/bin/env node
// The `engram` command: runs the compiled CLI (out/cli, built by `npm install` and `npm run
// build`; rebuilt first when a source changed since, see scripts/cli-build.mjs).
import { pathToFileURL } from 'node:url';
import { cliEntry } from '../scripts/cli-build.mjs';

const { main } = await import(pathToFileURL(await cliEntry()).href);
await main(process.argv);
