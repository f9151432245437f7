// A problem as one line, as the CLI prints it: a module of its own, so that a command that only
// prints a report (`engram serve`, whose engine runs in a worker) does not load the doctor.
import type { IntegrityProblem } from '../../../../shared/types';

/** One line for a problem, as the CLI prints it. */
export function problemLine(p: IntegrityProblem): string {
  return `${p.where}: ${p.problem}; ${p.action}`;
}
