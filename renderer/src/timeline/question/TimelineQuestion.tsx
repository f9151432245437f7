// The question box in the timeline's bar: "what did we discuss last week?" → the engine's
// planner (askTimeline) → the sessions light up on the timeline, Messages shows the rows, and
// the plan (and rewrite) opens under the box, editable and re-runnable.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { describeRun } from '../../plan/plan-model';
import { useApp } from '../../state/app-store';
import { Icon } from '../../ui/icons';
import { PopoverButton } from '../../ui/Popover';
import { useTimelineQuestion } from './question-store';
import '../../plan/plan.css';

// The plan card (editor, the plan's JSON schema) shows once a question is planned: loaded then.
const PlanCard = lazy(() => import('../../plan/PlanCard').then((m) => ({ default: m.PlanCard })));

export function TimelineQuestion() {
  const text = useTimelineQuestion((s) => s.text);
  const asking = useTimelineQuestion((s) => s.asking);
  const run = useTimelineQuestion((s) => s.run);
  const planned = useTimelineQuestion((s) => s.planned);
  const error = useTimelineQuestion((s) => s.error);
  const cardOpen = useTimelineQuestion((s) => s.cardOpen);
  const q = useTimelineQuestion.getState;

  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!cardOpen) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as HTMLElement;
      // The tab bar's plan chip opens the card: not an outside click.
      if (ref.current?.contains(target) || target.closest?.('[data-testid="plan-chip"]')) return;
      q().setCardOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.modal-overlay')) q().setCardOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [cardOpen, q]);

  return (
    <div className="tq" ref={ref} data-testid="timeline-question-box">
      <form
        className={`tq-box ${run ? 'has-result' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          void q().ask();
        }}
      >
        {asking ? <span className="spinner" /> : <Icon name="sparkles" size={13} className="tq-icon" />}
        <input
          className="tq-input"
          value={text}
          placeholder="Ask the timeline: what did we discuss last week?"
          onChange={(e) => q().setText(e.target.value)}
          onFocus={() => (planned || error) && q().setCardOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') q().setCardOpen(false);
          }}
          aria-label="Ask the timeline a question"
          data-testid="timeline-question"
        />
        <NowPicker />
      </form>
      {run && (
        <span className="tq-result">
          <button className="tq-result-btn tnum" onClick={() => q().setCardOpen(!cardOpen)} title="Show the plan" data-testid="timeline-question-result">
            {describeRun(run.total, run.sessions)}
            {planned?.notUnderstood?.length ? (
              <span className="tq-unread" title={`Not understood as a time: ${planned.notUnderstood.join(', ')}`} data-testid="timeline-question-unread">
                <Icon name="alert" size={12} />
              </span>
            ) : null}
            <Icon name={cardOpen ? 'chevronUp' : 'chevronDown'} size={12} />
          </button>
          <button className="icon-btn small" onClick={() => q().clear()} title="Clear the question and its rows" aria-label="Clear the question" data-testid="timeline-question-clear">
            <Icon name="x" size={12} />
          </button>
        </span>
      )}
      {cardOpen && (planned || error) && (
        <div className="popover tq-popover" data-testid="timeline-question-popover">
          {error && !planned ? (
            <div className="error-inline" data-testid="timeline-question-error">
              <Icon name="alert" />
              <span>{error}</span>
            </div>
          ) : planned ? (
            <QuestionPlan />
          ) : null}
        </div>
      )}
    </div>
  );
}

function QuestionPlan() {
  const planned = useTimelineQuestion((s) => s.planned)!;
  const ranPlan = useTimelineQuestion((s) => s.ranPlan);
  const run = useTimelineQuestion((s) => s.run);
  const error = useTimelineQuestion((s) => s.error);
  const setTab = useApp((s) => s.setTab);
  return (
    <>
      <div className="tq-question">
        <q>{planned.question}</q>
      </div>
      {error && (
        <div className="error-inline" data-testid="timeline-question-error">
          <Icon name="alert" />
          <span>{error}</span>
        </div>
      )}
      <Suspense fallback={<span className="spinner" />}>
        <PlanCard
          plan={planned.plan}
          ranPlan={ranPlan}
          rewrite={planned.rewritten ? planned.rewrite : null}
          classification={planned.classification}
          explanation={planned.explanation}
          notUnderstood={planned.notUnderstood}
          result={run}
          onRun={(plan) => useTimelineQuestion.getState().runEdited(plan)}
          actions={
            run ? (
              <button className="btn ghost small" onClick={() => setTab('messages')} data-testid="plan-show-messages">
                <Icon name="messages" size={12} /> Messages
              </button>
            ) : null
          }
        />
      </Suspense>
    </>
  );
}

/** Ask as if it were another moment ("what did we discuss last week?" on November 6). */
function NowPicker() {
  const now = useTimelineQuestion((s) => s.now);
  const setNow = useTimelineQuestion((s) => s.setNow);
  return (
    <PopoverButton
      align="right"
      width={280}
      button={(open, toggle) => (
        <button
          type="button"
          className={`tq-now ${now ? 'set' : ''}`}
          onClick={toggle}
          aria-expanded={open}
          title={now ? `Asking as if it were ${now.replace('T', ' ')}` : 'Asking as of now: pick another moment to ask as if it were then'}
          data-testid="timeline-question-now"
        >
          <Icon name="clock" size={12} />
          {now ? now.replace('T', ' ').slice(0, 16) : 'now'}
        </button>
      )}
    >
      {(close) => (
        <div className="tq-now-pop">
          <div className="menu-label">Ask as if it were</div>
          <input
            className="text-input"
            type="datetime-local"
            value={now ?? ''}
            onChange={(e) => setNow(e.target.value || null)}
            aria-label="Ask as if it were this moment"
            data-testid="timeline-question-now-input"
          />
          <p className="faint">“Last week”, “yesterday” and “two sessions ago” count back from this moment.</p>
          <div className="row">
            <button
              type="button"
              className="btn small"
              onClick={() => {
                setNow(null);
                close();
              }}
            >
              Use the clock
            </button>
            <span className="spacer" />
            <button type="button" className="btn primary small" onClick={close}>
              Done
            </button>
          </div>
        </div>
      )}
    </PopoverButton>
  );
}
