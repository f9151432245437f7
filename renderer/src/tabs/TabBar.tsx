// The tab strip, with the timeline selection on the right so it is always visible.
import { ExtractSelectionButton } from '../extraction/ExtractButtons';
import { PlanChip } from '../plan/PlanChip';
import { useApp } from '../state/app-store';
import type { TabId } from '../state/route';
import { describeSelection } from '../timeline/Timeline';
import { Icon, type IconName } from '../ui/icons';

export const TAB_LIST: { id: TabId; label: string; icon: IconName }[] = [
  { id: 'graph', label: 'Graph', icon: 'graph' },
  { id: 'entities', label: 'Entities', icon: 'entities' },
  { id: 'ttl', label: 'TTL', icon: 'code' },
  { id: 'sparql', label: 'SPARQL', icon: 'braces' },
  { id: 'ask', label: 'Ask', icon: 'sparkles' },
  { id: 'messages', label: 'Messages', icon: 'messages' },
];

export function TabBar() {
  const tab = useApp((s) => s.tab);
  const setTab = useApp((s) => s.setTab);
  const selection = useApp((s) => s.selection);
  const sessions = useApp((s) => s.sessions);
  const select = useApp((s) => s.select);
  return (
    <nav className="tabbar" role="tablist" aria-label="Workbench">
      {TAB_LIST.map((t, i) => (
        <button
          key={t.id}
          className="tab"
          role="tab"
          aria-selected={tab === t.id}
          onClick={() => setTab(t.id)}
          title={`${t.label} (Ctrl/Cmd+${i + 1})`}
          data-testid={`tab-${t.id}`}
        >
          <Icon name={t.icon} size={14} />
          {t.label}
        </button>
      ))}
      <div className="tabbar-end">
        <PlanChip />
        {selection && (
          <span className="chip" title="Timeline selection: filters Messages" data-testid="selection-chip">
            <Icon name="clock" size={12} />
            <span className="truncate">{describeSelection(selection, sessions)}</span>
            <button onClick={() => select(null)} aria-label="Clear the timeline selection" data-testid="clear-selection">
              <Icon name="x" size={12} />
            </button>
          </span>
        )}
        <ExtractSelectionButton />
      </div>
    </nav>
  );
}
