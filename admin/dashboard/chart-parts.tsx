import { useLocale } from 'next-intl';
import type { ReactNode } from 'react';
import { formatCount, formatDay } from '@/i18n/format';
import type { Box } from './chart';
import { FiguresTable, td, th } from './panel';

/**
 * The axis numbers are HTML beside the SVG, not SVG text: the chart stretches to its card
 * (preserveAspectRatio none) and text inside it would stretch too; HTML also takes the page's
 * font and direction. They sit on the start side, top = the axis maximum.
 */
export function AxisLabels({ ticks, height }: { ticks: readonly number[]; height: string }) {
  const locale = useLocale();
  return (
    <div
      aria-hidden="true"
      className={`flex ${height} shrink-0 flex-col-reverse justify-between text-end text-[11px] leading-none text-stone-500 tabular-nums`}
    >
      {ticks.map((tick) => (
        <span key={tick} className="-my-1">
          {formatCount(tick, locale)}
        </span>
      ))}
    </div>
  );
}

export function Gridlines({ ticks, max, box }: { ticks: readonly number[]; max: number; box: Box }) {
  return (
    <g>
      {ticks.map((tick) => {
        const y = box.height - (tick / max) * box.height;
        return (
          <line
            key={tick}
            x1={0}
            x2={box.width}
            y1={y}
            y2={y}
            vectorEffect="non-scaling-stroke"
            className={tick === 0 ? 'stroke-stone-300' : 'stroke-stone-100'}
            strokeWidth={1}
          />
        );
      })}
    </g>
  );
}

/** A few days under the chart, first to last in reading order (the flex row follows `dir`). */
export function DayLabels({ days }: { days: readonly string[] }) {
  const locale = useLocale();
  return (
    <div aria-hidden="true" className="mt-1.5 flex justify-between text-[11px] text-stone-500">
      {days.map((day) => (
        <time key={day} dateTime={day} className="whitespace-nowrap">
          {formatDay(day, locale)}
        </time>
      ))}
    </div>
  );
}

/**
 * A chart with its axis: the numbers on the start side, the plot beside them (the SVG stretches to
 * the card), the days under it. With a `label` the plot is one spoken image; without, it is hidden
 * from screen readers (a part of a chart whose summary is said elsewhere). `clip` keeps strokes
 * inside the box (a strip whose baseline sits on its edge).
 */
export function AxisChart({
  className,
  ticks,
  height,
  box,
  label,
  grid,
  days,
  clip = false,
  children,
}: {
  className: string;
  ticks: readonly number[];
  /** A Tailwind height class shared by the axis and the plot (`h-52`). */
  height: string;
  box: Box;
  label?: string;
  /** Draw gridlines at the ticks, on this axis maximum. */
  grid?: number;
  days?: readonly string[];
  clip?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${className} flex gap-2`}>
      <AxisLabels ticks={ticks} height={height} />
      <div className="min-w-0 flex-1">
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          preserveAspectRatio="none"
          className={`block ${height} w-full${clip ? '' : ' overflow-visible'}`}
          role={label ? 'img' : undefined}
          aria-label={label}
          aria-hidden={label ? undefined : true}
        >
          {grid === undefined ? null : <Gridlines ticks={ticks} max={grid} box={box} />}
          {children}
        </svg>
        {days ? <DayLabels days={days} /> : null}
      </div>
    </div>
  );
}

/**
 * The figures behind a day chart as a table, one click away: a row a day (the day its header
 * cell), then one end-aligned column a figure.
 */
export function DayFigures({
  summary,
  caption,
  dayHeader,
  headers,
  rows,
}: {
  summary: string;
  caption: string;
  dayHeader: string;
  headers: readonly string[];
  rows: readonly { day: string; cells: readonly string[] }[];
}) {
  const locale = useLocale();
  return (
    <FiguresTable summary={summary}>
      <table className="min-w-full divide-y divide-stone-200">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${th} text-start`}>
              {dayHeader}
            </th>
            {headers.map((h) => (
              <th key={h} scope="col" className={`${th} text-end`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((r) => (
            <tr key={r.day}>
              <th scope="row" className={`${td} text-start font-normal`}>
                <time dateTime={r.day}>{formatDay(r.day, locale)}</time>
              </th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, their order is their identity
                <td key={i} className={`${td} text-end`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </FiguresTable>
  );
}
