import { defineMessages } from 'react-intl';

export const toasterMessages = defineMessages({
  region: { id: 'notify.region', defaultMessage: 'Notifications' },
  close: { id: 'notify.close', defaultMessage: 'Close notification' },
  success: { id: 'notify.kindSuccess', defaultMessage: 'Success' },
  error: { id: 'notify.kindError', defaultMessage: 'Error' },
  warning: { id: 'notify.kindWarning', defaultMessage: 'Warning' },
  info: { id: 'notify.kindInfo', defaultMessage: 'Information' },
});
