// One RDF term in a result cell: IRIs as prefixed names that open the entity, literals with
// their language or datatype.
import type { RdfTerm } from '../../../../shared/types';
import { compactIri } from '../../../../shared/rdf';
import { useVocabulary } from '../../editors/vocabulary';
import { useApp } from '../../state/app-store';
import { InspectButton } from '../../ui/InspectButton';

// Datatypes whose values speak for themselves: not repeated after every number.
const PLAIN_DATATYPES = /#(string|integer|decimal|double|boolean)$/;

export function TermView({ term }: { term: RdfTerm | undefined }) {
  const prefixes = useVocabulary((s) => s.prefixes);
  const openEntity = useApp((s) => s.openEntity);
  if (!term) return <span className="faint">—</span>;
  if (term.type === 'uri') {
    return (
      <>
        <button className="iri-link" title={term.value} onClick={() => openEntity(term.value)} data-testid="result-iri">
          {compactIri(term.value, prefixes)}
        </button>
        <InspectButton iri={term.value} />
      </>
    );
  }
  if (term.type === 'bnode') return <span className="tok-bnode">_:{term.value}</span>;
  if (term.type === 'triple') return <span className="mono">{term.value}</span>;
  return (
    <span title={term.value}>
      <span className="literal">{term.value}</span>
      {term.lang && <span className="faint"> @{term.lang}</span>}
      {term.datatype && !term.lang && !PLAIN_DATATYPES.test(term.datatype) && (
        <span className="faint"> ^^{compactIri(term.datatype, prefixes)}</span>
      )}
    </span>
  );
}
