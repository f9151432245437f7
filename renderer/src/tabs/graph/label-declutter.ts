// Labels that do not overlap: at the current zoom, the most important labels are placed first
// and a label that would cover one already placed is hidden. Labels grow more slowly than the
// graph when zooming in (labelScale: their size on screen follows the square root of the zoom),
// so zooming in makes room and more labels appear; zooming out keeps the hubs' and big
// clusters' names.
import type cytoscape from 'cytoscape';
import { UI_FONT_STACK } from '../../ui/fonts';

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

/** The factor on label font sizes at a zoom: on screen they grow with √zoom, not zoom. */
export function labelScale(zoom: number): number {
  return Math.min(2.2, Math.max(0.45, 1 / Math.sqrt(Math.max(1e-3, zoom))));
}

/**
 * Keeps labels at labelScale(zoom) as the view zooms: restyles (a style pass over the nodes)
 * only when the zoom moved by more than a tenth since, then calls `after` (the declutter).
 */
export function followZoom(cy: cytoscape.Core, scale: { value: number }, after: () => void): void {
  const next = labelScale(cy.zoom());
  if (Math.abs(next - scale.value) / scale.value > 0.1) {
    scale.value = next;
    cy.style().update();
  }
  after();
}

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

let measureCtx: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** The width of a text in the graph's font (canvas measureText, cached), or an estimate where no canvas measures. */
export function textWidth(text: string, fontSize: number, weight = 600): number {
  const key = `${weight} ${fontSize} ${text}`;
  const hit = widths.get(key);
  if (hit !== undefined) return hit;
  if (measureCtx === undefined) {
    try {
      measureCtx = document.createElement('canvas').getContext('2d');
    } catch {
      measureCtx = null;
    }
  }
  let w = text.length * fontSize * 0.58;
  if (measureCtx) {
    measureCtx.font = `${weight} ${fontSize}px ${UI_FONT_STACK}`;
    const measured = measureCtx.measureText(text).width;
    if (measured > 0) w = measured;
  }
  if (widths.size > 20_000) widths.clear();
  widths.set(key, w);
  return w;
}

/** Lines of a label wrapped at `maxWidth` (words kept whole where they fit), as cytoscape wraps it. */
export function wrapLines(text: string, fontSize: number, maxWidth: number, weight = 600): number[] {
  const out: number[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, fontSize, weight) > maxWidth) {
        out.push(Math.min(maxWidth, textWidth(line, fontSize, weight)));
        line = word;
      } else line = next;
    }
    out.push(Math.min(maxWidth, textWidth(line, fontSize, weight)));
  }
  return out;
}

/** The screen box of a label under a node of diameter `size`: wrapped lines, as cytoscape draws them. */
export function labelBox(id: string, label: string, x: number, y: number, size: number, zoom: number, fontSize: number, maxWidth: number, priority: number, opts: { wrap?: boolean; outline?: number } = {}): LabelBox {
  const lines = opts.wrap ? wrapLines(label, fontSize, maxWidth) : [Math.min(maxWidth, textWidth(label, fontSize))];
  const outline = opts.outline ?? 2;
  const width = (Math.max(...lines) + 2 * outline) * zoom;
  const height = (fontSize * 1.25 * lines.length + 2 * outline) * zoom;
  const top = y + (size / 2 + 3) * zoom;
  return { id, x1: x - width / 2, x2: x + width / 2, y1: top, y2: top + height, priority };
}

/**
 * Hides (class `label-hidden`) the labels of nodes that would overlap more important ones at
 * the current zoom, on screen only. Labels too small to read are left to cytoscape's own
 * min-zoomed-font-size.
 */
export function declutter(
  cy: cytoscape.Core,
  opts: {
    priority(n: cytoscape.NodeSingular): number;
    fontSize(n: cytoscape.NodeSingular): number;
    /** The label's text as drawn (default: data(label)). */
    text?(n: cytoscape.NodeSingular): string;
    maxWidth?: number;
    wrap?: boolean;
    /** Below this size on screen cytoscape draws no label (its min-zoomed-font-size). */
    minFontSize?: number;
  },
): number {
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
    const font = opts.fontSize(n);
    // Too small to be drawn: nothing to place (and hidden, so that it never covers another).
    if (font * zoom < (opts.minFontSize ?? 0)) {
      boxes.push({ id: n.id(), x1: 0, x2: 0, y1: 0, y2: 0, priority: -Infinity });
      return;
    }
    boxes.push(labelBox(n.id(), opts.text ? opts.text(n) : String(n.data('label') ?? ''), x, y, size, zoom, font, opts.maxWidth ?? 130, opts.priority(n), { wrap: opts.wrap }));
  });
  const shown = visibleLabels(boxes.filter((b) => b.priority > -Infinity));
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
