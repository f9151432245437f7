// One Ask turn: the question, its rewrite, the answer with the route that produced it, how the
// question was read, the plan (timeline chain, search, SPARQL) with its rows, and the evidence.
import { useRef, useState } from 'react';
import type { AskTurn, TimelinePlan } from '../../../../shared/types';
import { PlanCard } from '../../plan/PlanCard';
import { useApp } from '../../state/app-store';
import { formatDateTime } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { answerHow, answerSegments, citedRefs, localizeDates, routeChips, ROUTE_LABEL, ROUTE_TITLE, statusOf, timingLines, turnTime } from './ask-model';
import { AskHow, AskStatus } from './AskStatus';
import { AskEvidence } from './AskEvidence';
import { AskSparql } from './AskSparql';
import { useAsk } from './ask-store';
import { Section } from './Section';

export function AskTurnView({ turn, latest }: { turn: AskTurn; latest: boolean }) {
  const rootRef = useRef<HTMLElement>(null);
  const cited = citedRefs(turn);
  const refs = new Set([...turn.evidence.messages.map((m) => m.ref), ...turn.evidence.triples.map((t) => t.ref)]);
  const segments = answerSegments(turn.answer.text, refs);
  // Citations the text does not write out ("Jonas (the harbour concert)"): shown after it.
  const inText = new Set(segments.flatMap((s) => (s.kind === 'ref' ? [s.ref] : [])));
  const extraCites = turn.answer.citations.filter((r) => !inText.has(r) && refs.has(r));
  const chips = routeChips(turn);
  const time = turnTime(turn);

  // A citation scrolls to its evidence and flashes it.
  const [flash, setFlash] = useState<string | null>(null);
  const [showAllFor, setShowAllFor] = useState<string | null>(null);
  const goToRef = (ref: string) => {
    setShowAllFor(ref);
    setFlash(ref);
    requestAnimationFrame(() => rootRef.current?.querySelector(`[data-ref="${ref}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    setTimeout(() => setFlash((f) => (f === ref ? null : f)), 1600);
  };

  return (
    <article className="ask-turn" ref={rootRef} data-testid="ask-turn" data-turn-id={turn.id} data-route={turn.answer.route}>
      <div className="ask-q">
        <span className="ask-q-icon">
          <Icon name="user" size={13} />
        </span>
        <div className="ask-q-text" data-testid="ask-question">
          {turn.question}
        </div>
        <span className="faint tnum ask-q-meta" title={`Read against ${turn.now.replace('T', ' ')}`}>
          #{turn.seq}
        </span>
      </div>
      {turn.rewritten && (
        <div className="ask-rewrite" data-testid="ask-rewrite">
          <span className="faint">Read as</span> <q>{turn.rewrite}</q>
        </div>
      )}

      <div className={`ask-answer-card route-${turn.answer.route} status-${statusOf(turn.answer)}`} data-status={statusOf(turn.answer)}>
        <div className="ask-answer-head">
          <AskStatus answer={turn.answer} />
          <AskHow answer={turn.answer} />
        </div>
        <div className="ask-answer" data-testid="ask-answer">
          {segments.map((s, i) =>
            s.kind === 'text' ? (
              <span key={i}>{localizeDates(s.text)}</span>
            ) : (
              <button
                key={i}
                className={`ask-cite ${s.known ? '' : 'unknown'}`}
                onClick={() => s.known && goToRef(s.ref)}
                disabled={!s.known}
                title={s.known ? `Show evidence ${s.ref}` : `${s.ref} is not in the evidence`}
                data-testid="ask-citation"
              >
                {s.ref}
              </button>
            ),
          )}
          {extraCites.length > 0 && (
            <span className="ask-cites-after">
              {extraCites.map((ref) => (
                <button key={ref} className="ask-cite" onClick={() => goToRef(ref)} title={`Show evidence ${ref}`} data-testid="ask-citation">
                  {ref}
                </button>
              ))}
            </span>
          )}
        </div>
        {turn.answer.computation && (
          <div className="ask-computation" data-testid="ask-computation">
            <Icon name="check" size={12} />
            <span>
              <b>{turn.answer.computation.value}</b> <span className="faint">· {turn.answer.computation.detail}</span>
            </span>
          </div>
        )}
        <div className="ask-answer-meta">
          <span className={`route-badge route-${turn.answer.route}`} title={ROUTE_TITLE[turn.answer.route]} data-testid="ask-route">
            <RouteIcon route={turn.answer.route} />
            {ROUTE_LABEL[turn.answer.route]}
          </span>
          {turn.answer.route !== 'none' && <span className="faint">{answerHow(turn.answer)}</span>}
          {chips.filter((c) => !c.answered).length > 0 && <span className="faint">· also looked in</span>}
          {chips
            .filter((c) => !c.answered)
            .map((c) => (
              <span key={c.route} className="route-chip" title={ROUTE_TITLE[c.route]} data-testid="ask-route-tried">
                {ROUTE_LABEL[c.route]}
                {c.detail && <span className="faint"> · {c.detail}</span>}
              </span>
            ))}
          <span className="spacer" />
          {time && <span className="faint tnum">{time}</span>}
        </div>
        {turn.warnings.length > 0 && (
          <ul className="ask-warnings" data-testid="ask-warnings">
            {turn.warnings.map((w, i) => (
              <li key={i}>
                <Icon name="alert" size={12} />
                <span>{w}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <AskEvidence turn={turn} cited={cited} flash={flash} showAllFor={showAllFor} related={statusOf(turn.answer) !== 'answered'} />

      <Section title="How the question was read" summary={`${turn.classification.intent} · ${turn.classification.routes.map((r) => ROUTE_LABEL[r].toLowerCase()).join(', ')}`} testId="ask-classification">
        <ul className="ask-why">
          {turn.classification.why.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
        <div className="faint ask-timings">
          Read against {formatDateTime(turn.now)}
          {timingLines(turn).length > 0 && ` · ${timingLines(turn).join(' · ')}`}
        </div>
      </Section>

      {turn.plan.timeline && <TimelinePart turn={turn} open={latest && turn.answer.route === 'timeline'} />}

      {turn.plan.search && (
        <div className="ask-part ask-search" data-testid="ask-search-plan">
          <span className="ask-part-title">
            <Icon name="search" size={12} /> Search
          </span>
          <q className="ask-search-query">{turn.plan.search.query}</q>
          <span className="faint">
            · {turn.plan.search.k} best · {turn.plan.search.hybrid ? 'words and meaning (hybrid)' : 'words (BM25)'}
            {turn.results.search && ` · ${turn.results.search.total} ${turn.results.search.total === 1 ? 'hit' : 'hits'}`}
          </span>
        </div>
      )}

      {turn.plan.sparql && <AskSparql turn={turn} defaultOpen={latest} />}

    </article>
  );
}

function TimelinePart({ turn, open }: { turn: AskTurn; open: boolean }) {
  const timeline = turn.plan.timeline!;
  const setTab = useApp((s) => s.setTab);
  const rerunning = useAsk((s) => !!s.rerunning[turn.id]);
  const results = turn.results.timeline;
  // The plan as planned ("Reset", "Back to generated") and, when the person's plan replaced it, theirs.
  const generated = timeline.edited && timeline.generated ? timeline.generated : timeline.plan;
  const rerun = (plan: TimelinePlan) => useAsk.getState().rerunPlan(turn.id, plan).then(() => undefined);
  return (
    <Section
      title="Timeline plan"
      summary={results ? `${results.total} ${results.total === 1 ? 'message' : 'messages'} in ${results.sessionIds.length} ${results.sessionIds.length === 1 ? 'session' : 'sessions'}${timeline.edited ? ' · your plan' : ''}` : null}
      defaultOpen={open}
      testId="ask-timeline-plan"
    >
      <PlanCard
        // a re-run replaces the plan that ran: the card starts from it again
        key={`${timeline.edited ? 'edited' : 'planned'}:${JSON.stringify(timeline.plan)}`}
        plan={generated}
        ranPlan={timeline.edited ? timeline.plan : null}
        explanation={timeline.explanation}
        result={results ? { total: results.total, sessions: results.sessionIds.length } : null}
        onRun={rerun}
        runLabel="Run"
        actions={
          <>
            {timeline.edited && (
              <button className="btn small" onClick={() => void rerun(generated).catch(() => undefined)} disabled={rerunning} data-testid="ask-plan-back" title="Back to the plan as planned (and its answer)">
                <Icon name="undo" size={12} /> Back to generated
              </button>
            )}
            <button className="btn ghost small" onClick={() => setTab('messages')} title="The plan's rows in Messages">
              <Icon name="messages" size={12} /> Messages
            </button>
          </>
        }
      />
      <div className="faint ask-note">Run answers the question again with the plan as edited: its rows, the evidence and the answer follow, and its rows light up on the timeline and in Messages.</div>
    </Section>
  );
}

export function RouteIcon({ route }: { route: string }) {
  const name = route === 'timeline' ? 'clock' : route === 'search' ? 'search' : route === 'graph' ? 'graph' : 'alert';
  return <Icon name={name} size={12} />;
}

export function PendingTurn({ question }: { question: string }) {
  return (
    <article className="ask-turn pending" data-testid="ask-pending">
      <div className="ask-q">
        <span className="ask-q-icon">
          <Icon name="user" size={13} />
        </span>
        <div className="ask-q-text">{question}</div>
      </div>
      <div className="ask-answer-card">
        <div className="row faint">
          <span className="spinner" /> Looking through the timeline, the messages and the graph…
        </div>
      </div>
    </article>
  );
}
