import { useSetAtom } from 'jotai';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { components } from '@openapi/main';
import { Modal } from '@/components/ui/modal';
import { createPriceAlert, type PriceAlertCreate } from '@/features/alerts/api/alert-calls';
import { PriceAlertForm } from '@/features/alerts/components/price-alert-form';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { contractName } from '@/lib/format/contract-name';
import { useFormat } from '@/lib/format/use-format';

export type AlertContract = Pick<components['schemas']['OptionInstrument'], 'tradingsymbol' | 'name' | 'strike' | 'instrument_type' | 'expiry'>;

const titleText = defineMessage<{ contract: MessageValue }>({ id: 'alerts.price.dialogTitle', defaultMessage: 'Price alert on {contract}' });
const describeText = defineMessage<{ symbol: MessageValue; price: MessageValue }>({
  id: 'alerts.price.dialogDescription',
  defaultMessage: '{symbol}, last price {price}. You are alerted here and on your devices when the last price crosses the level.',
});
const noPriceText = defineMessage<{ symbol: MessageValue }>({
  id: 'alerts.price.dialogNoPrice',
  defaultMessage: '{symbol}, no price yet. You are alerted here and on your devices when the last price crosses the level.',
});

/**
 * A price alert on an option the trader picked (in the chain, or a position): the contract in words, its last
 * price as the starting level, and nothing to type but the level.
 */
export function PriceAlertDialog({ contract, lastPrice, onClose }: { contract: AlertContract; lastPrice: number | null; onClose: () => void }) {
  const intl = useIntl();
  const { formatInr, locale } = useFormat();
  const setStamp = useSetAtom(priceAlertsStampAtom);
  const name = contractName(contract, locale);
  const create = async (body: PriceAlertCreate) => {
    await createPriceAlert(body);
    setStamp((value) => value + 1);
  };
  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(titleText, { contract: name })}
      description={
        lastPrice === null
          ? intl.formatMessage(noPriceText, { symbol: contract.tradingsymbol })
          : intl.formatMessage(describeText, { symbol: contract.tradingsymbol, price: formatInr(lastPrice) })
      }
    >
      <PriceAlertForm onCreate={create} contract={{ symbol: contract.tradingsymbol, lastPrice }} onCreated={onClose} />
    </Modal>
  );
}
