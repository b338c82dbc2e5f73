import { defineMessages } from 'react-intl';

export const productMessages = defineMessages({
  MIS: { id: 'positions.product.mis', defaultMessage: 'MIS' },
  NRML: { id: 'positions.product.nrml', defaultMessage: 'NRML' },
});
