// The one rounding rule for strategy figures shown as money. The maths runs in floating rupees (the
// chart needs no more); a maximum profit, a premium or a P&L read at the crosshair becomes integer
// paise here, half away from zero so a loss of ₹12.345 shows as −₹12.35 like a profit of ₹12.345 shows
// as ₹12.35. The tiny relative nudge absorbs binary representation (1.005 is stored as 1.00499…).
import { requireFinite } from './option-inputs.ts';

export function roundToPaise(rupees: number): number {
  requireFinite('rupees', rupees);
  const paise = Math.round(Math.abs(rupees) * 100 * (1 + 4 * Number.EPSILON));
  return rupees < 0 && paise !== 0 ? -paise : paise;
}
