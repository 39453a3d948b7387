import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useClubFormat } from "@/console/i18n/club-format";
import type { ClubFormat } from "@/console/i18n/format";
import type { Noun } from "./feedback";

/** One value of a chart; `tone` picks its colour (a `chart-tone-…` class). */
export type ChartDatum = { key: string; label: string; value: number; tone: string };

/** The words a screen reader hears for the drawing: every value, in order, in the reader's language. */
function useChartDescription(title: string, data: readonly ChartDatum[], unit: Noun): string {
  const t = useTranslations("dashboard.chart");
  const format = useClubFormat();
  const values = data.map((datum) =>
    t("value", {
      label: datum.label,
      count: format.count(datum.value),
      noun: datum.value === 1 ? unit.one : unit.other,
    }),
  );
  return `${title}: ${values.join(", ")}.`;
}

/**
 * A chart in its card: the drawing is one image with a description, and a visually hidden table holds
 * the same numbers for assistive technology and for copying.
 */
function ChartFigure({
  title,
  data,
  unit,
  footer,
  children,
}: {
  title: string;
  data: readonly ChartDatum[];
  unit: Noun;
  /** Below the drawing, inside the card: e.g. what the values mean. */
  footer?: ReactNode;
  children: (description: string) => ReactNode;
}) {
  const t = useTranslations("dashboard.chart");
  const description = useChartDescription(title, data, unit);
  return (
    <figure className="card chart">
      <figcaption className="chart-title">{title}</figcaption>
      {children(description)}
      {footer}
      {/* Wrapped: a table ignores overflow, so hidden on itself it would still stretch the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("name")}</th>
              <th scope="col">{unit.other}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.key}>
                <th scope="row">{datum.label}</th>
                <td>{datum.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const share = (format: ClubFormat, value: number, total: number) => format.percent(total > 0 ? value / total : 0);

const RADIUS = 48;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Parts of a whole as a ring, its total in the middle, with a legend. */
export function DonutChart({
  title,
  data,
  unit,
  footer,
}: {
  title: string;
  data: readonly ChartDatum[];
  unit: Noun;
  footer?: ReactNode;
}) {
  const format = useClubFormat();
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const arcs: { datum: ChartDatum; length: number; offset: number }[] = [];
  let offset = 0;
  for (const datum of data) {
    const length = total > 0 ? (datum.value / total) * CIRCUMFERENCE : 0;
    arcs.push({ datum, length, offset });
    offset += length;
  }
  return (
    <ChartFigure title={title} data={data} unit={unit} footer={footer}>
      {(description) => (
        <div className="donut">
          <svg className="donut-ring" viewBox="0 0 120 120" role="img" aria-label={description}>
            <circle className="donut-track" cx="60" cy="60" r={RADIUS} />
            {arcs
              .filter((arc) => arc.length > 0)
              .map((arc) => (
                <circle
                  key={arc.datum.key}
                  className={`donut-arc chart-tone-${arc.datum.tone}`}
                  cx="60"
                  cy="60"
                  r={RADIUS}
                  strokeDasharray={`${arc.length} ${CIRCUMFERENCE - arc.length}`}
                  strokeDashoffset={-arc.offset}
                />
              ))}
            <text className="donut-total" x="60" y="60">
              {format.count(total)}
            </text>
            <text className="donut-total-label" x="60" y="78">
              {unit.other}
            </text>
          </svg>
          <ul className="chart-legend" aria-hidden="true">
            {data.map((datum) => (
              <li key={datum.key}>
                <span className={`chart-swatch chart-tone-${datum.tone}`} />
                <span className="chart-legend-label">{datum.label}</span>
                <span className="chart-legend-value">
                  {format.count(datum.value)} <span className="muted">· {share(format, datum.value, total)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ChartFigure>
  );
}

const ROW_HEIGHT = 44;

/** Values side by side as horizontal bars, each named above its bar, the largest bar full width. */
export function BarChart({ title, data, unit }: { title: string; data: readonly ChartDatum[]; unit: Noun }) {
  const format = useClubFormat();
  const largest = Math.max(1, ...data.map((datum) => datum.value));
  return (
    <ChartFigure title={title} data={data} unit={unit}>
      {(description) => (
        <svg className="bar-chart" width="100%" height={data.length * ROW_HEIGHT} role="img" aria-label={description}>
          {data.map((datum, index) => {
            const top = index * ROW_HEIGHT;
            return (
              <g key={datum.key}>
                <text className="bar-label" x="0" y={top + 14}>
                  {datum.label}
                </text>
                <text className="bar-value" x="100%" y={top + 14}>
                  {format.count(datum.value)}
                </text>
                <rect className="bar-track" x="0" y={top + 22} width="100%" height="12" rx="6" />
                <rect
                  className={`bar chart-tone-${datum.tone}`}
                  x="0"
                  y={top + 22}
                  width={`${(datum.value / largest) * 100}%`}
                  height="12"
                  rx="6"
                />
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}

/** One group of columns: its label under them, each value's height and the words a reader hears for the group. */
export type ColumnGroup = { key: string; label: string; values: readonly number[]; description: string };

const COLUMN_CHART_HEIGHT = 160;
const GROUP_WIDTH = 48;

/**
 * Groups of side-by-side columns (e.g. billed and collected per month), negative values below the baseline; the
 * series' names and tones in a legend. The drawing is one image described in words; pair it with a table of the same
 * numbers (the caller's, with its totals) for reading and copying.
 */
export function ColumnChart({
  title,
  series,
  groups,
}: {
  title: string;
  series: readonly { label: string; tone: string }[];
  groups: readonly ColumnGroup[];
}) {
  const values = groups.flatMap((group) => group.values);
  const highest = Math.max(0, ...values);
  const lowest = Math.min(0, ...values);
  const span = highest - lowest || 1;
  const baseline = (highest / span) * COLUMN_CHART_HEIGHT;
  const columnWidth = (GROUP_WIDTH - 12) / Math.max(1, series.length);
  const width = groups.length * GROUP_WIDTH;
  return (
    <div className="column-chart">
      <ul className="chart-legend chart-legend-inline" aria-hidden="true">
        {series.map((entry) => (
          <li key={entry.label}>
            <span className={`chart-swatch chart-tone-${entry.tone}`} />
            <span className="chart-legend-label">{entry.label}</span>
          </li>
        ))}
      </ul>
      <svg
        className="column-chart-drawing"
        viewBox={`0 0 ${width} ${COLUMN_CHART_HEIGHT + 24}`}
        role="img"
        aria-label={`${title}: ${groups.map((group) => group.description).join("; ")}.`}
      >
        <line className="column-chart-baseline" x1="0" x2={width} y1={baseline} y2={baseline} />
        {groups.map((group, index) => (
          <g key={group.key}>
            {group.values.map((value, position) => {
              const height = (Math.abs(value) / span) * COLUMN_CHART_HEIGHT;
              return (
                <rect
                  key={series[position]?.label ?? position}
                  className={`column chart-tone-${series[position]?.tone ?? "muted"}`}
                  x={index * GROUP_WIDTH + 6 + position * columnWidth}
                  y={value >= 0 ? baseline - height : baseline}
                  width={columnWidth - 2}
                  height={height}
                />
              );
            })}
            <text className="column-label" x={index * GROUP_WIDTH + GROUP_WIDTH / 2} y={COLUMN_CHART_HEIGHT + 18}>
              {group.label}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
