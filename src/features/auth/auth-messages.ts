import { defineMessage, defineMessages } from 'react-intl';

/** Sign-in's words (part of the first visit's entry); registration's are in register-messages.ts. */
export const authMessages = defineMessages({
  loginTitle: { id: 'auth.login.title', defaultMessage: 'Sign in to StrikeDesk' },
  loginSubtitle: { id: 'auth.login.subtitle', defaultMessage: 'Your accounts, portfolios and bots in one place.' },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  password: { id: 'auth.field.password', defaultMessage: 'Password' },
  signIn: { id: 'auth.login.submit', defaultMessage: 'Sign in' },
  noAccount: { id: 'auth.login.noAccount', defaultMessage: 'New to StrikeDesk?' },
  createAccount: { id: 'auth.login.createAccount', defaultMessage: 'Create an account' },
});

/**
 * A sign-in that could not reach the server. Here rather than with the other refusals (auth-error-text.ts):
 * those load with the sign-in call, and when that download itself fails this is what the form says.
 */
export const authUnreachable = defineMessage({
  id: 'auth.error.unreachable',
  defaultMessage: 'The server could not be reached. Check your connection.',
});
