// The timeline's topic lane: its data (the top topics and their sessions, reloaded when the graph
// changes, since topics are written with the automatic graph), whether it is shown, and the
// topic whose sessions are selected.
import { create } from 'zustand';
import type { TimelinePlan, TopicLane, TopicSummary } from '../../../shared/types';
import { msToWall } from '../../../shared/dates/wall-clock';
import { api } from '../api/connection';
import { usePlan } from '../plan/plan-store';
import { useApp } from '../state/app-store';
import { errorMessage } from '../ui/format';
import { loadJson, saveJson } from '../ui/persist';

interface TopicLaneState {
  lane: TopicLane | null;
  shown: boolean;
  error: string | null;
  /** The topic whose sessions are on screen (its key). */
  selected: string | null;
  load(): Promise<void>;
  setShown(on: boolean): void;
  /** Selects a topic's sessions: they light up on the timeline and Messages shows them. */
  selectTopic(topic: TopicSummary, sessionIds: number[]): Promise<void>;
}

let loading = 0;

export const useTopicLane = create<TopicLaneState>()((set, get) => ({
  lane: null,
  shown: loadJson('engram.timeline.topics', true),
  error: null,
  selected: null,

  async load() {
    const id = ++loading;
    try {
      const lane = await api().topicLane({});
      if (id === loading) set({ lane, error: null });
    } catch (err) {
      if (id === loading) set({ error: errorMessage(err) });
    }
  },

  setShown(on) {
    saveJson('engram.timeline.topics', on);
    set({ shown: on });
  },

  async selectTopic(topic, sessionIds) {
    const sessions = useApp.getState().sessions.filter((s) => sessionIds.includes(s.id));
    if (!sessions.length) return;
    set({ selected: topic.key });
    const plan: TimelinePlan = {
      version: 1,
      now: msToWall(Date.now()),
      sessionNumbering: 'memory',
      chain: [{ op: 'f_value', column: 'Session_Index', values: sessions.map((s) => s.index).sort((a, b) => a - b), why: `sessions about "${topic.label}"` }],
    };
    try {
      await usePlan.getState().run(plan, `Topic: ${topic.label}`, 'timeline');
    } catch (err) {
      set({ error: errorMessage(err), selected: get().selected === topic.key ? null : get().selected });
    }
  },
}));

// A cleared plan (Messages, the plan card) clears the topic's selection too.
usePlan.subscribe((s) => {
  if (!s.result && useTopicLane.getState().selected) useTopicLane.setState({ selected: null });
});
