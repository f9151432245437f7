// The timeline's question box: the question, an optional "now" to ask against (what if it were
// that day?), the planned answer (rewrite, plan, explanation) and its run. Earlier questions
// are the dialogue for follow-ups ("and the day before?").
import { create } from 'zustand';
import type { PlannedQuestion, TimelinePlan } from '../../../../shared/types';
import { api } from '../../api/connection';
import { PLAN_ROWS_MAX, usePlan } from '../../plan/plan-store';
import { errorMessage } from '../../ui/format';
import { dateLocale } from '../../ui/locale';

/** How many earlier questions go along as dialogue. */
const CONTEXT_TURNS = 4;

export interface QuestionRun {
  total: number;
  sessions: number;
}

interface QuestionState {
  text: string;
  /** 'YYYY-MM-DDTHH:MM' to ask as if it were then; null = the clock. */
  now: string | null;
  asking: boolean;
  error: string | null;
  planned: PlannedQuestion | null;
  /** The plan that ran last (the planned one or the person's edit). */
  ranPlan: TimelinePlan | null;
  run: QuestionRun | null;
  /** Earlier questions, oldest first. */
  history: string[];
  cardOpen: boolean;

  setText(text: string): void;
  setNow(now: string | null): void;
  setCardOpen(open: boolean): void;
  ask(): Promise<void>;
  /** Runs the person's edit of the plan; errors are thrown for the plan card to show. */
  runEdited(plan: TimelinePlan): Promise<void>;
  clear(): void;
}

export const useTimelineQuestion = create<QuestionState>()((set, get) => ({
  text: '',
  now: null,
  asking: false,
  error: null,
  planned: null,
  ranPlan: null,
  run: null,
  history: [],
  cardOpen: false,

  setText: (text) => set({ text }),
  setNow: (now) => set({ now }),
  setCardOpen: (cardOpen) => set({ cardOpen }),

  async ask() {
    const question = get().text.trim();
    if (!question || get().asking) return;
    set({ asking: true, error: null });
    try {
      const context = get()
        .history.slice(-CONTEXT_TURNS)
        .map((text) => ({ speaker: 'user', text }));
      const now = get().now;
      const locale = dateLocale();
      const { planned, run } = await api().askTimeline({
        question,
        ...(context.length ? { context } : {}),
        ...(now ? { now: now.length === 16 ? `${now}:00` : now } : {}),
        ...(locale ? { locale } : {}),
        limit: PLAN_ROWS_MAX,
      });
      usePlan.getState().show(run, planned.plan, planned.rewritten ? planned.rewrite : question, 'timeline');
      set({
        asking: false,
        planned,
        ranPlan: planned.plan,
        run: { total: run.total, sessions: run.sessionIds.length },
        history: [...get().history.filter((h) => h !== question), question].slice(-20),
        cardOpen: true,
      });
    } catch (err) {
      set({ asking: false, error: errorMessage(err), cardOpen: true });
    }
  },

  async runEdited(plan) {
    const planned = get().planned;
    const label = planned ? (planned.rewritten ? planned.rewrite : planned.question) : 'Edited plan';
    const run = await usePlan.getState().run(plan, label, 'timeline', true);
    set({ ranPlan: plan, run: { total: run.total, sessions: run.sessionIds.length } });
  },

  clear() {
    set({ planned: null, ranPlan: null, run: null, error: null, cardOpen: false, text: '' });
    if (usePlan.getState().result?.origin === 'timeline') usePlan.getState().clear();
  },
}));

// When the rows shown are cleared elsewhere (the chip, Messages), the box forgets its result;
// An Ask turn's rows replace the box's too.
usePlan.subscribe((s, prev) => {
  if (prev.result?.origin === 'timeline' && s.result?.origin !== 'timeline' && useTimelineQuestion.getState().run) {
    useTimelineQuestion.setState({ run: null, cardOpen: false });
  }
});
