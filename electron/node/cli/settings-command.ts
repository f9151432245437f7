// `engram settings [get | set KEY VALUE | check]`: the extraction settings and a live Ollama check.
import type { Command } from 'commander';
import type { ExtractionSettings, OllamaStatus } from '../../../shared/types';
import type { Engine } from '../engine/engine';
import { DEFAULT_EXTRACTION_SETTINGS } from '../engine/extraction/default-settings';

const KEYS = Object.keys(DEFAULT_EXTRACTION_SETTINGS) as (keyof ExtractionSettings)[];

/** `embed-model` and `embedModel` both name embedModel. */
function keyOf(name: string): keyof ExtractionSettings {
  const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const key = KEYS.find((k) => k.toLowerCase() === camel.toLowerCase());
  if (!key) throw new Error(`unknown setting '${name}'; settings: ${KEYS.join(', ')}`);
  return key;
}

function valueOf(key: keyof ExtractionSettings, raw: string): unknown {
  const kind = typeof DEFAULT_EXTRACTION_SETTINGS[key];
  if (kind === 'number') {
    const n = raw.trim() === '' ? NaN : Number(raw);
    if (!Number.isFinite(n)) throw new Error(`${key}: expected a number, got '${raw}'`);
    return n;
  }
  if (kind === 'boolean') {
    if (/^(true|yes|on|1)$/i.test(raw)) return true;
    if (/^(false|no|off|0)$/i.test(raw)) return false;
    throw new Error(`${key}: expected true or false, got '${raw}'`);
  }
  return raw;
}

function printSettings(s: ExtractionSettings, json?: boolean): void {
  if (json) return void process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
  const w = Math.max(...KEYS.map((k) => k.length));
  for (const k of KEYS) process.stdout.write(`${k.padEnd(w)}  ${s[k]}\n`);
}

export function printCheck(c: OllamaStatus): void {
  process.stdout.write(`host        ${c.host}\n`);
  process.stdout.write(`reachable   ${c.reachable ? `yes (Ollama ${c.version ?? 'version unknown'})` : 'no'}\n`);
  if (c.reachable) {
    process.stdout.write(`models      ${c.models.join(', ') || '(none)'}\n`);
    process.stdout.write(`model       ${c.model}: ${c.modelReady ? 'installed' : 'missing'}\n`);
    process.stdout.write(`embedModel  ${c.embedModel}: ${c.embedModelReady ? 'installed' : 'missing'}\n`);
  }
  for (const p of c.problems) process.stderr.write(`engram: ${p}\n`);
}

export function registerSettingsCommand(program: Command, run: (work: (engine: Engine) => Promise<void>) => Promise<void>): void {
  const settings = program.command('settings').description('extraction settings (Ollama host, models, chunking) and a live Ollama check');
  settings
    .command('get', { isDefault: true })
    .description('show the settings')
    .option('--json', 'output JSON')
    .action(async (f: { json?: boolean }) => run(async (engine) => printSettings(await engine.extractionSettings(), f.json)));
  settings
    .command('set')
    .description(`change a setting (${KEYS.join(', ')})`)
    .argument('<key>')
    .argument('<value>')
    .action(async (name: string, raw: string) =>
      run(async (engine) => {
        const key = keyOf(name);
        const { extractionSettingsPatchSchema } = await import('../../../shared/api');
        const parsed = extractionSettingsPatchSchema.safeParse({ [key]: valueOf(key, raw) });
        if (!parsed.success) throw new Error(`${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
        printSettings(await engine.setExtractionSettings(parsed.data));
      }),
    );
  settings
    .command('check')
    .description('is Ollama running, and are the models installed?')
    .option('--host <url>', 'check this host instead of the saved one')
    .option('--json', 'output JSON')
    .action(async (f: { host?: string; json?: boolean }) =>
      run(async (engine) => {
        const c = await engine.checkOllama({ host: f.host });
        if (f.json) process.stdout.write(`${JSON.stringify(c, null, 2)}\n`);
        else printCheck(c);
        if (c.problems.length) process.exitCode = 1;
      }),
    );
}
