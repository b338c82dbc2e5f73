import { defineMessages, type MessageValue, type NoMessageValues } from 'react-intl';

/** The pager's labels (spec §9's set: items per page, jump to, page, previous/next page, 5 and 3 pages, page size). */
export const paginationMessages = defineMessages<{
  readonly label: NoMessageValues;
  readonly itemsPerPage: { readonly size: MessageValue };
  readonly jumpTo: NoMessageValues;
  readonly page: NoMessageValues;
  readonly pageNumber: { readonly page: MessageValue };
  readonly prevPage: NoMessageValues;
  readonly nextPage: NoMessageValues;
  readonly prev5: NoMessageValues;
  readonly next5: NoMessageValues;
  readonly prev3: NoMessageValues;
  readonly next3: NoMessageValues;
  readonly pageSize: NoMessageValues;
}>({
  label: { id: 'pagination.label', defaultMessage: 'Pagination' },
  itemsPerPage: { id: 'pagination.itemsPerPage', defaultMessage: '{size} / page' },
  jumpTo: { id: 'pagination.jumpTo', defaultMessage: 'Go to' },
  page: { id: 'pagination.page', defaultMessage: 'Page' },
  pageNumber: { id: 'pagination.pageNumber', defaultMessage: 'Page {page}' },
  prevPage: { id: 'pagination.prevPage', defaultMessage: 'Previous Page' },
  nextPage: { id: 'pagination.nextPage', defaultMessage: 'Next Page' },
  prev5: { id: 'pagination.prev5', defaultMessage: 'Previous 5 Pages' },
  next5: { id: 'pagination.next5', defaultMessage: 'Next 5 Pages' },
  prev3: { id: 'pagination.prev3', defaultMessage: 'Previous 3 Pages' },
  next3: { id: 'pagination.next3', defaultMessage: 'Next 3 Pages' },
  pageSize: { id: 'pagination.pageSize', defaultMessage: 'Page Size' },
});
