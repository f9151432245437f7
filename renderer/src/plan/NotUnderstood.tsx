// The words of a question that look like a time but that the planner could not read ("a while
// ago", "that week" with nothing before it): said plainly, so nobody takes the rows for an answer
// to them. They are neither a filter nor searched for; the person can add a step instead.
import { Icon } from '../ui/icons';

export function NotUnderstood({ words }: { words?: string[] }) {
  if (!words?.length) return null;
  return (
    <div className="plan-not-understood" role="status" data-testid="plan-not-understood">
      <Icon name="alert" size={12} />
      <span>
        Not understood as a time:{' '}
        {words.map((w, i) => (
          <span key={i}>
            {i > 0 && ', '}
            <q data-testid="plan-not-understood-words">{w}</q>
          </span>
        ))}
        . Neither a filter nor searched for: add a step to say when.
      </span>
    </div>
  );
}
