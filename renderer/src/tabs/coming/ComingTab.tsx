// Graph, Entities and Ask before their issues land: say what is coming and what works today.
import { useApp } from '../../state/app-store';
import type { TabId } from '../../state/route';
import { EmptyState } from '../../ui/EmptyState';
import { Icon, type IconName } from '../../ui/icons';

const COMING: Record<'graph' | 'entities' | 'ask', { icon: IconName; title: string; text: string; points: string[] }> = {
  graph: {
    icon: 'graph',
    title: 'The graph view is coming',
    text: 'People, places, events and feelings extracted from your conversations, laid out as a graph you can explore.',
    points: ['Expand a node to see its neighbours', 'Filter by type and by the timeline selection', 'Open any node as Turtle to correct it'],
  },
  entities: {
    icon: 'entities',
    title: 'Entities are coming',
    text: 'A browsable list of everything the memory knows about: every person, place and event, with where it was mentioned.',
    points: ['Search and filter by type', 'See the messages an entity comes from', 'Merge duplicates and fix labels'],
  },
  ask: {
    icon: 'sparkles',
    title: 'Ask is coming',
    text: 'Questions in plain language, answered from your memory with the messages and triples behind each answer.',
    points: ['"When did I last talk about my sister?"', '"What did I plan for last Tuesday?"', 'Answers cite the messages they come from'],
  },
};

export function ComingTab({ tab }: { tab: Extract<TabId, 'graph' | 'entities' | 'ask'> }) {
  const c = COMING[tab];
  const setTab = useApp((s) => s.setTab);
  return (
    <div className="tab-panel" data-testid={`${tab}-tab`}>
      <EmptyState icon={c.icon} title={c.title} testId="coming">
        <p>{c.text}</p>
        <ul>
          {c.points.map((p) => (
            <li key={p}>
              <Icon name="check" size={14} />
              <span>{p}</span>
            </li>
          ))}
        </ul>
        <div className="row" style={{ marginTop: 10 }}>
          <span className="badge accent">Coming soon</span>
          <span className="faint">Meanwhile:</span>
          <button className="btn small" onClick={() => setTab('messages')}>
            <Icon name="messages" size={13} /> Messages
          </button>
          <button className="btn small" onClick={() => setTab('sparql')}>
            <Icon name="braces" size={13} /> SPARQL
          </button>
        </div>
      </EmptyState>
    </div>
  );
}
