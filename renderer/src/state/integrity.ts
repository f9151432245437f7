// What the engine found damaged when it opened the memory, shown once the graph has loaded: a
// notice for what it repaired on its own, and one that stays (with a Repair action) for what
// waits for a repair. The memory stays usable meanwhile; nothing damaged is served silently.
import type { IntegrityProblem, IntegrityReport } from '../../../shared/types';
import { api } from '../api/connection';
import { errorMessage } from '../ui/format';
import { useApp } from './app-store';
import { afterFirstScreen } from './first-screen';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One line for a problem: where and what. */
export function problemText(p: IntegrityProblem): string {
  return `${p.where}: ${p.problem}`;
}

/** Shows a report's notices; returns whether something is left to repair. */
export function showIntegrity(report: IntegrityReport): boolean {
  const { notify } = useApp.getState();
  const repaired = report.problems.filter((p) => p.repaired);
  const left = report.problems.filter((p) => !p.repaired);
  if (repaired.length) {
    notify({ tone: 'info', text: `Engram repaired ${plural(repaired.length, 'problem')} when it opened this memory (${problemText(repaired[0])}; ${repaired[0].action}).` });
  }
  if (left.length) {
    notify({
      tone: 'error',
      sticky: true,
      text: `${plural(left.length, 'problem')} in this memory wait${left.length === 1 ? 's' : ''} for a repair: ${problemText(left[0])}${left.length > 1 ? ` (and ${left.length - 1} more)` : ''}.`,
      action: { label: 'Repair', run: () => void repair() },
    });
  }
  return left.length > 0;
}

/** Runs the engine's repair (as `engram doctor --repair`) and says how it went. */
export async function repair(): Promise<void> {
  const { notify } = useApp.getState();
  notify({ tone: 'info', text: 'Repairing the memory from its record…' });
  try {
    const report = await api().repairMemory({});
    const left = report.problems.filter((p) => !p.repaired);
    if (left.length) notify({ tone: 'error', sticky: true, text: `The repair left ${plural(left.length, 'problem')}: ${problemText(left[0])}; ${left[0].action}.` });
    else notify({ tone: 'success', text: `Repaired: ${plural(report.problems.length, 'problem')} dealt with.` });
  } catch (err) {
    notify({ tone: 'error', sticky: true, text: `The repair failed: ${errorMessage(err)}` });
  }
}

/**
 * Asks once, when the graph has loaded (start-up repairs run until then) and the first screen is
 * up (the report can take a while on a large memory). Returns the stop function.
 */
export function startIntegrityCheck(): () => void {
  let asked = false;
  let cancel = () => {};
  const ask = (graphReady: boolean | undefined) => {
    if (asked || !graphReady) return;
    asked = true;
    cancel = afterFirstScreen(() => {
      api()
        .integrityReport({})
        .then(showIntegrity, () => undefined);
    });
  };
  ask(useApp.getState().stats?.graphReady);
  const unsubscribe = useApp.subscribe((s) => ask(s.stats?.graphReady));
  return () => {
    unsubscribe();
    cancel();
  };
}
