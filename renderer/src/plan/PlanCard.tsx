// A timeline plan, readable and editable: the question's rewrite, the chain as steps (each
// quoting the person's words), the planner's explanation; values can be changed, steps removed
// or added (column picker), or the JSON edited; Run hands it to the owner (the timeline's question
// box runs it with runPlan; an Ask turn answers again with it, rerunAskPlan) and its refusal is
// shown here. Used by the timeline's question box and by Ask turns.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { QuestionKind, TimelineColumn, TimelinePlan } from '../../../shared/types';
import { useMessages } from '../tabs/messages/messages-store';
import { errorMessage } from '../ui/format';
import { Icon } from '../ui/icons';
import {
  addStep,
  COLUMNS,
  columnInfo,
  describeRun,
  formatNow,
  fromDraft,
  humanValue,
  newStep,
  parseValue,
  planToJson,
  removeStep,
  samePlan,
  setRank,
  splitValues,
  toDraft,
  updateStep,
  type DraftStep,
  type PlanDraft,
} from './plan-model';
import { parsePlanJson } from './plan-json';
import { NotUnderstood } from './NotUnderstood';
import './plan.css';
import { DAY_NAMES_FROM_MONDAY } from '../../../shared/dates/calendar';

const KIND_LABEL: Record<QuestionKind, { text: string; title: string }> = {
  meta: { text: 'time only', title: 'Only time, session or speaker references: every row the chain keeps, in time order' },
  content: { text: 'content', title: 'No time reference: the whole scope ranked by the content words' },
  both: { text: 'time + content', title: 'The chain keeps a period, then its rows are ranked by the content words' },
};

export interface PlanCardProps {
  /** The plan as planned ("Reset" returns to it). */
  plan: TimelinePlan;
  /** The plan that ran last, when the person edited it. */
  ranPlan?: TimelinePlan | null;
  question?: string;
  /** The self-contained question, shown when it differs from the question. */
  rewrite?: string | null;
  classification?: QuestionKind;
  explanation?: string[];
  /** Words that look like a time but were not read (neither a filter nor searched for). */
  notUnderstood?: string[];
  /** Rows of the last run. */
  result?: { total: number; sessions: number } | null;
  onRun(plan: TimelinePlan): Promise<void>;
  runLabel?: string;
  /** Extra buttons beside Run. */
  actions?: ReactNode;
  testId?: string;
}

