/**
 * A blood-pressure or glucose log drawn as a simple line chart (inline SVG, no chart library): one
 * line per series with its own dash and marker (not colour alone), a value axis with its unit and a
 * few round ticks, the first and last readings labelled. The SVG is one image with a spoken summary;
 * the table under it holds every value and where it was read, and is what screen readers use. Colours
 * are SVG attributes, so the chart also prints from the standalone agenda document.
 */
import { useTranslation } from "react-i18next";
import { chartGeometry, span, type ChartPoint, type Trend } from "../lib/trend";
import { seriesLabel, sourceLabel } from "../lib/documentWords";
import { DataTable } from "./DataTable";

const COLORS = ["#1f5fa8", "#a1221b", "#14532d", "#6b3fa0"];
const DASHES = ["", "7 4", "2 3", "9 3 2 3"];
const MAX_MARKERS = 60;

function Marker({ p, shape, color }: { p: ChartPoint; shape: number; color: string }) {
  const s = 4;
  switch (shape % 4) {
    case 0:
      return <circle cx={p.x} cy={p.y} r={s} fill={color} />;
    case 1:
      return <rect x={p.x - s} y={p.y - s} width={s * 2} height={s * 2} fill={color} />;
    case 2:
      return <path d={`M${p.x} ${p.y - s - 1}L${p.x + s + 1} ${p.y + s}L${p.x - s - 1} ${p.y + s}Z`} fill={color} />;
    default:
      return <path d={`M${p.x} ${p.y - s - 1}L${p.x + s + 1} ${p.y}L${p.x} ${p.y + s + 1}L${p.x - s - 1} ${p.y}Z`} fill={color} />;
  }
}

function Swatch({ index }: { index: number }) {
  const color = COLORS[index % COLORS.length]!;
  return (
    <svg width="36" height="12" viewBox="0 0 36 12" aria-hidden="true" focusable="false" className={`chart-series-${index % COLORS.length}`}>
      <line x1="0" y1="6" x2="36" y2="6" stroke={color} strokeWidth="2.5" strokeDasharray={DASHES[index % DASHES.length] || undefined} />
      <Marker p={{ x: 18, y: 6, value: 0, index: 0 }} shape={index} color={color} />
    </svg>
  );
}

export function TrendChart({ trend, what }: { trend: Trend; what: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const g = chartGeometry(trend);
  const names = trend.series.map((key) => seriesLabel(t, key));
  const { from, to } = span(trend);
  const ranges = g.series
    .map((s, i) => (s.min === null || s.max === null ? null : t("chart.range", { series: names[i], min: number.format(s.min), max: number.format(s.max), unit: trend.unit })))
    .filter((r): r is string => r !== null)
    .join("; ");
  const label = t("chart.label", { what, count: trend.points.length, from, to, ranges });
  const { left, right, top, bottom } = g.plot;
  return (
    <div className="trend">
      <svg className="trend-chart" role="img" aria-label={label} viewBox={`0 0 ${g.width} ${g.height}`} width={g.width} height={g.height} preserveAspectRatio="xMinYMin meet">
        <text x={4} y={14} fontSize="12" fontWeight="600" fill="currentColor">
          {trend.unit}
        </text>
        {g.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={left} x2={right} y1={tick.y} y2={tick.y} stroke="currentColor" strokeOpacity="0.2" />
            <text x={left - 6} y={tick.y + 4} fontSize="12" textAnchor="end" fill="currentColor">
              {number.format(tick.value)}
            </text>
          </g>
        ))}
        <line x1={left} x2={left} y1={top} y2={bottom} stroke="currentColor" />
        <line x1={left} x2={right} y1={bottom} y2={bottom} stroke="currentColor" />
        {g.xTicks.map((tick) => (
          <g key={`${tick.x}-${tick.label}`}>
            <line x1={tick.x} x2={tick.x} y1={bottom} y2={bottom + 5} stroke="currentColor" />
            <text x={tick.x} y={bottom + 20} fontSize="12" textAnchor={tick.anchor} fill="currentColor">
              {tick.lines.map((line, k) => (
                <tspan key={k} x={tick.x} dy={k === 0 ? 0 : 15}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        ))}
        {g.series.map((s, i) => {
          const color = COLORS[i % COLORS.length]!;
          return (
            <g key={s.key} className={`chart-series-${i % COLORS.length}`}>
              <path d={s.path} fill="none" stroke={color} strokeWidth="2.5" strokeDasharray={DASHES[i % DASHES.length] || undefined} strokeLinejoin="round" />
              {s.points.length <= MAX_MARKERS ? s.points.map((p) => <Marker key={p.index} p={p} shape={i} color={color} />) : null}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend" aria-label={t("chart.legendLabel")}>
        {names.map((name, i) => (
          <li key={trend.series[i]}>
            <Swatch index={i} /> {name}
          </li>
        ))}
      </ul>
      <DataTable
        className="trend-table"
        caption={t("chart.caption", { unit: trend.unit })}
        columns={[t("documents.column.reading"), ...names, t("documents.column.source")]}
        rows={trend.points.map((p) => [p.label, ...p.values.map((v) => (v === null ? "—" : number.format(v))), sourceLabel(t, p.source)])}
      />
    </div>
  );
}
