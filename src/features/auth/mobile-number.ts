/**
 * Indian mobile numbers: an optional +91 (or 0) prefix, then ten digits starting with 6, 7, 8 or 9.
 * Spaces and dashes are common when people type them, so they are allowed between groups.
 */
export const INDIAN_MOBILE_PATTERN = /^(?:(?:\+91|0)[\s-]?)?[6-9](?:[\s-]?\d){9}$/;
