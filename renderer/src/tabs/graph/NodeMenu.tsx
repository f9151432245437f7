// The right-click menu of a node.
import { useEffect, useRef } from 'react';
import { useApp } from '../../state/app-store';
import { Icon } from '../../ui/icons';
import type { CanvasMenu } from './GraphCanvas';
import { useGraph } from './graph-store';

export function NodeMenu({ menu, onClose }: { menu: CanvasMenu; onClose(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const node = useGraph((s) => s.nodes.find((n) => n.id === menu.id));
  const expanded = useGraph((s) => !!s.expansions[menu.id]);
  const openInEntities = useApp((s) => s.openInEntities);
  const { toggleExpand, collapse, startConnect, growFrom } = useGraph.getState();
  useEffect(() => {
    const onDown = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && onClose();
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [onClose]);
  if (!node) return null;
  const item = (icon: Parameters<typeof Icon>[0]['name'], label: string, run: () => void, testId: string) => (
    <button
      className="menu-item"
      data-testid={testId}
      onClick={() => {
        onClose();
        run();
      }}
    >
      <Icon name={icon} size={13} /> {label}
    </button>
  );
  return (
    <div ref={ref} className="popover node-menu" style={{ left: menu.x + 8, top: menu.y + 8 }} data-testid="node-menu" onContextMenu={(e) => e.preventDefault()}>
      <div className="menu-label truncate">{node.label}</div>
      {item(expanded ? 'minus' : 'plus', expanded ? 'Collapse its neighbours' : 'Expand its neighbours', () => void toggleExpand(node.id), 'menu-expand')}
      {!expanded && item('minus', 'Hide its leaf neighbours', () => collapse(node.id), 'menu-hide-leaves')}
      {item('link', 'Draw an edge from here…', () => startConnect(node.id), 'menu-connect')}
      {item('graph', 'Focus: only its neighbourhood', () => growFrom({ kind: 'entity', iri: node.id }, node.label), 'menu-focus')}
      {item('entities', 'Open in Entities', () => openInEntities(node.id), 'menu-open-entities')}
    </div>
  );
}
