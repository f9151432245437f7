// The rows of a timeline plan on screen: the question box's answer, or a plan run from an Ask
// turn. Its sessions light up on the timeline (apart from the person's own selection) and the
// Messages tab shows exactly its rows, until the person clears it.
import { create } from 'zustand';
import type { PlanRun, TimelinePlan } from '../../../shared/types';
import { api } from '../api/connection';
import { useApp } from '../state/app-store';
import { useMessages } from '../tabs/messages/messages-store';

/** runPlan pages hold at most this many rows: Messages shows up to this many of a plan's rows. */
export const PLAN_ROWS_MAX = 5000;

export interface PlanResult {
  /** Who ran it: the timeline's question box or an Ask turn. */
  origin: 'timeline' | 'ask';
  /** The question it answers (or what the person edited). */
  label: string;
  plan: TimelinePlan;
  total: number;
  sessionIds: number[];
  /** Ids of the rows (the first PLAN_ROWS_MAX). */
  ids: number[];
  edited: boolean;
}

interface PlanState {
  result: PlanResult | null;
  /** Shows a run's rows: timeline highlight and Messages. */
  show(run: PlanRun, plan: TimelinePlan, label: string, origin: PlanResult['origin'], edited?: boolean): void;
  /** Runs a plan (as planned or edited) and shows its rows; errors are thrown for the caller to show. */
  run(plan: TimelinePlan, label: string, origin: PlanResult['origin'], edited?: boolean): Promise<PlanRun>;
  clear(): void;
}

export const usePlan = create<PlanState>()((set, get) => ({
  result: null,

  show(run, plan, label, origin, edited = false) {
    const result: PlanResult = { origin, label, plan, total: run.total, sessionIds: run.sessionIds, ids: run.rows.map((r) => r.id), edited };
    set({ result });
    // The plan's rows are what Messages shows now: the person's own selection would hide some.
    if (useApp.getState().selection) useApp.getState().select(null);
    useMessages.getState().setPlan({ label, ids: result.ids, total: run.total });
  },

  async run(plan, label, origin, edited = false) {
    const run = await api().runPlan({ plan, limit: PLAN_ROWS_MAX });
    get().show(run, plan, label, origin, edited);
    return run;
  },

  clear() {
    set({ result: null });
    useMessages.getState().setPlan(null);
  },
}));

// Clearing the plan's rows in Messages clears its highlight too (one filter, two views).
useMessages.subscribe((s, prev) => {
  if (prev.plan && !s.plan && usePlan.getState().result) usePlan.setState({ result: null });
});
