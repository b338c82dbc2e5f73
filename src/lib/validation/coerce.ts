/** Lenient readers for form input text, shared by the validation rules and the forms that submit. */

// Spaces people or keyboards put in numbers: space, no-break space, narrow no-break space, thin space.
const GROUP_SPACES = /[\s\u00a0\u202f\u2009]/g;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
// 1,000 or 1,00,000 (western or Indian grouping): commas that separate thousands, not decimals.
const GROUPED = /^[+-]?\d{1,3}(,\d{2,3})*,\d{3}$/;

/**
 * A finite number from a number or numeric text, else null. Accepts a decimal comma ('12,5', as French
 * keyboards type it); grouping commas ('1,00,000', '1,234.5') and spaces are dropped.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let text = value.replace(GROUP_SPACES, '');
  if (text.includes('.') || GROUPED.test(text)) text = text.replaceAll(',', '');
  else text = text.replace(',', '.');
  if (!DECIMAL.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid Date from a Date, a timestamp or date text, else null. 2026-02-30 is not a date. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const day = ISO_DAY.exec(value.trim());
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const parsed = new Date(Date.UTC(year, month - 1, date));
    const real =
      parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
    return real ? parsed : null;
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
