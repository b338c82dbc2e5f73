import { defineMessages, type IntlShape } from 'react-intl';
import { sayRefusal } from '@/i18n/say-refusal';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  accountExists: {
    id: 'brokers.error.accountExists',
    defaultMessage: 'You have already linked an account with this number.',
  },
});

/** Codes whose refusal is about one field even when the server does not name it. */
const CODE_FIELDS: Record<string, string> = { account_exists: 'account_number' };

export type Rejection = { text: string; field: string | undefined };

/**
 * What a broker form shows for a refusal (400, 409, 422): known codes in the trader's language, otherwise
 * the server's own message, with the field it is about. Other failures give null: the app has already
 * notified them (spec §8).
 */
export function rejectionOf(error: ApiError | null, intl: IntlShape): Rejection | null {
  if (error?.kind !== 'rejected') return null;
  const field = error.field ?? (error.code ? CODE_FIELDS[error.code] : undefined);
  const text = error.code === 'account_exists' ? intl.formatMessage(messages.accountExists) : sayRefusal(intl, error);
  return { text, field };
}
