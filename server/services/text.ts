import { DomainError } from './domain-error.ts';

/** Trimmed, inner runs of spaces collapsed; a blank value is refused naming the field. */
export function cleanText(value: string, field: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw new DomainError('validation_failed', `${field}: must not be empty`, { field });
  return trimmed;
}
