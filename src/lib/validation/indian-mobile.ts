/**
 * Indian mobile numbers as people type them: an optional +91 (or trunk 0) prefix, then ten digits starting
 * with 6, 7, 8 or 9, with spaces or dashes between groups. Shared by registration and the profile form.
 */
export const INDIAN_MOBILE_PATTERN = /^(?:(?:\+91|0)[\s-]?)?[6-9](?:[\s-]?\d){9}$/;

/**
 * The form the contract accepts (`^(\+91)?[6-9][0-9]{9}$`): separators dropped, and the trunk 0 too.
 * Only meant for text that passed INDIAN_MOBILE_PATTERN.
 */
export function normaliseMobile(text: string): string {
  const compact = text.replace(/[\s-]/g, '');
  return compact.startsWith('0') ? compact.slice(1) : compact;
}

const STORED = /^(?:\+91)?([6-9]\d{4})(\d{5})$/;

/**
 * A stored number as the fields' hint writes it ("98765 43210"): the +91 every Indian number shares is
 * left out, the ten digits grouped 5 + 5 as people read them aloud. Anything else is shown as stored.
 */
export function formatMobile(stored: string): string {
  const match = STORED.exec(stored.replace(/[\s-]/g, ''));
  return match ? `${match[1]} ${match[2]}` : stored;
}
