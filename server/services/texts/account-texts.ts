// The refusals of signing up, signing in and changing one's password, said twice like every trader's text
// (said.ts): the Error answer's English, and a code in `details.text` the app says in the trader's language.
import { said } from './said.ts';

export const accountTexts = {
  weakPassword: said('account.weak_password', {}, 'This password is too common: choose one that is harder to guess.'),
  invalidCredentials: said('account.invalid_credentials', {}, 'Invalid email or password'),
  emailTaken: said('account.email_taken', {}, 'An account with this email already exists'),
  invalidCurrentPassword: said('account.invalid_current_password', {}, 'The current password is not correct'),
};
