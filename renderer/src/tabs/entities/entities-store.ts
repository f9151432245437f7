// Entities tab state: the selected class, the individuals of that class (paged, searched), and
// the entity on screen (its detail). The entity itself is part of the route (app store).
import { create } from 'zustand';
import type { EntityDetail, IndividualRow } from '../../../../shared/types';
import { PREFIXES } from '../../../../shared/rdf';
import { api } from '../../api/connection';
import { errorMessage } from '../../ui/format';
import { loadJson, saveJson } from '../../ui/persist';

export const PAGE = 200;

interface EntitiesState {
  classIri: string | null;
  search: string;
  total: number | null;
  pages: Record<number, IndividualRow[]>;
  queryId: number;
  listLoading: boolean;
  listError: string | null;
  showEmptyClasses: boolean;
  openClasses: string[];

  detail: EntityDetail | null;
  detailIri: string | null;
  detailLoading: boolean;
  detailError: string | null;
  /** The entity was not found (deleted, merged away, or a wrong IRI). */
  missing: boolean;

  setClass(iri: string | null): void;
  setSearch(text: string): void;
  setShowEmptyClasses(on: boolean): void;
  toggleClassOpen(iri: string, open?: boolean): void;
  runList(): Promise<void>;
  ensureRows(first: number, last: number): void;
  loadDetail(iri: string | null, quiet?: boolean): Promise<void>;
}

const inflight = new Set<string>();

export const useEntities = create<EntitiesState>()((set, get) => ({
  classIri: null,
  search: '',
  total: null,
  pages: {},
  queryId: 0,
  listLoading: false,
  listError: null,
  showEmptyClasses: loadJson('engram.entities.showEmpty', false),
  openClasses: loadJson<string[]>('engram.entities.openClasses', [`${PREFIXES.schema}Thing`]),
  detail: null,
  detailIri: null,
  detailLoading: false,
  detailError: null,
  missing: false,

  setClass: (classIri) => set({ classIri }),
  setSearch: (search) => set({ search }),
  setShowEmptyClasses(on) {
    saveJson('engram.entities.showEmpty', on);
    set({ showEmptyClasses: on });
  },
  toggleClassOpen(iri, open) {
    const cur = new Set(get().openClasses);
    const next = open ?? !cur.has(iri);
    if (next) cur.add(iri);
    else cur.delete(iri);
    const openClasses = [...cur];
    saveJson('engram.entities.openClasses', openClasses);
    set({ openClasses });
  },

  async runList() {
    const { classIri, search } = get();
    const queryId = get().queryId + 1;
    set({ queryId, listLoading: true, listError: null });
    try {
      const page = await api().listIndividuals({ classIri: classIri ?? undefined, search: search.trim() || undefined, offset: 0, limit: PAGE });
      if (get().queryId !== queryId) return;
      set({ total: page.total, pages: { 0: page.rows }, listLoading: false });
    } catch (err) {
      if (get().queryId !== queryId) return;
      set({ total: 0, pages: {}, listLoading: false, listError: errorMessage(err) });
    }
  },

  ensureRows(first, last) {
    const { classIri, search, queryId, pages, total } = get();
    if (total === null) return;
    for (let p = Math.floor(first / PAGE); p <= Math.floor(last / PAGE); p++) {
      if (pages[p] || p * PAGE >= total) continue;
      const key = `${queryId}:${p}`;
      if (inflight.has(key)) continue;
      inflight.add(key);
      api()
        .listIndividuals({ classIri: classIri ?? undefined, search: search.trim() || undefined, offset: p * PAGE, limit: PAGE })
        .then((page) => {
          if (get().queryId === queryId) set((s) => ({ pages: { ...s.pages, [p]: page.rows } }));
        })
        .catch((err) => get().queryId === queryId && set({ listError: errorMessage(err) }))
        .finally(() => inflight.delete(key));
    }
  },

  async loadDetail(iri, quiet = false) {
    if (!iri) {
      set({ detail: null, detailIri: null, detailError: null, missing: false, detailLoading: false });
      return;
    }
    const same = get().detailIri === iri;
    set({ detailIri: iri, detailLoading: !quiet || !same, detailError: null, ...(same ? {} : { detail: null, missing: false }) });
    try {
      const detail = await api().getEntity({ iri });
      if (get().detailIri !== iri) return;
      set({ detail, missing: detail === null, detailLoading: false });
    } catch (err) {
      if (get().detailIri !== iri) return;
      set({ detailError: errorMessage(err), detailLoading: false });
    }
  },
}));

export function rowAt(pages: Record<number, IndividualRow[]>, index: number): IndividualRow | undefined {
  return pages[Math.floor(index / PAGE)]?.[index % PAGE];
}
