// Labels that do not overlap: at the current zoom, the most important labels are placed first
// and a label that would cover one already placed is hidden. Zooming in makes room, so more
// labels appear; zooming out keeps the hubs' and big clusters' names.
import type cytoscape from 'cytoscape';

export interface LabelBox {
  id: string;
  /** Screen box of the label (pixels). */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Higher first. */
  priority: number;
}

const CELL = 96;

/** The ids whose labels can be shown without overlapping a more important one. */
export function visibleLabels(boxes: LabelBox[], gap = 2): Set<string> {
  const order = [...boxes].sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id));
  const grid = new Map<string, LabelBox[]>();
  const shown = new Set<string>();
  for (const b of order) {
    const cx1 = Math.floor((b.x1 - gap) / CELL);
    const cx2 = Math.floor((b.x2 + gap) / CELL);
    const cy1 = Math.floor((b.y1 - gap) / CELL);
    const cy2 = Math.floor((b.y2 + gap) / CELL);
    let clear = true;
    for (let cx = cx1; cx <= cx2 && clear; cx++) {
      for (let cy = cy1; cy <= cy2 && clear; cy++) {
        for (const o of grid.get(`${cx}:${cy}`) ?? []) {
          if (b.x1 - gap < o.x2 && o.x1 < b.x2 + gap && b.y1 - gap < o.y2 && o.y1 < b.y2 + gap) {
            clear = false;
            break;
          }
        }
      }
    }
    if (!clear) continue;
    shown.add(b.id);
    for (let cx = cx1; cx <= cx2; cx++) {
      for (let cy = cy1; cy <= cy2; cy++) {
        const key = `${cx}:${cy}`;
        const list = grid.get(key);
        if (list) list.push(b);
        else grid.set(key, [b]);
      }
    }
  }
  return shown;
}

/** The screen box of a label under a node of diameter `size`, from its text (no measuring). */
export function labelBox(id: string, label: string, x: number, y: number, size: number, zoom: number, fontSize: number, maxWidth: number, priority: number, lines = 1): LabelBox {
  const width = Math.min(maxWidth, label.length * fontSize * 0.56) * zoom;
  const height = fontSize * 1.3 * lines * zoom;
  const top = y + (size / 2 + 3) * zoom;
  return { id, x1: x - width / 2, x2: x + width / 2, y1: top, y2: top + height, priority };
}

/**
 * Hides (class `label-hidden`) the labels of nodes that would overlap more important ones at
 * the current zoom, on screen only. Labels too small to read are left to cytoscape's own
 * min-zoomed-font-size.
 */
export function declutter(cy: cytoscape.Core, opts: { priority(n: cytoscape.NodeSingular): number; fontSize(n: cytoscape.NodeSingular): number; maxWidth?: number; lines?(n: cytoscape.NodeSingular): number }): number {
  const zoom = cy.zoom();
  const pan = cy.pan();
  const w = cy.width();
  const h = cy.height();
  const boxes: LabelBox[] = [];
  const nodes = cy.nodes(':visible');
  nodes.forEach((n) => {
    const p = n.position();
    const x = p.x * zoom + pan.x;
    const y = p.y * zoom + pan.y;
    // Off screen: nothing to hide or show.
    if (x < -200 || x > w + 200 || y < -200 || y > h + 200) return;
    const size = (n.data('size') as number) ?? 20;
    boxes.push(labelBox(n.id(), String(n.data('label') ?? ''), x, y, size, zoom, opts.fontSize(n), opts.maxWidth ?? 130, opts.priority(n), opts.lines?.(n) ?? 1));
  });
  const shown = visibleLabels(boxes);
  const placed = new Set(boxes.map((b) => b.id));
  let hidden = 0;
  cy.batch(() => {
    nodes.forEach((n) => {
      const hide = placed.has(n.id()) && !shown.has(n.id());
      if (hide) hidden++;
      if (hide !== n.hasClass('label-hidden')) n.toggleClass('label-hidden', hide);
    });
  });
  return hidden;
}
