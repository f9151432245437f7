// Import panel state: files being read and sent, and per-file errors shown inline.
import { create } from 'zustand';
import { api } from '../api/connection';
import { useApp } from '../state/app-store';
import { errorMessage } from '../ui/format';

export interface UploadError {
  name: string;
  reason: string;
}

interface ImportState {
  /** Files being read or sent, by name. */
  sending: string[];
  errors: UploadError[];
  demoStarting: boolean;
  /** All or nothing per file: refuse a file if any conversation in it cannot be read. */
  strict: boolean;
  setStrict(strict: boolean): void;
  uploadFiles(files: File[]): Promise<void>;
  importDemo(): Promise<void>;
  dismissError(name: string): void;
}

export const useImport = create<ImportState>()((set, get) => ({
  sending: [],
  errors: [],
  demoStarting: false,
  strict: false,
  setStrict: (strict) => set({ strict }),

  async uploadFiles(files) {
    for (const file of files) {
      set((s) => ({ sending: [...s.sending, file.name], errors: s.errors.filter((e) => e.name !== file.name) }));
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const job = await api().importUpload({ name: file.name, bytes, ...(get().strict ? { strict: true } : {}) });
        useApp.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
      } catch (err) {
        set((s) => ({ errors: [...s.errors, { name: file.name, reason: errorMessage(err) }] }));
      } finally {
        set((s) => ({ sending: s.sending.filter((n) => n !== file.name) }));
      }
    }
  },

  async importDemo() {
    set({ demoStarting: true });
    try {
      const job = await api().importDemo({});
      useApp.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
    } catch (err) {
      set((s) => ({ errors: [...s.errors, { name: 'Demo memory', reason: errorMessage(err) }] }));
    } finally {
      set({ demoStarting: false });
    }
  },

  dismissError: (name) => set((s) => ({ errors: s.errors.filter((e) => e.name !== name) })),
}));
