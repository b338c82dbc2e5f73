// Each participant's line: its colour (a theme variable, so dark mode has its own) and its dash, which tells
// the lines apart without colour, in the chart and in the table's legend. Kept apart from participant-chart.ts
// so the screen has them without the chart library (lightweight-charts' LineStyle: 0 solid, 1 dotted,
// 2 dashed, 3 large dashed).
import type { Participant } from '@/features/analytics/model/participant-series';

export const participantStyles: Record<Participant, { variable: string; fallback: string; lineStyle: 0 | 1 | 2 | 3; legend: string }> = {
  FII: { variable: '--sd-brand', fallback: '#1d4ed8', lineStyle: 0, legend: 'border-brand border-solid' },
  Client: { variable: '--sd-warn', fallback: '#854d0e', lineStyle: 2, legend: 'border-warn border-dashed' },
  Pro: { variable: '--sd-profit', fallback: '#047857', lineStyle: 1, legend: 'border-profit border-dotted' },
  DII: { variable: '--sd-loss', fallback: '#b91c1c', lineStyle: 3, legend: 'border-loss border-dashed' },
};
