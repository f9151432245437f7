// Stable, scriptable output for the CLI: aligned tables for people, JSON and CSV for scripts.

export type OutputFormat = 'table' | 'json' | 'csv';

export function formatOf(opts: { json?: boolean; csv?: boolean }): OutputFormat {
  return opts.json ? 'json' : opts.csv ? 'csv' : 'table';
}

import { csvCell } from '../../../shared/csv';

/** Prints rows in the chosen format; tables truncate long cells only on a terminal. */
export function printRows(rows: Record<string, unknown>[], columns: string[], format: OutputFormat, out: NodeJS.WritableStream = process.stdout): void {
  if (format === 'json') {
    out.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (format === 'csv') {
    out.write(`${columns.map(csvCell).join(',')}\n`);
    for (const r of rows) out.write(`${columns.map((c) => csvCell(r[c])).join(',')}\n`);
    return;
  }
  const tty = (out as NodeJS.WriteStream).isTTY === true;
  const maxCell = tty ? 80 : Infinity;
  const text = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v).replace(/\s+/g, ' ');
    return s.length > maxCell ? `${s.slice(0, maxCell - 1)}…` : s;
  };
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const line = (cells: string[]) => cells.map((s, i) => (i === cells.length - 1 ? s : s.padEnd(widths[i]))).join('  ');
  out.write(`${line(columns)}\n`);
  for (const r of rows) out.write(`${line(columns.map((c) => text(r[c])))}\n`);
}

export function printObject(obj: Record<string, unknown>, format: OutputFormat, out: NodeJS.WritableStream = process.stdout): void {
  if (format === 'json') {
    out.write(`${JSON.stringify(obj, null, 2)}\n`);
    return;
  }
  const entries = Object.entries(obj).map(([k, v]) => ({ key: k, value: typeof v === 'object' && v !== null ? JSON.stringify(v) : v }));
  if (format === 'csv') return printRows(entries, ['key', 'value'], 'csv', out);
  const w = Math.max(...entries.map((e) => e.key.length));
  for (const e of entries) out.write(`${e.key.padEnd(w)}  ${e.value ?? ''}\n`);
}
