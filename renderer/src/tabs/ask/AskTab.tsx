// Ask: questions in plain language, answered from the memory. A conversation of turns (kept by
// the engine): each turn shows its answer and the route that produced it, the rewrite, how the
// question was read, the plan (timeline chain, search, SPARQL — editable and re-runnable), the
// rows and the evidence, which opens in Messages and Entities. Follow-ups use earlier turns.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVocabulary } from '../../editors/vocabulary';
import { useApp } from '../../state/app-store';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import { relativeDay } from './ask-model';
import { rememberedConversation, useAsk } from './ask-store';
import { AskTurnView, PendingTurn } from './AskTurnView';
import './ask.css';

export function AskTab() {
  const listLoaded = useAsk((s) => s.listLoaded);
  const graphVersion = useApp((s) => s.graphVersion);
  const loadVocabulary = useVocabulary((s) => s.load);
  useEffect(() => void loadVocabulary(graphVersion), [graphVersion, loadVocabulary]);

  // First visit: the list, and the conversation that was on screen last time.
  useEffect(() => {
    void (async () => {
      const ask = useAsk.getState();
      await ask.loadList();
      const id = rememberedConversation(useAsk.getState().conversations);
      if (id !== null && useAsk.getState().currentId === null && useAsk.getState().turns.length === 0) await ask.open(id);
    })();
  }, []);

  return (
    <div className="tab-panel" data-testid="ask-tab">
      <div className="split">
        <ConversationList />
        <div className="pane ask-main">{listLoaded ? <Thread /> : <div className="empty-state"><span className="spinner" /></div>}</div>
      </div>
    </div>
  );
}

function ConversationList() {
  const conversations = useAsk((s) => s.conversations);
  const currentId = useAsk((s) => s.currentId);
  const open = useAsk((s) => s.open);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  return (
    <aside className="pane ask-sidebar" data-testid="ask-conversations">
      <div className="pane-header">
        Conversations
        <span className="spacer" />
        <button className="btn small" onClick={() => void open(null)} data-testid="ask-new" title="Start a new conversation">
          <Icon name="plus" size={12} /> New
        </button>
      </div>
      <div className="ask-conv-list">
        {currentId === null && (
          <div className="ask-conv active draft">
            <span className="ask-conv-title">New conversation</span>
          </div>
        )}
        {conversations.length === 0 && currentId === null && <div className="faint ask-conv-empty">Your questions and their answers are kept here.</div>}
        {conversations.map((c) => (
          <div
            key={c.id}
            className={`ask-conv ${c.id === currentId ? 'active' : ''}`}
            role="button"
            tabIndex={0}
            onClick={() => c.id !== currentId && void open(c.id)}
            onKeyDown={(e) => e.key === 'Enter' && c.id !== currentId && void open(c.id)}
            data-testid="ask-conversation"
            data-conversation-id={c.id}
          >
            <span className="ask-conv-title truncate" title={c.title}>
              {c.title}
            </span>
            <span className="ask-conv-meta faint tnum">
              {c.turnCount} {c.turnCount === 1 ? 'question' : 'questions'} · {relativeDay(c.updatedAt)}
            </span>
            <button
              className="icon-btn small ask-conv-delete"
              onClick={(e) => {
                e.stopPropagation();
                setDeleting({ id: c.id, title: c.title });
              }}
              title="Delete this conversation"
              aria-label={`Delete the conversation “${c.title}”`}
              data-testid="ask-conversation-delete"
            >
              <Icon name="trash" size={12} />
            </button>
          </div>
        ))}
      </div>
      {deleting && (
        <Dialog
          title="Delete this conversation?"
          size="small"
          label="Delete conversation"
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button className="btn" onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button
                className="btn danger solid"
                data-autofocus
                data-testid="ask-confirm-delete"
                onClick={() => {
                  void useAsk.getState().remove(deleting.id);
                  setDeleting(null);
                }}
              >
                Delete
              </button>
            </>
          }
        >
          <p style={{ margin: 0 }}>
            “{deleting.title}” and its answers are removed from this memory. The messages and the graph stay as they are.
          </p>
        </Dialog>
      )}
    </aside>
  );
}

