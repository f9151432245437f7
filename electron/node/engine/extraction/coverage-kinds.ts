// The ways a reference answer can be found in the graph, and the origins of the graphs searched:
// a module of its own, so that the CLI lists them without loading the coverage measure (and the
// date and text libraries it reads answers with).
import type { CoverageOrigin, CoverageStrategy } from '../../../../shared/types';

export const STRATEGIES: CoverageStrategy[] = ['exact', 'substring', 'numeric', 'words'];
export const ORIGINS: CoverageOrigin[] = ['auto', 'extraction', 'person'];
