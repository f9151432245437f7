// TTL tab state: the graph or entity being edited, its Turtle as loaded and as edited,
// validation markers, and Apply (journaled, undoable) / Undo / Redo / Export.
import { create } from 'zustand';
import type { GraphInfo, RdfFormat } from '../../../../shared/types';
import { api } from '../../api/connection';
import type { EditorMarker } from '../../editors/MonacoEditor';
import { useApp } from '../../state/app-store';
import type { TtlTarget } from '../../state/route';
import { downloadText } from '../../ui/download';
import { errorMessage } from '../../ui/format';

interface TtlState {
  graphs: GraphInfo[];
  target: TtlTarget | null;
  text: string;
  loadedText: string;
  triples: number | null;
  loading: boolean;
  error: string | null;
  markers: EditorMarker[];
  validation: { ok: boolean; triples: number; errors: number } | null;
  busy: 'validate' | 'apply' | 'undo' | 'redo' | 'export' | null;

  loadGraphs(): Promise<void>;
  load(target: TtlTarget): Promise<void>;
  setText(text: string): void;
  validate(): Promise<boolean>;
  apply(): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  exportAs(format: RdfFormat, scope: 'target' | 'store'): Promise<void>;
}

export const useTtl = create<TtlState>()((set, get) => {
  /** Undo or redo the last edit (any edit, not only this tab's), then reload what is shown. */
  async function historyStep(step: 'undo' | 'redo'): Promise<void> {
    set({ busy: step });
    try {
      const edit = await api()[step]({});
      const verb = step === 'undo' ? 'Undid' : 'Redid';
      useApp.getState().notify({ tone: 'info', text: edit ? `${verb} “${edit.label}”.` : `Nothing to ${step}.` });
      const target = get().target;
      if (target) await get().load(target);
    } catch (err) {
      useApp.getState().notify({ tone: 'error', text: errorMessage(err) });
    } finally {
      set({ busy: null });
    }
  }

  return {
    graphs: [],
    target: null,
    text: '',
    loadedText: '',
    triples: null,
    loading: false,
    error: null,
    markers: [],
    validation: null,
    busy: null,

    async loadGraphs() {
      try {
        set({ graphs: await api().listGraphs({}) });
      } catch (err) {
        set({ error: errorMessage(err) });
      }
    },

    async load(target) {
      set({ target, loading: true, error: null, markers: [], validation: null });
      try {
        const out = await api().getTurtle(target.kind === 'graph' ? { graph: target.iri } : { entity: target.iri });
        if (get().target !== target) return;
        set({ text: out.turtle, loadedText: out.turtle, triples: out.triples, loading: false });
      } catch (err) {
        if (get().target !== target) return;
        set({ text: '', loadedText: '', triples: null, loading: false, error: errorMessage(err) });
      }
    },

    setText: (text) => set({ text }),

    async validate() {
      set({ busy: 'validate' });
      try {
        const res = await api().validateTurtle({ turtle: get().text });
        set({
          markers: res.errors.map((e) => ({ message: e.message, line: e.line, column: e.column, endLine: e.endLine, endColumn: e.endColumn })),
          validation: { ok: res.ok, triples: res.triples, errors: res.errors.length },
          busy: null,
        });
        return res.ok;
      } catch (err) {
        set({ busy: null, error: errorMessage(err) });
        return false;
      }
    },

    async apply() {
      const target = get().target;
      if (!target) return;
      if (!(await get().validate())) return;
      set({ busy: 'apply', error: null });
      try {
        const turtle = get().text;
        const edit = await api().applyTurtle(target.kind === 'graph' ? { turtle, graph: target.iri } : { turtle, entity: target.iri });
        set({ busy: null, loadedText: turtle });
        useApp.getState().notify({
          tone: 'success',
          text: `Applied as edit #${edit.seq}.`,
          action: { label: 'Undo', run: () => void get().undo() },
        });
        await get().load(target);
      } catch (err) {
        set({ busy: null, error: errorMessage(err) });
      }
    },

    undo() {
      return historyStep('undo');
    },

    redo() {
      return historyStep('redo');
    },

    async exportAs(format, scope) {
      const target = get().target;
      set({ busy: 'export' });
      try {
        const graph = scope === 'target' && target?.kind === 'graph' ? target.iri : undefined;
        const out = await api().exportGraph({ format, ...(graph ? { graph } : {}) });
        downloadText(out.data, out.fileName, out.mediaType);
        useApp.getState().notify({ tone: 'success', text: `Exported ${out.fileName}` });
      } catch (err) {
        useApp.getState().notify({ tone: 'error', text: errorMessage(err) });
      } finally {
        set({ busy: null });
      }
    },
  };
});
