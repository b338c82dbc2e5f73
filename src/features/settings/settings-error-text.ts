import { defineMessage, defineMessages, type IntlShape, type MessageValue } from 'react-intl';
import { sayRefusal } from '@/i18n/say-refusal';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  invalidCurrentPassword: {
    id: 'settings.error.invalidCurrentPassword',
    defaultMessage: 'Your current password is not correct.',
  },
  weakPassword: {
    id: 'settings.error.weakPassword',
    defaultMessage: 'This password is too common. Choose one that is harder to guess.',
  },
});

const serverBusy = defineMessage<{ seconds: MessageValue }>({
  id: 'settings.error.serverBusy',
  defaultMessage: 'The server is busy. Try again in {seconds, plural, one {# second} other {# seconds}}.',
});

const tooManyAttempts = defineMessage<{ minutes: MessageValue }>({
  id: 'settings.error.tooManyAttempts',
  defaultMessage: 'Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
});

/**
 * The text a settings form shows for a refusal (400, 409, 422, 429): known codes in the trader's language,
 * otherwise the server's own message. Other failures return null: the app already notified them (spec §8).
 */
export function rejectionText(error: ApiError, intl: IntlShape): string | null {
  if (error.kind !== 'rejected') return null;
  switch (error.code) {
    case 'invalid_current_password':
      return intl.formatMessage(messages.invalidCurrentPassword);
    case 'weak_password':
      return intl.formatMessage(messages.weakPassword);
    case 'too_many_attempts':
    case 'too_many_requests':
      return intl.formatMessage(tooManyAttempts, {
        minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
      });
    // 503 from a password change when every password check is taken.
    case 'server_busy':
      return intl.formatMessage(serverBusy, { seconds: Math.max(1, error.retryAfterSeconds ?? 1) });
  }
  return sayRefusal(intl, error);
}
