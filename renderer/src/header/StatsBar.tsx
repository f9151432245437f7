// Memory stats: messages, sessions, triples and the date range.
import { useApp } from '../state/app-store';
import { formatCompact, formatCount, formatRange } from '../ui/format';

export function StatsBar() {
  const stats = useApp((s) => s.stats);
  if (!stats) return null;
  return (
    <div className="stats" data-testid="stats">
      <Stat value={formatCompact(stats.messages)} label="messages" title={`${formatCount(stats.messages)} messages`} />
      <Stat value={formatCompact(stats.sessions)} label="sessions" />
      <Stat value={stats.graphReady ? formatCompact(stats.triples) : '…'} label="triples" title={stats.graphReady ? undefined : 'The graph is still loading'} />
      <Stat value={formatRange(stats.firstAt, stats.lastAt)} label="" />
    </div>
  );
}

function Stat(props: { value: string; label: string; title?: string }) {
  return (
    <div className="stat" title={props.title}>
      <span className="stat-value">{props.value}</span>
      {props.label && <span className="stat-label">{props.label}</span>}
    </div>
  );
}
