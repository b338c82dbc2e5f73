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
// The live price is the form's to say, under the level (one place, as on the alerts page).
const describeText = defineMessage<{ symbol: MessageValue }>({
  id: 'alerts.price.dialogAbout',
  defaultMessage: '{symbol}: you are alerted here and on your devices when the last price crosses the level.',
});

/**
 * A price alert on an option the trader picked (in the chain, or a position): the contract in words, its last
 * price as the starting level, and nothing to type but the level. `lastPrice` is the screen's live quote of
 * it (null when it has none), which the form checks the level against.
 */
export function PriceAlertDialog({ contract, lastPrice, onClose }: { contract: AlertContract; lastPrice: number | null; onClose: () => void }) {
  const intl = useIntl();
  const { locale } = useFormat();
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
      description={intl.formatMessage(describeText, { symbol: contract.tradingsymbol })}
    >
      <PriceAlertForm onCreate={create} contract={{ symbol: contract.tradingsymbol, lastPrice }} priceOf={() => lastPrice} onCreated={onClose} />
    </Modal>
  );
}
