import { expect } from 'vitest';

/**
 * A 400 validation_failed answer as the server sends it: the field, the English message, and the same
 * refusal coded in details.text (a validation.* code) for the app to say in the trader's language.
 */
export function validationRefusal(field: string | undefined, message: string) {
  return {
    code: 'validation_failed',
    ...(field === undefined ? {} : { field }),
    message,
    details: { text: expect.objectContaining({ code: expect.stringMatching(/^validation\./) as unknown }) as unknown },
  };
}
