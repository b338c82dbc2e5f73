import { defineMessage, defineMessages, type IntlShape, type MessageValue } from 'react-intl';
import { authUnreachable } from '@/features/auth/auth-messages';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import type { Refusal } from '@/lib/validation/use-server-refusal';

const messages = defineMessages({
  invalidCredentials: { id: 'auth.error.invalidCredentials', defaultMessage: 'Invalid email or password.' },
  emailTaken: { id: 'auth.error.emailTaken', defaultMessage: 'An account with this email already exists.' },
  weakPassword: {
    id: 'auth.error.weakPassword',
    defaultMessage: 'This password is too common. Choose one that is harder to guess.',
  },
  timeOut: { id: 'auth.error.timeOut', defaultMessage: 'The server took too long to answer. Try again.' },
  serverError: { id: 'auth.error.serverError', defaultMessage: 'Something went wrong on the server. Try again shortly.' },
  generic: { id: 'auth.error.generic', defaultMessage: 'Error' },
});

// `wait` is a duration Intl words in the trader's language ("4 seconds", "15 minutes"): one message serves
// both, which keeps the first visit's entry small (sign-in is part of it).
const serverBusy = defineMessage<{ wait: MessageValue }>({
  id: 'auth.error.serverBusy',
  defaultMessage: 'The server is busy checking other sign-ins. Try again in {wait}.',
});

const tooManyAttempts = defineMessage<{ wait: MessageValue }>({
  id: 'auth.error.tooManyAttempts',
  defaultMessage: 'Too many failed sign-in attempts. Try again in {wait}.',
});

/** Failed guesses slow a new device's next sign-in by seconds; longer limits are said in minutes. */
function waitText(seconds: number, intl: IntlShape): string {
  const minutes = seconds >= 60;
  return intl.formatNumber(minutes ? Math.ceil(seconds / 60) : seconds, { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'long' });
}

/**
 * The message a sign-in or registration form shows for a failure: known server codes in the trader's
 * language, otherwise the server's own message (spec §4: failure shows the message), or 'Error'.
 */
export function authErrorText(error: unknown, intl: IntlShape): string {
  if (!isApiError(error)) return intl.formatMessage(messages.generic);
  switch (error.code) {
    case 'invalid_credentials':
      return intl.formatMessage(messages.invalidCredentials);
    case 'too_many_attempts':
    case 'too_many_requests':
      return intl.formatMessage(tooManyAttempts, { wait: waitText(Math.max(1, error.retryAfterSeconds ?? 60), intl) });
    // 503: every password check is taken; the server answers at once rather than queue the trader.
    case 'server_busy':
      return intl.formatMessage(serverBusy, { wait: waitText(Math.max(1, error.retryAfterSeconds ?? 1), intl) });
    case 'email_taken':
      return intl.formatMessage(messages.emailTaken);
    case 'weak_password':
      return intl.formatMessage(messages.weakPassword);
  }
  if (error.kind === 'network') return intl.formatMessage(authUnreachable);
  if (error.kind === 'time_out') return intl.formatMessage(messages.timeOut);
  if (error.kind === 'server_error') return intl.formatMessage(messages.serverError);
  return sayRefusal(intl, error);
}

/** Codes that are about one field even when the server does not name it. */
const CODE_FIELDS: Record<string, string> = { email_taken: 'email', weak_password: 'password' };

/** An auth form's refusal, for useServerRefusal: the text above, and the field it is about when there is one. */
export type AuthRefusal = Refusal & { code?: string | undefined };

export function authRefusal(error: unknown, intl: IntlShape): AuthRefusal {
  const text = authErrorText(error, intl);
  if (!isApiError(error) || error.kind !== 'rejected') return { text };
  return { text, field: error.field ?? (error.code ? CODE_FIELDS[error.code] : undefined), code: error.code };
}
