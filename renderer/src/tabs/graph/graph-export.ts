// Export of the view as PNG (cytoscape's renderer, at twice the screen's resolution) or SVG
// (drawn here from the positions, with the same colours, shapes and labels; no extra library).
import type cytoscape from 'cytoscape';
import { CATEGORY_STYLE, categoryOf, shapePath } from '../../ui/categories';
import { cssVar } from '../../ui/use-color-scheme';
import { downloadBlob as download } from '../../ui/download';
import { plural } from '../../ui/format';
import { UI_FONT_STACK } from '../../ui/fonts';


function stamp(): string {
  return new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
}

export async function exportPng(cy: cytoscape.Core): Promise<void> {
  const blob = (await cy.png({ output: 'blob-promise', full: true, scale: 2, maxWidth: 8000, maxHeight: 8000, bg: cssVar('--bg') || '#ffffff' })) as Blob;
  download(blob, `engram-graph-${stamp()}.png`);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The visible part of the graph as a standalone SVG document. */
export function graphSvg(cy: cytoscape.Core, scheme: 'light' | 'dark'): string {
  const visible = cy.elements(':visible');
  const nodes = visible.nodes();
  const edges = visible.edges();
  const bb = nodes.boundingBox({ includeLabels: true });
  const pad = 24;
  const x0 = bb.x1 - pad;
  const y0 = bb.y1 - pad;
  const w = Math.max(1, bb.w + pad * 2);
  const h = Math.max(1, bb.h + pad * 2);
  const bg = cssVar('--bg') || (scheme === 'dark' ? '#16171a' : '#ffffff');
  const text = cssVar('--text') || (scheme === 'dark' ? '#e7e7ea' : '#1b1b22');
  const muted = cssVar('--text-muted') || '#5f5f6b';
  const line = scheme === 'dark' ? 'rgba(190,195,210,0.45)' : 'rgba(70,75,95,0.45)';
  const out: string[] = [];
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x0.toFixed(1)} ${y0.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}" width="${Math.round(w)}" height="${Math.round(h)}" font-family="${UI_FONT_STACK}">`);
  out.push(`<title>Engram graph: ${plural(nodes.length, 'node')}, ${plural(edges.length, 'edge')}</title>`);
  out.push(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${line}"/></marker></defs>`);
  out.push(`<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="${bg}"/>`);
  const showEdgeLabels = edges.length <= 300;
  out.push(`<g class="edges" stroke="${line}" stroke-width="1" fill="none">`);
  edges.forEach((e) => {
    const s = e.source().position();
    const t = e.target().position();
    const r = (e.target().data('size') as number) / 2 + 2;
    const len = Math.hypot(t.x - s.x, t.y - s.y) || 1;
    const tx = t.x - ((t.x - s.x) / len) * r;
    const ty = t.y - ((t.y - s.y) / len) * r;
    out.push(`<line x1="${s.x.toFixed(1)}" y1="${s.y.toFixed(1)}" x2="${tx.toFixed(1)}" y2="${ty.toFixed(1)}" marker-end="url(#arrow)"><title>${esc(e.data('label') ?? '')}</title></line>`);
  });
  out.push('</g>');
  if (showEdgeLabels) {
    out.push(`<g class="edge-labels" font-size="8" fill="${muted}" text-anchor="middle">`);
    edges.forEach((e) => {
      const s = e.source().position();
      const t = e.target().position();
      out.push(`<text x="${((s.x + t.x) / 2).toFixed(1)}" y="${((s.y + t.y) / 2 - 2).toFixed(1)}">${esc(e.data('label') ?? '')}</text>`);
    });
    out.push('</g>');
  }
  out.push(`<g class="nodes" stroke="${bg}" stroke-width="1.5">`);
  nodes.forEach((n) => {
    const p = n.position();
    const size = n.data('size') as number;
    const c = CATEGORY_STYLE[categoryOf(n.data('category'))];
    out.push(`<path d="${shapePath(c.shape, p.x, p.y, size, size)}" fill="${c[scheme]}"><title>${esc(n.data('label') ?? '')} (${esc(n.id())})</title></path>`);
  });
  out.push('</g>');
  out.push(`<g class="labels" font-size="10" font-weight="500" fill="${text}" text-anchor="middle" stroke="${bg}" stroke-width="2.5" paint-order="stroke">`);
  nodes.forEach((n) => {
    const p = n.position();
    const size = n.data('size') as number;
    const label = String(n.data('label') ?? '');
    out.push(`<text x="${p.x.toFixed(1)}" y="${(p.y + size / 2 + 12).toFixed(1)}">${esc(label.length > 40 ? `${label.slice(0, 39)}…` : label)}</text>`);
  });
  out.push('</g></svg>');
  return out.join('\n');
}

export function exportSvg(cy: cytoscape.Core, scheme: 'light' | 'dark'): void {
  download(new Blob([graphSvg(cy, scheme)], { type: 'image/svg+xml' }), `engram-graph-${stamp()}.svg`);
}
