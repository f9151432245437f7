// Where a value comes from: the person's edit, extraction, the messages, the ontology.
import type { ValueOrigin } from '../../../../shared/types';

const ORIGIN: Record<ValueOrigin, { label: string; title: string }> = {
  person: { label: 'yours', title: 'Added or fixed by you: kept over extraction' },
  extraction: { label: 'extracted', title: 'Extracted from the messages by a model (or the demo graph)' },
  messages: { label: 'messages', title: 'Part of the imported messages graph' },
  ontology: { label: 'ontology', title: 'Declared by the ontology' },
  other: { label: 'other', title: 'From another graph' },
};

export function OriginBadges({ origins }: { origins: ValueOrigin[] }) {
  return (
    <span className="origins">
      {origins.map((o) => (
        <span key={o} className={`origin origin-${o}`} title={ORIGIN[o].title} data-testid="origin" data-origin={o}>
          {ORIGIN[o].label}
        </span>
      ))}
    </span>
  );
}

export function OriginLegend() {
  return (
    <span className="origin-legend faint">
      {(['extraction', 'person', 'messages'] as ValueOrigin[]).map((o) => (
        <span key={o} className="row" style={{ gap: 4 }}>
          <span className={`origin origin-${o}`}>{ORIGIN[o].label}</span>
        </span>
      ))}
    </span>
  );
}
