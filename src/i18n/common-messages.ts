import { defineMessages } from 'react-intl';

/** Words every screen needs (action buttons, states), shared so they are translated once. */
export const commonMessages = defineMessages({
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel' },
  close: { id: 'common.close', defaultMessage: 'Close' },
  confirm: { id: 'common.confirm', defaultMessage: 'Confirm' },
  save: { id: 'common.save', defaultMessage: 'Save' },
  edit: { id: 'common.edit', defaultMessage: 'Edit' },
  delete: { id: 'common.delete', defaultMessage: 'Delete' },
  create: { id: 'common.create', defaultMessage: 'Create' },
  back: { id: 'common.back', defaultMessage: 'Back' },
  retry: { id: 'common.retry', defaultMessage: 'Try again' },
  refresh: { id: 'common.refresh', defaultMessage: 'Refresh' },
  search: { id: 'common.search', defaultMessage: 'Search' },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
  yes: { id: 'common.yes', defaultMessage: 'Yes' },
  no: { id: 'common.no', defaultMessage: 'No' },
  optional: { id: 'common.optional', defaultMessage: 'optional' },
  noData: { id: 'common.noData', defaultMessage: 'No data' },
});
