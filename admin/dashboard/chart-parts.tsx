import { useLocale } from 'next-intl';
import { formatCount, formatDay } from '../i18n/format';
import type { Box } from './chart';

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
