// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseClockTime } from '@/lib/validation/clock-time';

describe('parseClockTime', () => {
  it.each([
    ['09:20', '09:20'],
    ['9:20', '09:20'],
    ['0920', '09:20'],
    ['920', '09:20'],
    ['9.20', '09:20'],
    ['9h20', '09:20'],
    [' 15:30 ', '15:30'],
    ['14:45:00', '14:45'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
  ])('reads %j as 24-hour %s', (typed, time) => {
    expect(parseClockTime(typed)).toBe(time);
  });

  it.each(['', '24:00', '09:60', '2 PM', '02:00 PM', '9', '12345', '9:5', 'nine', null, 920])('refuses %j', (typed) => {
    expect(parseClockTime(typed)).toBeNull();
  });
});
