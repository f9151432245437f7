// A small button that opens an IRI as an entity page in the Entities tab (next to IRIs in
// SPARQL results and elsewhere); shown on hover of its row.
import '../styles/entities.css';
import { useApp } from '../state/app-store';
import { Icon } from './icons';

export function InspectButton({ iri }: { iri: string }) {
  const openInEntities = useApp((s) => s.openInEntities);
  return (
    <button
      className="inspect-btn"
      title="Open in Entities (view, edit, merge)"
      aria-label="Open in Entities"
      onClick={(e) => {
        e.stopPropagation();
        openInEntities(iri);
      }}
      data-testid="result-iri-entities"
    >
      <Icon name="entities" size={12} />
    </button>
  );
}