export function PlanCard(props: PlanCardProps) {
  const { plan, ranPlan } = props;
  const planKey = JSON.stringify(plan);
  const [draft, setDraft] = useState<PlanDraft>(() => toDraft(ranPlan ?? plan));
  const [mode, setMode] = useState<'steps' | 'json'>('steps');
  const [jsonText, setJsonText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // A new plan (a new question) replaces the draft.
  const firstKey = useRef(planKey);
  useEffect(() => {
    if (firstKey.current === planKey) return;
    firstKey.current = planKey;
    setDraft(toDraft(plan));
    setMode('steps');
    setError(null);
  }, [planKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const current = useMemo(() => (mode === 'json' ? parsePlanJson(jsonText) : fromDraft(draft)), [mode, jsonText, draft]);
  const dirty = current.ok ? !samePlan(current.plan, plan) : true;
  const edited = !!ranPlan && !samePlan(ranPlan, plan);

  const run = async () => {
    const next = mode === 'json' ? parsePlanJson(jsonText) : fromDraft(draft);
    if (!next.ok) {
      setError(next.error);
      return;
    }
    setRunning(true);
    setError(null);
    try {
      await props.onRun(next.plan);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setRunning(false);
    }
  };

  const toJson = () => {
    const r = fromDraft(draft);
    if (!r.ok) return setError(r.error);
    setJsonText(planToJson(r.plan));
    setMode('json');
    setError(null);
  };
  const toSteps = () => {
    const r = parsePlanJson(jsonText);
    if (!r.ok) return setError(r.error);
    setDraft(toDraft(r.plan));
    setMode('steps');
    setError(null);
  };
  const reset = () => {
    setDraft(toDraft(plan));
    if (mode === 'json') setJsonText(planToJson(plan));
    setError(null);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      void run();
    }
  };

  const kind = props.classification ? KIND_LABEL[props.classification] : null;
  return (
    <div className="plan-card" data-testid={props.testId ?? 'plan-card'} onKeyDown={onKeyDown}>
      <div className="plan-card-head">
        <span className="plan-card-title">
          <Icon name="layers" size={13} /> Timeline plan
        </span>
        {kind && (
          <span className="badge" title={kind.title} data-testid="plan-classification">
            {kind.text}
          </span>
        )}
        {edited && <span className="badge plan-edited">edited</span>}
        <span className="spacer" />
        <div className="segmented" role="group" aria-label="Plan view">
          <button className={mode === 'steps' ? 'on' : ''} onClick={() => mode === 'json' && toSteps()} data-testid="plan-mode-steps">
            Steps
          </button>
          <button className={mode === 'json' ? 'on' : ''} onClick={() => mode === 'steps' && toJson()} data-testid="plan-mode-json">
            JSON
          </button>
        </div>
      </div>

      {props.rewrite && (
        <div className="plan-rewrite" data-testid="plan-rewrite">
          <span className="faint">Read as</span> <q>{props.rewrite}</q>
        </div>
      )}

      {mode === 'steps' ? (
        <StepsEditor draft={draft} onChange={setDraft} />
      ) : (
        <textarea
          className="plan-json mono"
          value={jsonText}
          spellCheck={false}
          onChange={(e) => setJsonText(e.target.value)}
          rows={Math.min(18, Math.max(8, jsonText.split('\n').length))}
          aria-label="Plan as JSON"
          data-testid="plan-json"
        />
      )}

      <NotUnderstood words={props.notUnderstood} />
      {props.explanation && props.explanation.length > 0 && (
        <ul className="plan-explanation" data-testid="plan-explanation">
          {props.explanation.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      <div className="plan-meta faint">
        Read against {formatNow(draft.base.now)} · sessions numbered {draft.base.sessionNumbering === 'source' ? 'within the source' : 'across the memory'}
        {draft.base.sourceIds?.length ? ` · sources ${draft.base.sourceIds.join(', ')}` : ''}
      </div>

      {error && (
        <div className="error-inline" data-testid="plan-error">
          <Icon name="alert" />
          <span>{error}</span>
        </div>
      )}

      <div className="plan-actions">
        <button className="btn primary small" onClick={() => void run()} disabled={running} data-testid="plan-run" title="Run the plan (Ctrl/Cmd+Enter)">
          {running ? <span className="spinner on-accent" /> : <Icon name="play" size={12} />}
          {props.runLabel ?? 'Run'}
        </button>
        {dirty && (
          <button className="btn ghost small" onClick={reset} data-testid="plan-reset" title="Back to the plan as planned">
            <Icon name="undo" size={12} /> Reset
          </button>
        )}
        {props.actions}
        <span className="spacer" />
        {props.result && (
          <span className="plan-result tnum" data-testid="plan-result">
            {describeRun(props.result.total, props.result.sessions)}
          </span>
        )}
      </div>
    </div>
  );
}

const ROLES = ['user', 'assistant', 'system', 'other'];

function StepsEditor({ draft, onChange }: { draft: PlanDraft; onChange: (d: PlanDraft) => void }) {
  const [focusKey, setFocusKey] = useState<number | null>(null);
  // Suggestions for the columns with known values (speakers as the memory has them).
  const listId = useId();
  const speakers = useMessages((s) => s.speakers);
  const lists: Partial<Record<TimelineColumn, string[]>> = { Speaker: [...new Set(speakers.map((s) => s.speaker))], Day_Name: [...DAY_NAMES_FROM_MONDAY], Role: ROLES };
  const listFor = (column: TimelineColumn) => (lists[column] ? `${listId}-${column}` : undefined);
  return (
    <div className="plan-steps">
      {Object.entries(lists).map(([column, values]) => (
        <datalist key={column} id={`${listId}-${column}`}>
          {values!.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      ))}
      {draft.steps.length === 0 && <div className="faint plan-empty">No steps: every message in scope.</div>}
      <ol className="plan-step-list">
        {draft.steps.map((step, i) => (
          <StepRow
            key={step.key}
            n={i + 1}
            step={step}
            autoFocus={focusKey === step.key}
            list={listFor(step.column)}
            onChange={(patch) => onChange(updateStep(draft, step.key, patch))}
            onRemove={() => onChange(removeStep(draft, step.key))}
          />
        ))}
      </ol>
      {draft.rank && (
        <div className="plan-rank" data-testid="plan-rank">
          <span className="plan-step-n">
            <Icon name="filter" size={11} />
          </span>
          <span className="faint">rank by</span>
          <input
            className="text-input plan-input"
            value={draft.rank.query}
            onChange={(e) => onChange(setRank(draft, { ...draft.rank!, query: e.target.value }))}
            aria-label="Rank by these words"
            data-testid="plan-rank-query"
          />
          <span className="faint">turns of</span>
          <input
            className="text-input plan-input small"
            value={draft.rank.speakersText}
            placeholder="anyone"
            onChange={(e) => onChange(setRank(draft, { ...draft.rank!, speakersText: e.target.value }))}
            aria-label="Only the turns of these speakers"
          />
          <span className="faint">best</span>
          <input
            className="text-input plan-input tiny tnum"
            value={draft.rank.limitText}
            onChange={(e) => onChange(setRank(draft, { ...draft.rank!, limitText: e.target.value }))}
            aria-label="Keep at most this many rows"
          />
          <button className="icon-btn small" onClick={() => onChange(setRank(draft, null))} title="Do not rank: keep every row" aria-label="Remove the ranking">
            <Icon name="x" size={12} />
          </button>
        </div>
      )}
      <div className="plan-add">
        <select
          className="select plan-add-select"
          value=""
          onChange={(e) => {
            const column = e.target.value as TimelineColumn;
            if (!column) return;
            const step = newStep(column);
            setFocusKey(step.key);
            onChange(addStep(draft, step));
          }}
          aria-label="Add a step on a column"
          data-testid="plan-add-column"
        >
          <option value="">+ Add a step…</option>
          {COLUMNS.map((c) => (
            <option key={c.column} value={c.column}>
              {c.label} ({c.hint})
            </option>
          ))}
        </select>
        {!draft.rank && (
          <button className="btn ghost small" onClick={() => onChange(setRank(draft, { query: '', speakersText: '', limitText: '10' }))} data-testid="plan-add-rank">
            <Icon name="filter" size={12} /> Rank by words
          </button>
        )}
      </div>
    </div>
  );
}

function StepRow(props: { n: number; step: DraftStep; autoFocus: boolean; list?: string; onChange: (patch: Partial<DraftStep>) => void; onRemove: () => void }) {
  const { step } = props;
  const info = columnInfo(step.column);
  const human = useMemo(() => {
    const values = step.kind === 'f_between' ? [step.fromText, step.toText] : splitValues(step.valuesText);
    const read = values.map((v) => humanValue(step.column, parseValue(step.column, v)));
    if (read.length === 0 || read.some((r) => r === null) || read.length > 4) return null;
    return step.kind === 'f_between' ? read.join(' – ') : read.join(', ');
  }, [step]);
  return (
    <li className="plan-step" data-testid="plan-step" data-column={step.column}>
      <span className="plan-step-n tnum">{props.n}</span>
      <div className="plan-step-body">
        <div className="plan-step-line">
          <select
            className="select plan-select"
            value={step.column}
            onChange={(e) => props.onChange({ column: e.target.value as TimelineColumn })}
            aria-label="Column"
            data-testid="plan-step-column"
          >
            {COLUMNS.map((c) => (
              <option key={c.column} value={c.column}>
                {c.label}
              </option>
            ))}
          </select>
          <select
            className="select plan-select"
            value={step.kind}
            onChange={(e) => props.onChange({ kind: e.target.value as DraftStep['kind'] })}
            aria-label="Operation"
            data-testid="plan-step-op"
          >
            <option value="f_value">{splitValues(step.valuesText).length > 1 ? 'is one of' : 'is'}</option>
            <option value="f_between">is between</option>
          </select>
          {step.kind === 'f_value' ? (
            <input
              className="text-input plan-input grow mono"
              value={step.valuesText}
              placeholder={info.example ? `${info.example}, …` : ''}
              title={`${info.label}: ${info.hint}; several values separated by commas`}
              autoFocus={props.autoFocus}
              list={props.list}
              onChange={(e) => props.onChange({ valuesText: e.target.value })}
              aria-label={`${info.label} values`}
              data-testid="plan-step-values"
            />
          ) : (
            <>
              <input
                className="text-input plan-input mono"
                value={step.fromText}
                placeholder={info.example}
                title={`${info.label}: ${info.hint}`}
                autoFocus={props.autoFocus}
                onChange={(e) => props.onChange({ fromText: e.target.value })}
                aria-label={`${info.label} from`}
                data-testid="plan-step-from"
              />
              <span className="faint">and</span>
              <input
                className="text-input plan-input mono"
                value={step.toText}
                placeholder={info.example}
                title={`${info.label}: ${info.hint}`}
                onChange={(e) => props.onChange({ toText: e.target.value })}
                aria-label={`${info.label} to`}
                data-testid="plan-step-to"
              />
            </>
          )}
          <button className="icon-btn small plan-step-remove" onClick={props.onRemove} title="Remove this step" aria-label={`Remove step ${props.n}`} data-testid="plan-step-remove">
            <Icon name="x" size={12} />
          </button>
        </div>
        {(step.why || human) && (
          <div className="plan-step-note">
            {step.why && (
              <span className="plan-why" title="The words of the question this step comes from" data-testid="plan-step-why">
                “{step.why}”
              </span>
            )}
            {step.why && human && <span className="faint">→</span>}
            {human && <span className="faint">{human}</span>}
          </div>
        )}
      </div>
    </li>
  );
}
