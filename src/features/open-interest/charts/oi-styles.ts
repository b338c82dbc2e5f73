// Each open-interest line's colour (a theme variable, so dark mode has its own) and dash. Calls red and puts
// green, as Indian chains colour them; the strikes of one side told apart by dash, in the chart and in the legend.
// Kept apart from the chart module so the screen has them without the chart library (lightweight-charts'
// LineStyle: 0 solid, 1 dotted, 2 dashed, 3 large dashed).
import type { OiLine } from '@/features/open-interest/model/oi-model';

type Style = { variable: string; fallback: string; lineStyle: 0 | 1 | 2 | 3; legend: string };

const dashes: { lineStyle: 0 | 1 | 2 | 3; legend: string }[] = [
  { lineStyle: 0, legend: 'border-solid' },
  { lineStyle: 2, legend: 'border-dashed' },
  { lineStyle: 1, legend: 'border-dotted' },
  { lineStyle: 3, legend: 'border-double' },
];

/** The style of the line at `position` among the lines of its kind. */
export function oiLineStyle(kind: OiLine['kind'], position: number): Style {
  const dash = dashes[position % dashes.length] as (typeof dashes)[number];
  if (kind === 'CE') return { variable: '--sd-loss', fallback: '#b91c1c', ...dash, legend: `border-loss ${dash.legend}` };
  if (kind === 'PE') return { variable: '--sd-profit', fallback: '#047857', ...dash, legend: `border-profit ${dash.legend}` };
  if (kind === 'pcr') return { variable: '--sd-brand', fallback: '#1d4ed8', lineStyle: 0, legend: 'border-brand border-solid' };
  return { variable: '--sd-warn', fallback: '#854d0e', lineStyle: 2, legend: 'border-warn border-dashed' };
}

/** Each line with its style: the n-th call and the n-th put share a dash (they are the n-th strike). */
export function styledLines(lines: readonly OiLine[]): (OiLine & { style: Style })[] {
  const seen = new Map<OiLine['kind'], number>();
  return lines.map((line) => {
    const position = seen.get(line.kind) ?? 0;
    seen.set(line.kind, position + 1);
    return { ...line, style: oiLineStyle(line.kind, position) };
  });
}
