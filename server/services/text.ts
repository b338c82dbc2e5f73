import { HttpError } from '../http/errors.ts';

/** Trimmed, inner runs of spaces collapsed; a blank value is refused naming the field (400). */
export function cleanText(value: string, field: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw new HttpError(400, 'validation_failed', `${field}: must not be empty`, { field });
  return trimmed;
}

/** Other users' objects are indistinguishable from missing ones: always 404, never 403. */
export function notFound(what: string): HttpError {
  return new HttpError(404, 'not_found', `${what} not found`);
}
