// Ask tab state: the conversations (kept by the engine), the one on screen with its turns, the
// question being asked, SPARQL re-runs. A turn with a timeline plan lights its sessions up on
// the timeline and gives Messages its rows, as the timeline's question box does.
import { create } from 'zustand';
import type { AskConversationInfo, AskTurn, TimelinePlan } from '../../../../shared/types';
import { api } from '../../api/connection';
import { usePlan } from '../../plan/plan-store';
import { errorMessage } from '../../ui/format';
import { loadJson, saveJson } from '../../ui/persist';
import { replaceTurn } from './ask-model';
import { dateLocale } from '../../ui/locale';

const CURRENT_KEY = 'engram.ask.conversation';

interface AskState {
  conversations: AskConversationInfo[];
  listLoaded: boolean;
  /** The conversation on screen; null = a new one (created by the first question). */
  currentId: number | null;
  turns: AskTurn[];
  loading: boolean;
  /** The question being answered (shown as a pending turn). */
  pending: string | null;
  error: string | null;
  /** Per turn: a SPARQL re-run in flight, or its failure. */
  rerunning: Record<number, boolean>;
  rerunError: Record<number, string | null>;
  /** Questions this memory answers (null: being worked out), for the versions of the memory they were made for. */
  suggestions: string[] | null;
  suggestionsFor: string | null;

  loadList(): Promise<void>;
  /** Works out the suggested questions again when the memory changed since (`version`: its messages and graph versions). */
  loadSuggestions(version: string): Promise<void>;
  open(id: number | null): Promise<void>;
  ask(question: string): Promise<AskTurn | null>;
  rerunSparql(turnId: number, sparql: string): Promise<void>;
  /** Re-answers a turn with an edited timeline plan (or the planned one again); failures are thrown for the plan card. */
  rerunPlan(turnId: number, plan: TimelinePlan): Promise<AskTurn>;
  remove(id: number): Promise<void>;
}

export const useAsk = create<AskState>()((set, get) => ({
  conversations: [],
  listLoaded: false,
  currentId: null,
  turns: [],
  loading: false,
  pending: null,
  error: null,
  rerunning: {},
  rerunError: {},
  suggestions: null,
  suggestionsFor: null,

  async loadSuggestions(version) {
    if (get().suggestionsFor === version) return;
    set({ suggestionsFor: version, suggestions: null });
    const suggestions = await api()
      .askSuggestions({})
      .catch(() => []);
    // a newer version asked meanwhile: its answer wins
    if (get().suggestionsFor === version) set({ suggestions });
  },

  async loadList() {
    try {
      const conversations = await api().listAskConversations({});
      set({ conversations, listLoaded: true });
    } catch (err) {
      set({ listLoaded: true, error: errorMessage(err) });
    }
  },

  async open(id) {
    saveJson(CURRENT_KEY, id);
    // Rows an earlier conversation put on the timeline belong to it.
    if (id !== get().currentId && usePlan.getState().result?.origin === 'ask') usePlan.getState().clear();
    set({ currentId: id, turns: [], error: null, pending: null, rerunError: {} });
    if (id === null) return;
    set({ loading: true });
    try {
      const conversation = await api().getAskConversation({ id });
      if (get().currentId !== id) return;
      if (!conversation) {
        saveJson(CURRENT_KEY, null);
        set({ currentId: null, loading: false, error: 'That conversation no longer exists.' });
        return;
      }
      set({ turns: conversation.turns, loading: false });
    } catch (err) {
      if (get().currentId === id) set({ loading: false, error: errorMessage(err) });
    }
  },

  async ask(question) {
    const q = question.trim();
    if (!q || get().pending) return null;
    const conversationId = get().currentId;
    set({ pending: q, error: null });
    try {
      const locale = dateLocale();
      const turn = await api().ask({ question: q, ...(conversationId !== null ? { conversationId } : {}), ...(locale ? { locale } : {}) });
      // The person may have switched conversations meanwhile: the turn is stored, the list says so.
      if (get().currentId === conversationId) {
        set({ currentId: turn.conversationId, turns: replaceTurn(get().turns, turn), pending: null });
        saveJson(CURRENT_KEY, turn.conversationId);
      } else set({ pending: null });
      showTimelineRows(turn);
      void get().loadList();
      return turn;
    } catch (err) {
      set({ pending: null, error: errorMessage(err) });
      return null;
    }
  },

  async rerunSparql(turnId, sparql) {
    set((s) => ({ rerunning: { ...s.rerunning, [turnId]: true }, rerunError: { ...s.rerunError, [turnId]: null } }));
    try {
      const turn = await api().rerunAskSparql({ turnId, sparql });
      set((s) => ({ turns: s.turns.some((t) => t.id === turn.id) ? replaceTurn(s.turns, turn) : s.turns, rerunning: { ...s.rerunning, [turnId]: false } }));
    } catch (err) {
      set((s) => ({ rerunning: { ...s.rerunning, [turnId]: false }, rerunError: { ...s.rerunError, [turnId]: errorMessage(err) } }));
    }
  },

  async rerunPlan(turnId, plan) {
    set((s) => ({ rerunning: { ...s.rerunning, [turnId]: true } }));
    try {
      const turn = await api().rerunAskPlan({ turnId, plan });
      set((s) => ({ turns: s.turns.some((t) => t.id === turn.id) ? replaceTurn(s.turns, turn) : s.turns, rerunning: { ...s.rerunning, [turnId]: false } }));
      // its rows on the timeline and in Messages, as the question's were
      showTimelineRows(turn, true);
      return turn;
    } catch (err) {
      set((s) => ({ rerunning: { ...s.rerunning, [turnId]: false } }));
      throw err;
    }
  },

  async remove(id) {
    try {
      await api().deleteAskConversation({ id });
      if (get().currentId === id) await get().open(null);
      await get().loadList();
    } catch (err) {
      set({ error: errorMessage(err) });
    }
  },
}));

/** The conversation to reopen (the last one on screen), if it still exists. */
export function rememberedConversation(list: AskConversationInfo[]): number | null {
  const id = loadJson<number | null>(CURRENT_KEY, null);
  return typeof id === 'number' && list.some((c) => c.id === id) ? id : null;
}

/** A turn answered by the timeline lights up its sessions and gives Messages its rows. */
function showTimelineRows(turn: AskTurn, always = false) {
  const timeline = turn.plan.timeline;
  if (!timeline || (!always && (!turn.results.timeline?.total || !turn.classification.routes.includes('timeline')))) return;
  void usePlan
    .getState()
    .run(timeline.plan, turn.rewritten ? turn.rewrite : turn.question, 'ask', !!timeline.edited)
    .catch(() => {
      // The turn shows its own results; the highlight is a convenience.
    });
}
