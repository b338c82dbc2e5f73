import { DomainError } from './domain-error.ts';
import { validationTexts } from './texts/validation-texts.ts';

/** Trimmed, inner runs of spaces collapsed; a blank value is refused naming the field. */
export function cleanText(value: string, field: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw DomainError.said('validation_failed', validationTexts.notEmpty(field), { field });
  return trimmed;
}
