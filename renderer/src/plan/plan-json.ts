// A plan edited as JSON, read back with the engine's own schema (zod): a module of its own so
// that the schemas load with the plan card, not with the timeline that shows run summaries.
import { timelinePlanSchema } from '../../../shared/api';
import type { TimelinePlan } from '../../../shared/types';
import type { DraftResult } from './plan-model';

/** Reads edited JSON: the same structure the engine accepts, with a readable message otherwise. */
export function parsePlanJson(text: string): DraftResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const parsed = timelinePlanSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'plan';
    return { ok: false, error: `${where}: ${issue?.message ?? 'not a plan'}` };
  }
  return { ok: true, plan: parsed.data as TimelinePlan };
}
