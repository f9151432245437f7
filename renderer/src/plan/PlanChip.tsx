// The tab bar's chip for the plan whose rows are on screen (beside the timeline selection's):
// what it answers, how many rows; a click shows the plan, × clears it.
import { useApp } from '../state/app-store';
import { useTimelineQuestion } from '../timeline/question/question-store';
import { Icon } from '../ui/icons';
import { usePlan } from './plan-store';
import './plan.css';

export function PlanChip() {
  const result = usePlan((s) => s.result);
  if (!result) return null;
  const open = () => {
    if (result.origin === 'ask') useApp.getState().setTab('ask');
    else useTimelineQuestion.getState().setCardOpen(true);
  };
  const rows = `${result.total.toLocaleString('en-US')} ${result.total === 1 ? 'row' : 'rows'}`;
  return (
    <span className="chip plan-chip" title={`Rows of the plan for “${result.label}”: they filter Messages and light up on the timeline`} data-testid="plan-chip">
      <Icon name="sparkles" size={12} />
      <button className="plan-chip-label" onClick={open} title="Show the plan">
        <span className="truncate">
          {rows}
          {result.edited ? ' · edited plan' : ''} · {result.label}
        </span>
      </button>
      <button onClick={() => usePlan.getState().clear()} aria-label="Clear the plan's rows" data-testid="clear-plan">
        <Icon name="x" size={12} />
      </button>
    </span>
  );
}
