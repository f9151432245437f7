// Chain-of-table plans compiled to parameterized SQL over the chat table.
//
// The timeline checks a plan's values (timeline/plan.ts `checkPlan`); here its chain of
// f_value / f_between operations becomes one WHERE clause over `messages m JOIN sessions s`,
// every value a bound parameter. The chat store runs it (`ChatStore.chainRows`).
import type { TimelineColumn, TimelinePlan } from '../../../../../shared/types';

/** A row a plan's chain keeps, with Session_Index under the plan's numbering. */
export interface ChainRow {
  id: number;
  sourceId: number;
  sessionId: number;
  /** Session_Index under the plan's numbering. */
  session: number;
  responseIndex: number;
  externalId: string | null;
  speaker: string;
}

/** How many rows a chain keeps, per session in time order. */
export interface ChainExtent {
  rows: number;
  sessionIds: number[];
  /** Rows kept in each of `sessionIds`. */
  counts: number[];
}

export interface CompiledPlan {
  /** WHERE clause over `messages m JOIN sessions s`, with ? placeholders. */
  where: string;
  params: (string | number)[];
  /** Column holding Session_Index under the plan's numbering. */
  sessionIndexColumn: string;
}

function columnSql(column: TimelineColumn, numbering: TimelinePlan['sessionNumbering']): string {
  switch (column) {
    case 'Response_Index':
      return 'm.response_index';
    case 'Session_Index':
      return numbering === 'source' ? 's.source_index' : 's.memory_index';
    case 'Speaker':
      return 'm.speaker';
    case 'Role':
      return 'm.role';
    case 'Day_Name':
      return 'm.day_name';
    case 'Week':
      return 'm.week';
    case 'Date':
      return 'm.date';
    case 'Time':
      return 'm.time';
    case 'Month':
      return 'm.month';
    case 'Year':
      return 'm.year';
  }
}

/** The sources a chain may read: the ready ones (`ChatStore.readySourceIds`), and which table's source_id tests them. */
export interface ChainSources {
  /** Ids of the ready sources (ascending): a fact of the chat table's version, read once per version, not per query. */
  ready: readonly number[];
  /**
   * The message's source_id (default) or its session's (`'s'`, the same source: a session's
   * messages are all of it; a chain on Session_Index then finds its sessions by the source's index).
   */
  on?: 'm' | 's';
}

/** The ready sources a plan may read: its own sources that are ready, or every ready source; ascending, once each. */
export function allowedSources(plan: TimelinePlan, ready: readonly number[]): number[] {
  if (!plan.sourceIds) return [...ready];
  const wanted = new Set(plan.sourceIds);
  return ready.filter((id) => wanted.has(id));
}

/**
 * Compiles a checked plan's chain into a parameterized WHERE clause. The sources clause is one
 * bound IN list of the ready sources the plan may read (no subquery over `sources` re-checked
 * by every query); none: `0`, no rows.
 */
export function compileChain(plan: TimelinePlan, sources: ChainSources): CompiledPlan & { sourceWhere: string; sourceParams: number[]; chainWhere: string; chainParams: (string | number)[] } {
  const allowed = allowedSources(plan, sources.ready);
  const sourceWhere = allowed.length ? `${sources.on ?? 'm'}.source_id IN (${allowed.map(() => '?').join(', ')})` : '0';
  const sourceParams = allowed;
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  for (const op of plan.chain) {
    const col = columnSql(op.column, plan.sessionNumbering);
    const cmp = op.column === 'Speaker' ? `${col} COLLATE NOCASE` : col;
    if (op.op === 'f_value') {
      clauses.push(op.values.length === 1 ? `${cmp} = ?` : `${cmp} IN (${op.values.map(() => '?').join(', ')})`);
      params.push(...op.values);
    } else {
      const [a, b] = op.range;
      const swap = typeof a === typeof b && a > b;
      clauses.push(`${cmp} BETWEEN ? AND ?`);
      params.push(swap ? b : a, swap ? a : b);
    }
  }
  return {
    where: [sourceWhere, ...clauses].join('\n  AND '),
    params: [...sourceParams, ...params],
    sessionIndexColumn: columnSql('Session_Index', plan.sessionNumbering),
    sourceWhere,
    sourceParams,
    chainWhere: clauses.length ? clauses.join('\n  AND ') : '1',
    chainParams: params,
  };
}

/** Whether a chain names Session_Index (its sessions are then found from `sessions`, by source). */
export function chainOnSessions(plan: TimelinePlan): boolean {
  return plan.chain.some((op) => op.column === 'Session_Index');
}

/** The columns of a ChainRow, in its order, under a plan's numbering. */
export function chainRowColumns(numbering: TimelinePlan['sessionNumbering']): string[] {
  return ['m.id', 'm.source_id', 'm.session_id', columnSql('Session_Index', numbering), 'm.response_index', 'm.external_id', 'm.speaker'];
}

/** The chain's rows in time order as one JSON array of ChainRow columns (one value to read, not a row per message). */
export function chainRowsJson(plan: TimelinePlan, where: string): string {
  return `SELECT json_group_array(json_array(${chainRowColumns(plan.sessionNumbering).join(', ')}) ORDER BY s.memory_index, m.turn_index)
FROM messages m JOIN sessions s ON s.id = m.session_id
WHERE ${where}`;
}

/** The SELECT the chain runs: the kept rows' ids and positions, in time order. */
export function chainSelect(plan: TimelinePlan, ready: readonly number[]): { sql: string; params: (string | number)[]; where: string } {
  const { where, params, sessionIndexColumn } = compileChain(plan, { ready, on: chainOnSessions(plan) ? 's' : 'm' });
  const sql = `SELECT m.id, m.source_id, m.session_id, ${sessionIndexColumn} AS session, m.response_index, m.external_id, m.speaker
FROM messages m JOIN sessions s ON s.id = m.session_id
WHERE ${where}
ORDER BY s.memory_index, m.turn_index`;
  return { sql, params, where };
}

/** Column holding Session_Index under a numbering. */
export function sessionIndexColumn(numbering: TimelinePlan['sessionNumbering']): string {
  return columnSql('Session_Index', numbering);
}
