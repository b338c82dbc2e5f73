import { defineMessages } from 'react-intl';

export const formMessages = defineMessages({
  showPassword: { id: 'form.showPassword', defaultMessage: 'Show password' },
});
