// Prefixes, classes and properties known to the store, for completion and compact IRIs.
// Loaded once and refreshed when the graph changes.
import { create } from 'zustand';
import { PREFIXES } from '../../../shared/rdf';
import { api } from '../api/connection';

export interface Vocabulary {
  prefixes: Record<string, string>;
  classes: string[];
  properties: string[];
}

interface VocabularyState extends Vocabulary {
  loadedVersion: number | null;
  load(version: number): Promise<void>;
}

export const useVocabulary = create<VocabularyState>()((set, get) => ({
  prefixes: PREFIXES,
  classes: [],
  properties: [],
  loadedVersion: null,
  async load(version) {
    if (get().loadedVersion === version) return;
    set({ loadedVersion: version });
    try {
      const v = await api().vocabulary({});
      set({ prefixes: { ...PREFIXES, ...v.prefixes }, classes: v.classes, properties: v.properties });
    } catch {
      // Completion falls back to the built-in prefixes.
    }
  },
}));
