import { defineMessages } from 'react-intl';

export const productMessages = defineMessages({
  MIS: { id: 'positions.product.mis', defaultMessage: 'MIS' },
  NRML: { id: 'positions.product.nrml', defaultMessage: 'NRML' },
});

/** What each product means for the position, read with its badge: MIS does not survive the day. */
export const productHints = defineMessages({
  MIS: { id: 'positions.product.misHint', defaultMessage: 'Intraday: squared off at the broker’s cut-off today' },
  NRML: { id: 'positions.product.nrmlHint', defaultMessage: 'Overnight: carried to the next day' },
});
