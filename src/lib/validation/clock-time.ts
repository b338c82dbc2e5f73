/**
 * Times of day as traders type them, read as 24-hour "HH:MM". Phones' numeric keypads have no colon, and
 * French writes 9h20, so "0920", "920", "9.20", "9h20" and "09:20:00" all read as 09:20. Nothing reads
 * "2 PM": a 12-hour time is exactly what the 24-hour field is there to avoid.
 */
const SEPARATED = /^(\d{1,2})\s*[:.hH]\s*(\d{2})(?::\d{2})?$/;
const DIGITS = /^(\d{1,2})(\d{2})$/;

/** "HH:MM" for a valid time of day, else null. */
export function parseClockTime(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  const match = SEPARATED.exec(trimmed) ?? DIGITS.exec(trimmed);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
