import type { IntlShape } from 'react-intl';
import { sayServerText } from '@/i18n/say-server-text';
import type { ApiError } from '@/lib/api/api-error';

/**
 * A refusal of the server (a 4xx's Error answer) in the interface language: its coded words (`details.text`)
 * when the server sent them, else its message as it is (a refusal not coded yet, a live broker's own words).
 */
export function sayRefusal(intl: IntlShape, error: Pick<ApiError, 'text' | 'message'>): string {
  return sayServerText(intl, error.text, error.message);
}
