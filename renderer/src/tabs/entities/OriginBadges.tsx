// Where a value comes from. Three origins of knowledge: automatic (read from the messages at
// import, no model), extracted (a model's extraction) and yours (the person's edits, which win);
// besides them the messages graph, the owner ("you") and the ontology.
import type { ValueOrigin } from '../../../../shared/types';

const ORIGIN: Record<ValueOrigin, { label: string; title: string }> = {
  person: { label: 'yours', title: 'Added or fixed by you: kept over extraction' },
  extraction: { label: 'extracted', title: 'Extracted from the messages by a model (or the demo graph)' },
  auto: { label: 'automatic', title: 'Read from the messages at import, without a model (a model’s extraction of the same messages supersedes it)' },
  owner: { label: 'you', title: 'The memory’s owner: you, across sources' },
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
      {(['auto', 'extraction', 'person', 'messages'] as ValueOrigin[]).map((o) => (
        <span key={o} className="row" style={{ gap: 4 }}>
          <span className={`origin origin-${o}`}>{ORIGIN[o].label}</span>
        </span>
      ))}
    </span>
  );
}
