// A grouped query's results as a chart, in plain SVG: bars (one per row, a label column and its
// counts) or a line (labels that are dates or numbers, in order). Several numeric columns: one
// series each, in the legend's colours.
import { useRef } from 'react';
import { formatCompact, formatCount } from '../../ui/format';
import { useSize } from '../../ui/use-size';
import type { ChartSpec } from './chart-model';

const COLORS = ['#5b5bd6', '#14b8a6', '#f59e0b', '#ec4899', '#0ea5e9', '#84cc16'];
const BAR_H = 22;

export function ResultsChart({ spec }: { spec: ChartSpec }) {
  const ref = useRef<HTMLDivElement>(null);
  const { width, height } = useSize(ref);
  return (
    <div ref={ref} className="results-chart" data-testid="results-chart" data-kind={spec.kind} data-points={spec.points.length}>
      {spec.values.length > 1 && (
        <div className="chart-legend">
          {spec.values.map((v, i) => (
            <span key={v}>
              <i style={{ background: COLORS[i % COLORS.length] }} /> ?{v}
            </span>
          ))}
        </div>
      )}
      {width > 0 && (spec.kind === 'bar' ? <Bars spec={spec} width={width} /> : <Line spec={spec} width={width} height={Math.max(220, height - 40)} />)}
    </div>
  );
}

function Bars({ spec, width }: { spec: ChartSpec; width: number }) {
  const labelW = Math.min(260, Math.max(90, width * 0.3));
  const plotW = Math.max(40, width - labelW - 70);
  const max = Math.max(1, ...spec.points.flatMap((p) => p.values));
  const series = spec.values.length;
  const rowH = Math.max(BAR_H, series * 12 + 6);
  const h = spec.points.length * rowH + 8;
  return (
    <svg width={width} height={h} role="img" aria-label={`Bar chart of ${spec.values.map((v) => `?${v}`).join(', ')} by ?${spec.label}`}>
      {spec.points.map((p, i) => {
        const y = 4 + i * rowH;
        return (
          <g key={i} data-testid="chart-bar">
            <text x={labelW - 8} y={y + rowH / 2} textAnchor="end" dominantBaseline="middle" className="chart-label">
              <title>{p.label}</title>
              {p.label.length > 38 ? `${p.label.slice(0, 37)}…` : p.label}
            </text>
            {p.values.map((v, k) => {
              const bh = (rowH - 6) / series;
              const w = Math.max(1, (v / max) * plotW);
              return (
                <g key={k}>
                  <rect x={labelW} y={y + 3 + k * bh} width={w} height={Math.max(2, bh - 2)} rx={2} fill={COLORS[k % COLORS.length]}>
                    <title>{`${p.label}: ${formatCount(v)}`}</title>
                  </rect>
                  <text x={labelW + w + 5} y={y + 3 + k * bh + bh / 2} dominantBaseline="middle" className="chart-value">
                    {formatCompact(v)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}

function Line({ spec, width, height }: { spec: ChartSpec; width: number; height: number }) {
  const left = 56;
  const bottom = 40;
  const plotW = Math.max(40, width - left - 16);
  const plotH = Math.max(60, height - bottom - 12);
  const all = spec.points.flatMap((p) => p.values);
  const max = Math.max(1, ...all);
  const min = Math.min(0, ...all);
  const x = (i: number) => left + (spec.points.length === 1 ? plotW / 2 : (i / (spec.points.length - 1)) * plotW);
  const y = (v: number) => 12 + plotH - ((v - min) / (max - min)) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => min + f * (max - min));
  const every = Math.max(1, Math.ceil(spec.points.length / Math.max(1, Math.floor(plotW / 80))));
  return (
    <svg width={width} height={height} role="img" aria-label={`Line chart of ${spec.values.map((v) => `?${v}`).join(', ')} over ?${spec.label}`}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={left + plotW} y1={y(t)} y2={y(t)} className="chart-grid" />
          <text x={left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle" className="chart-value">
            {formatCompact(Math.round(t * 100) / 100)}
          </text>
        </g>
      ))}
      {spec.points.map((p, i) =>
        i % every === 0 ? (
          <text key={i} x={x(i)} y={12 + plotH + 16} textAnchor="middle" className="chart-label">
            {p.label.length > 14 ? `${p.label.slice(0, 13)}…` : p.label}
          </text>
        ) : null,
      )}
      {spec.values.map((v, k) => (
        <g key={v}>
          <polyline fill="none" stroke={COLORS[k % COLORS.length]} strokeWidth={2} points={spec.points.map((p, i) => `${x(i)},${y(p.values[k])}`).join(' ')} />
          {spec.points.map((p, i) => (
            <circle key={i} cx={x(i)} cy={y(p.values[k])} r={3} fill={COLORS[k % COLORS.length]} data-testid="chart-point">
              <title>{`${p.label}: ${formatCount(p.values[k])}`}</title>
            </circle>
          ))}
        </g>
      ))}
    </svg>
  );
}
