/**
 * The validation messages of the rules sign-in uses (required, email), apart from the others
 * (validation-messages.ts spreads them in): the sign-in form is part of the first visit's entry, and these
 * two are all of the validation texts it needs.
 */
import { defineMessages, type MessageValue } from 'react-intl';

export const basicValidationMessages = defineMessages<{
  readonly required: { readonly label: MessageValue };
  readonly typeEmail: { readonly label: MessageValue };
}>({
  required: { id: 'validation.required', defaultMessage: '{label} is required' },
  typeEmail: { id: 'validation.typeEmail', defaultMessage: '{label} must be a valid email address' },
});
