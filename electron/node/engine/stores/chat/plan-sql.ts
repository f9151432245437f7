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

/**
 * Compiles a checked plan's chain into a parameterized WHERE clause. `sources` names the table
 * whose source_id the source clauses (ready sources, the plan's sources) test: the message's
 * (default) or its session's (`'s'`, the same source: a session's messages are all of it).
 */
export function compileChain(plan: TimelinePlan, sources: 'm' | 's' = 'm'): CompiledPlan & { sourceWhere: string; sourceParams: number[]; chainWhere: string; chainParams: (string | number)[] } {
  const sourceClauses = [`${sources}.source_id IN (SELECT id FROM sources WHERE status = 'ready')`];
  const sourceParams: number[] = [];
  if (plan.sourceIds) {
    sourceClauses.push(plan.sourceIds.length ? `${sources}.source_id IN (${plan.sourceIds.map(() => '?').join(', ')})` : '0');
    sourceParams.push(...plan.sourceIds);
  }
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
    where: [...sourceClauses, ...clauses].join('\n  AND '),
    params: [...sourceParams, ...params],
    sessionIndexColumn: columnSql('Session_Index', plan.sessionNumbering),
    sourceWhere: sourceClauses.join(' AND '),
    sourceParams,
    chainWhere: clauses.length ? clauses.join('\n  AND ') : '1',
    chainParams: params,
  };
}

/** The SELECT the chain runs: the kept rows' ids and positions, in time order. */
export function chainSelect(plan: TimelinePlan): { sql: string; params: (string | number)[] } {
  const { where, params, sessionIndexColumn } = compileChain(plan);
  const sql = `SELECT m.id, m.source_id, m.session_id, ${sessionIndexColumn} AS session, m.response_index, m.external_id, m.speaker
FROM messages m JOIN sessions s ON s.id = m.session_id
WHERE ${where}
ORDER BY s.memory_index, m.turn_index`;
  return { sql, params };
}

/** Column holding Session_Index under a numbering. */
export function sessionIndexColumn(numbering: TimelinePlan['sessionNumbering']): string {
  return columnSql('Session_Index', numbering);
}
