// A positions total whose charges are not whole. `not_priced`: some fills have no charges figure (a live position
// as its broker reports it, with fills placed outside StrikeDesk or not yet priced); where nothing is priced the
// total reads the order ticket's "Not priced", never ₹0, where some is, the figure and a note saying it is not
// whole. `partial`: a live position of which only some fills were placed through StrikeDesk; their charges are
// counted, a lower bound, and the total and its note say "partly priced".
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { notPricedText } from '@/features/orders/components/charges-breakdown';
import type { Position } from '@/features/positions/api/position-calls';
import { useFormat } from '@/lib/format/use-format';

type Priced = Pick<Position, 'charges_status'>;
type ChargesStatus = Position['charges_status'];

const notes = defineMessages({
  not_priced: {
    id: 'positions.chargesNotPriced',
    defaultMessage:
      'Charges leave out some trades: they were placed outside StrikeDesk or their broker has not priced them yet, so their charges are not known and Net P&L counts only the charges that are.',
  },
  partial: {
    id: 'positions.chargesPartlyPriced',
    defaultMessage:
      'Partly priced: charges of the fills placed here only. Some trades of these positions were placed outside StrikeDesk, so their charges are not known: Net P&L subtracts only the charges of the trades placed here, and what you keep is less.',
  },
});

const partlyPricedTotal = defineMessage<{ amount: string }>({ id: 'positions.chargesPartlyPricedTotal', defaultMessage: '{amount} (partly priced)' });

/**
 * The total's status from its positions', as the server's summary decides it (order-answers.ts): not priced over
 * partly priced, since "partly" promises every fill placed here is counted, which a not-priced position breaks, and
 * the not-priced words (placed outside StrikeDesk or not priced yet) cover the partly priced positions too.
 */
export function chargesStatusOf(positions: readonly Priced[]): ChargesStatus {
  if (positions.some((position) => position.charges_status === 'not_priced')) return 'not_priced';
  return positions.some((position) => position.charges_status === 'partial') ? 'partial' : 'priced';
}

/** The charges total: "Not priced" when some fills have no figure and none of them priced anything (₹0 is no figure), "partly priced" beside a lower bound. */
function chargesTotalText(charges: number, positions: readonly Priced[], formatInr: ReturnType<typeof useFormat>['formatInr'], words: { notPriced: string; partly: (amount: string) => string }): string {
  const status = chargesStatusOf(positions);
  if (status === 'not_priced' && charges === 0) return words.notPriced;
  const amount = formatInr(charges, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return status === 'partial' ? words.partly(amount) : amount;
}

export function useChargesTotal(): (charges: number, positions: readonly Priced[]) => string {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const words = { notPriced: intl.formatMessage(notPricedText), partly: (amount: string) => intl.formatMessage(partlyPricedTotal, { amount }) };
  return (charges, positions) => chargesTotalText(charges, positions, formatInr, words);
}

/** Under the totals when some positions' charges are not whole (`id`: for the tiles it qualifies to point to); nothing otherwise. */
export function ChargesStatusNote({ positions, id }: { positions: readonly Priced[]; id?: string }) {
  const intl = useIntl();
  const status = chargesStatusOf(positions);
  if (status === 'priced') return null;
  return (
    <p id={id} className="text-xs text-fg-muted" data-field={status === 'partial' ? 'charges-partly-priced' : 'charges-not-priced'}>
      {intl.formatMessage(notes[status])}
    </p>
  );
}
