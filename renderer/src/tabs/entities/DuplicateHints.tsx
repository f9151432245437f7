// "Possible duplicates": entities of the same kind whose name shares a distinctive word with
// this one (Dr. Okafor / Dr. Ada Okafor), each with a Merge button.
import { useEffect, useState } from 'react';
import type { EntityDetail, IndividualRow } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { Icon } from '../../ui/icons';
import { STOP_WORDS, TITLES } from '../../../../shared/text/stop-words';
import { words } from '../../../../shared/text/words';

/** The words that tell a name from others: no function words or titles, three letters or more. */
function distinctiveWords(label: string): string[] {
  return words(label).filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !TITLES.has(w));
}

/** Names alike: the distinctive words of one are all in the other ("Okafor" / "Ada Okafor"), or most are shared. */
function similar(a: Set<string>, b: Set<string>): boolean {
  if (!a.size || !b.size) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const shared = [...small].filter((w) => large.has(w)).length;
  if (shared === small.size) return true;
  return shared / (a.size + b.size - shared) >= 0.6;
}

export function DuplicateHints({ detail, onMerge }: { detail: EntityDetail; onMerge(otherIri: string): void }) {
  const [found, setFound] = useState<IndividualRow[]>([]);
  const version = useApp((s) => s.graphVersion);
  const openInEntities = useApp((s) => s.openInEntities);
  useEffect(() => {
    let live = true;
    const mine = new Set(distinctiveWords(detail.label));
    // The two most distinctive (longest) words.
    const probes = [...mine].sort((a, b) => b.length - a.length).slice(0, 2);
    if (!probes.length || detail.category === 'Other' || detail.category === 'Message') {
      setFound([]);
      return;
    }
    Promise.all(probes.map((w) => api().listIndividuals({ search: w, limit: 20 })))
      .then((pages) => {
        if (!live) return;
        const seen = new Map<string, IndividualRow>();
        for (const row of pages.flatMap((p) => p.rows)) {
          if (row.iri === detail.iri || row.category !== detail.category) continue;
          if (!similar(mine, new Set(distinctiveWords(row.label)))) continue;
          seen.set(row.iri, row);
        }
        setFound([...seen.values()].slice(0, 4));
      })
      .catch(() => live && setFound([]));
    return () => {
      live = false;
    };
  }, [detail.iri, detail.label, detail.category, version]);

  if (!found.length) return null;
  return (
    <div className="duplicate-hints" data-testid="duplicate-hints">
      <Icon name="layers" size={14} />
      <span>Possible duplicate{found.length > 1 ? 's' : ''}:</span>
      {found.map((row) => (
        <span key={row.iri} className="duplicate">
          <button className="link" onClick={() => openInEntities(row.iri)} title={row.iri}>
            {row.label}
          </button>
          <button className="btn small" onClick={() => onMerge(row.iri)} data-testid="duplicate-merge">
            Merge…
          </button>
        </span>
      ))}
    </div>
  );
}
