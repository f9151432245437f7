#!/usr/bin/env node
// The `engram` command: runs the TypeScript CLI through tsx, so a fresh `npm install` is enough.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/node/cli/engram.ts');
await main(process.argv);
