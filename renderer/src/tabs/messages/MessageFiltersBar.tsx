// Filters of the Messages tab: full-text search, source, speaker and dates. The timeline
// selection applies on top of them (its chip is in the tab bar, since it is app-wide).
import { useEffect, useRef, useState } from 'react';
import { ExtractMessagesButton } from '../../extraction/ExtractButtons';
import { useApp } from '../../state/app-store';
import { formatCount, formatDuration } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { useMessages } from './messages-store';

export function MessageFiltersBar() {
  const filters = useMessages((s) => s.filters);
  const setFilters = useMessages((s) => s.setFilters);
  const speakers = useMessages((s) => s.speakers);
  const total = useMessages((s) => s.total);
  const loading = useMessages((s) => s.loading);
  const elapsedMs = useMessages((s) => s.elapsedMs);
  const sources = useApp((s) => s.sources);

  // The search box answers as you type, a moment after the last key.
  const [text, setText] = useState(filters.text);
  useEffect(() => setText(filters.text), [filters.text]);
  useEffect(() => {
    if (text === filters.text) return;
    const t = setTimeout(() => setFilters({ text }), 250);
    return () => clearTimeout(t);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps

  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const anyFilter = filters.text || filters.sourceId !== null || filters.speaker !== null || filters.from || filters.to;

  return (
    <div className="toolbar" data-testid="message-filters">
      <div className="search-field" style={{ width: 300 }}>
        <Icon name="search" size={14} />
        <input
          ref={searchRef}
          className="text-input"
          placeholder="Search messages"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setFilters({ text });
            if (e.key === 'Escape') {
              setText('');
              setFilters({ text: '' });
            }
          }}
          aria-label="Search messages"
          data-testid="message-search"
        />
      </div>
      <select
        className="select"
        value={filters.sourceId ?? ''}
        onChange={(e) => setFilters({ sourceId: e.target.value ? Number(e.target.value) : null })}
        aria-label="Source"
        data-testid="filter-source"
      >
        <option value="">All sources</option>
        {sources.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <select
        className="select"
        value={filters.speaker ?? ''}
        onChange={(e) => setFilters({ speaker: e.target.value || null })}
        aria-label="Speaker"
        data-testid="filter-speaker"
      >
        <option value="">All speakers</option>
        {speakers.map((s) => (
          <option key={s.speaker} value={s.speaker}>
            {s.speaker} ({formatCount(s.messages)})
          </option>
        ))}
      </select>
      <div className="row" style={{ gap: 4 }}>
        <input className="text-input" type="date" value={filters.from} onChange={(e) => setFilters({ from: e.target.value })} aria-label="From date" data-testid="filter-from" />
        <span className="faint">–</span>
        <input className="text-input" type="date" value={filters.to} onChange={(e) => setFilters({ to: e.target.value })} aria-label="To date" data-testid="filter-to" />
      </div>
      {anyFilter && (
        <button
          className="btn ghost small"
          onClick={() => {
            setText('');
            useMessages.getState().clearFilters();
          }}
        >
          Clear filters
        </button>
      )}
      <span className="spacer" />
      <span className="toolbar-status tnum" data-testid="message-count">
        {loading && <span className="spinner" />}
        {total !== null && `${formatCount(total)} ${total === 1 ? 'message' : 'messages'}`}
        {elapsedMs !== null && !loading && <span className="faint">· {formatDuration(elapsedMs)}</span>}
      </span>
      <ExtractMessagesButton />
    </div>
  );
}
