// Messages: every imported message, filtered by the tab's filters and the timeline selection.
import { useEffect, useMemo } from 'react';
import { useApp } from '../../state/app-store';
import { afterFirstScreen } from '../../state/first-screen';
import { EmptyState } from '../../ui/EmptyState';
import { preloadMarkdown } from '../../ui/LazyMarkdown';
import { Icon } from '../../ui/icons';
import { buildMessageFilter, useMessages } from './messages-store';
import { MessageDetail } from './MessageDetail';
import { MessageFiltersBar } from './MessageFiltersBar';
import { MessageList } from './MessageList';

export function MessagesTab() {
  const filters = useMessages((s) => s.filters);
  const total = useMessages((s) => s.total);
  const error = useMessages((s) => s.error);
  const loading = useMessages((s) => s.loading);
  const run = useMessages((s) => s.run);
  const selection = useApp((s) => s.selection);
  const version = useApp((s) => s.messagesVersion);
  // A timeline plan's rows (question box, Ask), when one is shown: its chip is in the tab bar.
  const plan = useMessages((s) => s.plan);

  const filter = useMemo(() => buildMessageFilter(filters, selection, plan), [filters, selection, plan]);
  const key = JSON.stringify(filter);
  useEffect(() => {
    void run(filter, version);
  }, [key, version]); // eslint-disable-line react-hooks/exhaustive-deps
  // The speaker filter's choices: asked once the first rows are shown.
  useEffect(() => afterFirstScreen(() => void useMessages.getState().loadSpeakers()), [version]);
  // A message opened shows as Markdown: its renderer is loaded once the first screen is up.
  useEffect(() => afterFirstScreen(preloadMarkdown), []);

  return (
    <div className="tab-panel" data-testid="messages-tab">
      <MessageFiltersBar />
      <div className="split">
        <div className="pane" style={{ flex: '1 1 58%' }}>
          {error && (
            <div style={{ padding: '8px 12px' }}>
              <div className="error-inline">
                <Icon name="alert" />
                {error}
              </div>
            </div>
          )}
          {total === 0 && !loading && !error ? (
            <EmptyState icon="search" title="No messages match">
              <p>Try fewer words, another speaker or a wider time range.</p>
            </EmptyState>
          ) : (
            <MessageList />
          )}
        </div>
        <div className="pane side-pane" style={{ flex: '1 1 42%', maxWidth: 640 }}>
          <MessageDetail />
        </div>
      </div>
    </div>
  );
}
