import { defineMessage, defineMessages, type IntlShape, type MessageValue } from 'react-intl';
import { sayRefusal } from '@/i18n/say-refusal';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  capitalExceeded: {
    id: 'portfolios.error.capitalExceeded',
    defaultMessage:
      'Together, this account’s portfolios would hold more than the account’s capital. Lower this amount, or raise the account’s capital on the broker accounts screen.',
  },
  liveConfirmationMismatch: {
    id: 'portfolios.error.liveConfirmationMismatch',
    defaultMessage: 'The account number typed does not match: type it exactly as shown to let this bot trade real money.',
  },
  riskLimitsRequired: {
    id: 'portfolios.error.riskLimitsRequired',
    defaultMessage: 'Set a maximum loss for the day in this account’s risk limits first: a bot trades real money only under one.',
  },
});

const tooManyRequests = defineMessage<{ seconds: MessageValue }>({
  id: 'portfolios.error.tooManyRequests',
  defaultMessage: 'Too many changes at once. Try again in {seconds, plural, one {# second} other {# seconds}}.',
});

/**
 * The text a form shows for a refusal (400, 409, 422, 429): known codes in the trader's language,
 * otherwise the server's own message (it names the rule, such as an index's freeze limit). Other failures
 * return null: the app has already notified them (spec §8).
 */
export function refusalText(error: ApiError, intl: IntlShape): string | null {
  if (error.kind !== 'rejected') return null;
  switch (error.code) {
    case 'capital_exceeded':
      return intl.formatMessage(messages.capitalExceeded);
    case 'confirmation_mismatch':
      return intl.formatMessage(messages.liveConfirmationMismatch);
    case 'risk_limits_required':
      return intl.formatMessage(messages.riskLimitsRequired);
    case 'too_many_requests':
      return intl.formatMessage(tooManyRequests, { seconds: Math.max(1, error.retryAfterSeconds ?? 60) });
  }
  return sayRefusal(intl, error);
}
