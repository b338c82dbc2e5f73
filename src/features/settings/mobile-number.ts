/**
 * Indian mobile numbers, by the same rule as registration (features do not share code, so it is repeated
 * here): an optional +91 (or 0) prefix, then ten digits starting with 6, 7, 8 or 9, with the spaces and
 * dashes people type between groups.
 */
export const INDIAN_MOBILE_PATTERN = /^(?:(?:\+91|0)[\s-]?)?[6-9](?:[\s-]?\d){9}$/;

/**
 * The form the contract accepts (`^(\+91)?[6-9][0-9]{9}$`): separators dropped, and the trunk 0 too, which
 * the contract does not allow. Only meant for text that passed INDIAN_MOBILE_PATTERN.
 */
export function normaliseMobile(text: string): string {
  const compact = text.replace(/[\s-]/g, '');
  return compact.startsWith('0') ? compact.slice(1) : compact;
}
