// A positions total whose charges leave out fills with no charges figure (`charges_status: not_priced`: a live
// position as its broker reports it, with fills placed outside StrikeDesk or not yet priced). Where nothing is
// priced the total reads the order ticket's "Not priced", never ₹0; where some is, the figure and a note saying
// it is not whole.
import { defineMessage, useIntl } from 'react-intl';
import { notPricedText } from '@/features/orders/components/charges-breakdown';
import type { Position } from '@/features/positions/api/position-calls';
import { useFormat } from '@/lib/format/use-format';

type Priced = Pick<Position, 'charges_status'>;

const note = defineMessage({
  id: 'positions.chargesNotPriced',
  defaultMessage:
    'Charges leave out some trades: they were placed outside StrikeDesk or their broker has not priced them yet, so their charges are not known and Net P&L counts only the charges that are.',
});

const anyNotPriced = (positions: readonly Priced[]) => positions.some((position) => position.charges_status === 'not_priced');

/** The charges total: "Not priced" when some fills have no figure and none of them priced anything (₹0 is no figure). */
export function chargesTotalText(charges: number, positions: readonly Priced[], formatInr: ReturnType<typeof useFormat>['formatInr'], notPriced: string): string {
  return charges === 0 && anyNotPriced(positions) ? notPriced : formatInr(charges, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function useChargesTotal(): (charges: number, positions: readonly Priced[]) => string {
  const intl = useIntl();
  const { formatInr } = useFormat();
  return (charges, positions) => chargesTotalText(charges, positions, formatInr, intl.formatMessage(notPricedText));
}

/** Under the totals when some positions' charges are not priced; nothing otherwise. */
export function ChargesNotPricedNote({ positions }: { positions: readonly Priced[] }) {
  const intl = useIntl();
  if (!anyNotPriced(positions)) return null;
  return (
    <p className="text-xs text-fg-muted" data-field="charges-not-priced">
      {intl.formatMessage(note)}
    </p>
  );
}
