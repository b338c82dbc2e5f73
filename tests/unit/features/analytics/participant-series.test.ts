// @vitest-environment node
// The Participants chart's model: each participant's net (long − short) of the chosen instrument by day, a
// trading day without NSE's file a point without a value (the line breaks there, never bridged), and the
// last day's nets with their change (none when the day before is missing).
import { describe, expect, it } from 'vitest';
import { latestNets, participantLines, type ParticipantOpenInterest } from '@/features/analytics/model/participant-series';

const side = (long: number[], short: number[]) => ({ long, short });
const groups = (fil: number[], fis: number[], cl = [0, 0, 0], cs = [0, 0, 0]) => ({
  future_index: side(fil, fis),
  future_stock: side([0, 0, 0], [0, 0, 0]),
  option_index_call: side(cl, cs),
  option_index_put: side([0, 0, 0], [0, 0, 0]),
  option_stock_call: side([0, 0, 0], [0, 0, 0]),
  option_stock_put: side([0, 0, 0], [0, 0, 0]),
});

// Mon 24, Wed 26 and Fri 28 Aug 2026 imported; Tue 25 and Thu 27 were trading days without a file.
const answer: ParticipantOpenInterest = {
  source: 'imported',
  publisher: 'NSE',
  from: '2025-08-28',
  to: '2026-08-28',
  as_of: '2026-08-28',
  dates: ['2026-08-24', '2026-08-26', '2026-08-28'],
  missing_days: ['2026-08-25', '2026-08-27'],
  participants: [
    { participant: 'Client', ...groups([240128, 250000, 260000], [63169, 60000, 61000], [3303540, 1, 2], [3212343, 1, 1]) },
    { participant: 'DII', ...groups([43377, 43377, 43377], [23164, 23164, 23164]) },
    { participant: 'FII', ...groups([24157, 25000, 24157], [226790, 220000, 226790]) },
    { participant: 'Pro', ...groups([41362, 41362, 41362], [35901, 35901, 35901]) },
  ],
};

describe('participant lines', () => {
  it("nets each participant's index futures by day, FII first, a missing day a point without a value", () => {
    const lines = participantLines(answer, 'future_index');
    expect(lines.map((line) => line.participant)).toEqual(['FII', 'Client', 'Pro', 'DII']);
    expect(lines[0]?.points).toEqual([
      { time: '2026-08-24', value: 24157 - 226790 },
      { time: '2026-08-25' },
      { time: '2026-08-26', value: 25000 - 220000 },
      { time: '2026-08-27' },
      { time: '2026-08-28', value: -202633 },
    ]);
  });

  it('nets the instrument chosen', () => {
    expect(participantLines(answer, 'option_index_call')[1]?.points[0]).toEqual({ time: '2026-08-24', value: 3303540 - 3212343 });
  });

  it("gives the last day's nets, with no change when the day before has no file", () => {
    expect(latestNets(participantLines(answer, 'future_index'))).toEqual([
      { participant: 'FII', net: -202633, change: null },
      { participant: 'Client', net: 199000, change: null },
      { participant: 'Pro', net: 5461, change: null },
      { participant: 'DII', net: 20213, change: null },
    ]);
    const consecutive = { ...answer, missing_days: [] };
    expect(latestNets(participantLines(consecutive, 'future_index'))[0]).toEqual({ participant: 'FII', net: -202633, change: -202633 - (25000 - 220000) });
  });
});
