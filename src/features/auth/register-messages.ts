import { defineMessages } from 'react-intl';

/** Registration's own words, apart from sign-in's (auth-messages.ts), which the first visit's entry carries. */
export const registerMessages = defineMessages({
  name: { id: 'auth.field.name', defaultMessage: 'Full name' },
  mobile: { id: 'auth.field.mobile', defaultMessage: 'Mobile number' },
  mobileHint: { id: 'auth.field.mobileHint', defaultMessage: 'Indian mobile number, e.g. 98765 43210' },
  mobileFormat: {
    id: 'auth.field.mobileFormat',
    defaultMessage: '{label} must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
  },
  passwordHint: { id: 'auth.field.passwordHint', defaultMessage: 'At least 8 characters; avoid common passwords.' },
  registerTitle: { id: 'auth.register.title', defaultMessage: 'Create your StrikeDesk account' },
  registerSubtitle: {
    id: 'auth.register.subtitle',
    defaultMessage: 'Trade on paper right away; link a broker account when you are ready.',
  },
  register: { id: 'auth.register.submit', defaultMessage: 'Create account' },
  haveAccount: { id: 'auth.register.haveAccount', defaultMessage: 'Already have an account?' },
  goToSignIn: { id: 'auth.register.signIn', defaultMessage: 'Sign in' },
  signInInstead: { id: 'auth.register.signInInstead', defaultMessage: 'Sign in instead' },
  registered: { id: 'auth.register.done', defaultMessage: 'Account created' },
  registeredHint: { id: 'auth.register.doneHint', defaultMessage: 'Sign in with your email and password.' },
});
