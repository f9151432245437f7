import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export function EmptyState(props: { icon: IconName; title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className="empty-state" data-testid={props.testId}>
      <div className="empty-icon">
        <Icon name={props.icon} size={22} />
      </div>
      <h2>{props.title}</h2>
      {props.children}
    </div>
  );
}