function Thread() {
  const turns = useAsk((s) => s.turns);
  const pending = useAsk((s) => s.pending);
  const loading = useAsk((s) => s.loading);
  const error = useAsk((s) => s.error);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastId = turns[turns.length - 1]?.id;

  // A new turn (or the pending question) scrolls into view.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const target = pending ? el.querySelector('[data-testid="ask-pending"]') : el.querySelector(`[data-turn-id="${lastId}"]`);
    (target as HTMLElement | null)?.scrollIntoView({ block: 'start' });
  }, [lastId, pending]);

  return (
    <>
      <div className="ask-thread" ref={scrollRef} data-testid="ask-thread">
        {loading ? (
          <div className="empty-state">
            <span className="spinner" />
          </div>
        ) : turns.length === 0 && !pending ? (
          <Welcome />
        ) : (
          <div className="ask-turns">
            {turns.map((t, i) => (
              <AskTurnView key={t.id} turn={t} latest={i === turns.length - 1 && !pending} />
            ))}
            {pending && <PendingTurn question={pending} />}
          </div>
        )}
      </div>
      {error && (
        <div className="ask-error">
          <div className="error-inline" data-testid="ask-error">
            <Icon name="alert" />
            <span>{error}</span>
          </div>
        </div>
      )}
      <Composer followUp={turns.length > 0} />
    </>
  );
}

function Welcome() {
  const messagesVersion = useApp((s) => s.messagesVersion);
  const graphVersion = useApp((s) => s.graphVersion);
  useEffect(() => void useAsk.getState().loadSuggestions(`${messagesVersion}:${graphVersion}`), [messagesVersion, graphVersion]);
  return (
    <div className="empty-state ask-welcome">
      <div className="empty-icon">
        <Icon name="sparkles" size={22} />
      </div>
      <h2>Ask your memory</h2>
      <p>
        Questions in plain language. Each answer says how it was found — the timeline, message search or a SPARQL query over the graph — and shows its
        evidence; the plan behind it can be edited and run again.
      </p>
      <Suggestions />
    </div>
  );
}

/** Questions this memory answers, worked out by the engine (none are shown that it cannot answer). */
function Suggestions() {
  const suggestions = useAsk((s) => s.suggestions);
  if (suggestions === null) return <div className="faint ask-examples-note" data-testid="ask-examples-loading">Finding questions your memory answers…</div>;
  if (!suggestions.length) return <div className="faint ask-examples-note">Ask about a time, a person or a topic: “What did we talk about in March?”</div>;
  return (
    <div className="ask-examples">
      {suggestions.map((q) => (
        <button key={q} className="ask-example" onClick={() => void useAsk.getState().ask(q)} data-testid="ask-example">
          {q}
        </button>
      ))}
    </div>
  );
}

function Composer({ followUp }: { followUp: boolean }) {
  const pending = useAsk((s) => s.pending);
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const tab = useApp((s) => s.tab);
  useEffect(() => {
    if (tab === 'ask') ref.current?.focus();
  }, [tab]);
  // Grows with its text, up to a few lines.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(120, el.scrollHeight)}px`;
  }, [text]);
  const submit = async () => {
    const q = text.trim();
    if (!q || pending) return;
    setText('');
    const turn = await useAsk.getState().ask(q);
    if (!turn) setText(q);
  };
  return (
    <form
      className="ask-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={ref}
        className="ask-input"
        rows={1}
        value={text}
        placeholder={followUp ? 'Ask a follow-up — “and the day before?”, “who else was there?” — or anything else' : 'Ask a question about your conversations'}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
        aria-label="Ask a question"
        data-testid="ask-input"
      />
      <button className="btn primary" type="submit" disabled={!text.trim() || !!pending} data-testid="ask-submit">
        {pending ? <span className="spinner on-accent" /> : <Icon name="sparkles" size={13} />}
        Ask
      </button>
      <span className="ask-composer-hint faint">
        <span className="kbd">Enter</span> to ask · <span className="kbd">Shift</span>+<span className="kbd">Enter</span> new line
      </span>
    </form>
  );
}
