// Who "you" are: the memory's owner. Each source maps one of its speakers to the owner (or none,
// for a log between two other people); changes apply at once (the source's automatic graph is
// made again), and the owner's name is what answers and the graph call them.
import { useEffect, useState } from 'react';
import type { OwnerInfo } from '../../../shared/types';
import { api } from '../api/connection';
import { useApp } from '../state/app-store';
import { errorMessage } from '../ui/format';

const NOT_A_SPEAKER = '';

export function OwnerSettings() {
  const [owner, setOwner] = useState<OwnerInfo | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useApp((s) => s.notify);

  useEffect(() => {
    let live = true;
    api()
      .owner({})
      .then((o) => {
        if (!live) return;
        setOwner(o);
        setName(o.name);
      })
      .catch((err) => live && notify({ tone: 'error', text: errorMessage(err) }));
    return () => {
      live = false;
    };
  }, [notify]);

  const run = async (work: () => Promise<OwnerInfo>) => {
    setBusy(true);
    try {
      const o = await work();
      setOwner(o);
      setName(o.name);
    } catch (err) {
      notify({ tone: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  if (!owner) return null;
  return (
    <section className="settings-section" data-testid="owner-settings">
      <h3 className="section-title">You</h3>
      <p className="faint" style={{ margin: '0 0 8px' }}>
        A memory belongs to one person. In each source, choose the speaker who is you; “I” and “my” in Ask mean them.
      </p>
      <div className="row" style={{ gap: 8, marginBottom: 8 }}>
        <span className="settings-label" style={{ minWidth: 90 }}>Your name</span>
        <input className="text-input" value={name} onChange={(e) => setName(e.target.value)} aria-label="Your name" data-testid="owner-name" />
        <button type="button" className="btn small" disabled={busy || !name.trim() || name.trim() === owner.name} onClick={() => run(() => api().setOwnerName({ name: name.trim() }))} data-testid="owner-name-save">
          Save name
        </button>
      </div>
      <div className="owner-sources">
        {owner.sources.map((s) => (
          <label key={s.sourceId} className="row" style={{ gap: 8, marginBottom: 4 }} data-testid="owner-source">
            <span className="truncate" style={{ flex: 1 }} title={s.sourceName}>
              {s.sourceName}
            </span>
            <select
              className="text-input"
              style={{ width: 'auto' }}
              value={s.speaker ?? NOT_A_SPEAKER}
              disabled={busy}
              aria-label={`You in ${s.sourceName}`}
              data-testid="owner-speaker"
              onChange={(e) => run(() => api().setOwner({ sourceId: s.sourceId, speaker: e.target.value === NOT_A_SPEAKER ? null : e.target.value }))}
            >
              {s.speakers.map((sp) => (
                <option key={sp} value={sp}>
                  {sp}
                </option>
              ))}
              <option value={NOT_A_SPEAKER}>not a speaker here</option>
            </select>
            <span className="faint" style={{ fontSize: 11 }}>{s.chosenBy === 'guess' ? 'guessed' : 'set by you'}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
