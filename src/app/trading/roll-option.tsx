import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { components } from '@openapi/main';
import { getOrderMargins, placeTrades } from '@/features/orders/api/trading-calls';
import type { OrderMargins, OrderRequest, TradingAccount } from '@/features/orders/api/trading-types';
import { IntentDialogActions } from '@/features/orders/components/intent-dialog-actions';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { LiveOrderDialog } from '@/features/orders/components/live-order-dialog';
import { OrderAccount } from '@/features/orders/components/order-account';
import { useOrderIntent } from '@/features/orders/hooks/use-order-intent';
import { SettingsChoice } from '@/app/layouts/settings-choice';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Modal } from '@/components/ui/modal';
import { RefusalText } from '@/i18n/server-text';
import { isApiError, shownByScreen, type ApiError } from '@/lib/api/api-error';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { useFormat } from '@/lib/format/use-format';
import { replayTradedBy } from '@/lib/replay/replay-account';
import { RollAction } from './roll-trigger.tsx';

type Position = components['schemas']['Position'];
type Roll = components['schemas']['OptionRollResponse'];
type RollContract = components['schemas']['OptionRollContract'];
type Mode = Roll['mode'];

const messages = defineMessages({
  roll: { id: 'positions.rollOption.button', defaultMessage: 'Roll to next expiry' },
  confirm: { id: 'positions.rollOption.confirm', defaultMessage: 'Roll' },
  body: {
    id: 'positions.rollOption.body',
    defaultMessage: 'One basket at market: the legs are closed in their expiry and opened in the next one the underlying lists, the same sides and as many lots.',
  },
  strike: { id: 'positions.rollOption.strike', defaultMessage: 'Strike in the next expiry' },
  sameStrike: { id: 'positions.rollOption.sameStrike', defaultMessage: 'Same strike' },
  sameDistance: { id: 'positions.rollOption.sameDistance', defaultMessage: 'Same distance from the money' },
  legs: { id: 'positions.rollOption.legs', defaultMessage: 'Legs to roll' },
  loading: { id: 'positions.rollOption.loading', defaultMessage: 'Finding the next expiry…' },
  failed: { id: 'positions.rollOption.failed', defaultMessage: 'The roll could not be worked out. Try again.' },
  buy: { id: 'positions.rollOption.buy', defaultMessage: 'Buy' },
  sell: { id: 'positions.rollOption.sell', defaultMessage: 'Sell' },
  noPrice: { id: 'positions.rollOption.noPrice', defaultMessage: 'no price now' },
  noNet: { id: 'positions.rollOption.noNet', defaultMessage: 'Net: not known (a leg has no price now).' },
  marginLoading: { id: 'positions.rollOption.marginLoading', defaultMessage: 'Asking the broker for the margin…' },
  marginFailed: { id: 'positions.rollOption.marginFailed', defaultMessage: 'The margin could not be read now.' },
});
const titleText = defineMessage<{ symbol: MessageValue }>({ id: 'positions.rollOption.title', defaultMessage: 'Roll {symbol} to the next expiry?' });
const expiriesText = defineMessage<{ from: MessageValue; to: MessageValue }>({ id: 'positions.rollOption.expiries', defaultMessage: 'From the {from} expiry to the {to} expiry.' });
const atmText = defineMessage<{ from: MessageValue; to: MessageValue }>({
  id: 'positions.rollOption.atm',
  defaultMessage: 'At the money: {from} now, {to} in the next expiry (each read off its forward).',
});
const legText = defineMessage<{ side: MessageValue; quantity: MessageValue; lots: MessageValue; symbol: MessageValue; price: MessageValue }>({
  id: 'positions.rollOption.leg',
  defaultMessage: '{side} {quantity} ({lots, plural, one {# lot} other {# lots}}) {symbol} at market, {price}',
});
const legChoiceText = defineMessage<{ quantity: MessageValue; symbol: MessageValue }>({ id: 'positions.rollOption.legChoice', defaultMessage: '{quantity} × {symbol}' });
const quoteText = defineMessage<{ bid: MessageValue; ask: MessageValue }>({ id: 'positions.rollOption.quote', defaultMessage: 'bid {bid} / ask {ask}' });
const creditText = defineMessage<{ amount: MessageValue }>({ id: 'positions.rollOption.credit', defaultMessage: 'Net credit: {amount} (sells at the bid, buys at the ask).' });
const debitText = defineMessage<{ amount: MessageValue }>({ id: 'positions.rollOption.debit', defaultMessage: 'Net debit: {amount} (sells at the bid, buys at the ask).' });
const marginText = defineMessage<{ required: MessageValue; charges: MessageValue; available: MessageValue }>({
  id: 'positions.rollOption.margin',
  defaultMessage: 'Funds needed {required} with charges of {charges}; available {available}.',
});

// The roll's own refusals, worded in the dialog rather than notified over it.
const rollCodes = ['roll.not_option', 'roll.mixed_legs', 'roll.no_position', 'roll.expiry_not_listed', 'roll.no_next_expiry', 'roll.no_strike', 'roll.no_level'];

async function planOptionRoll(body: components['schemas']['OptionRollRequest']): Promise<Roll> {
  return requireField(await mainApi().POST('/api/order-book/rolls/options/', { body, middleware: [shownByScreen(...rollCodes)] }), 'legs');
}

const optionName = /^(.+?)\d{2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|[1-9OND]\d{2})\d+(?:\.\d{1,2})?(?:CE|PE)$/;

/** An option position's underlying, read off its tradingsymbol (NIFTY26D0124000CE → NIFTY); null for anything else. */
export function optionUnderlying(tradingsymbol: string): string | null {
  return optionName.exec(tradingsymbol)?.[1] ?? null;
}

/** The open option positions rolled with `position` as a strategy: its underlying, expiry, product and portfolio. */
export function strategyLegs(position: Position, positions: readonly Position[]): Position[] {
  const underlying = optionUnderlying(position.tradingsymbol);
  return positions.filter(
    (other) =>
      other.quantity !== 0 &&
      optionUnderlying(other.tradingsymbol) === underlying &&
      other.expiry === position.expiry &&
      other.product === position.product &&
      other.portfolio_id === position.portfolio_id,
  );
}

/**
 * "Roll to next expiry" on an option position (issue 63): the server plans the basket (the next expiry listed, the
 * strike kept or its distance from the money, the lots per contract; trading/option-rolls.ts), the dialog shows each
 * leg's prices, the net credit or debit and the basket's margin and charges (margins/orders, as every basket's),
 * then sends it as one idempotent basket. The strategy's other legs of the same expiry can be rolled with it.
 */
export function RollOption({ position, positions, account, disabled, onDone }: { position: Position; positions: readonly Position[]; account: TradingAccount; disabled: boolean; onDone: () => void }) {
  const intl = useIntl();
  if (optionUnderlying(position.tradingsymbol) === null) return null;
  return (
    <RollAction
      // A replay's book (RP1) plans nothing on the server's market: its roll is not offered there.
      offered={position.quantity !== 0 && replayTradedBy(account.account_number) === null}
      disabled={disabled}
      label={intl.formatMessage(messages.roll)}
      dialog={(onClose) => <RollDialog position={position} legs={strategyLegs(position, positions)} account={account} onDone={onDone} onClose={onClose} />}
    />
  );
}

type Plan = { key: string; roll: Roll | null; error: ApiError | null; margins: OrderMargins | null | 'failed' };

function RollDialog({ position, legs, account, onDone, onClose }: { position: Position; legs: Position[]; account: TradingAccount; onDone: () => void; onClose: () => void }) {
  const intl = useIntl();
  const { formatContract, formatDate, formatInr, formatNumber } = useFormat();
  const intent = useOrderIntent(account);
  const [mode, setMode] = useState<Mode>('same_strike');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set([position.tradingsymbol]));
  const [plan, setPlan] = useState<Plan | null>(null);
  const rolled = legs.filter((leg) => chosen.has(leg.tradingsymbol));
  // Once sent, the plan stays the one sent: the legs' quantities then go to 0 as the roll fills, and the dialog
  // goes on saying what was sent and its outcome rather than planning a roll of nothing.
  const [sentKey, setSentKey] = useState<string | null>(null);
  const planKey = sentKey ?? JSON.stringify([mode, rolled.map((leg) => [leg.tradingsymbol, leg.quantity])]);
  const owner = position.portfolio_id === null ? {} : { portfolio_id: position.portfolio_id };
  const orders = (roll: Roll): OrderRequest[] => roll.orders.map((order) => ({ ...order, order_type: 'MARKET', product: position.product }));

  useEffect(() => {
    const [wanted, asked] = JSON.parse(planKey) as [Mode, [string, number][]];
    if (asked.length === 0) return;
    let current = true;
    planOptionRoll({ account_number: account.account_number, mode: wanted, legs: asked.map(([tradingsymbol, quantity]) => ({ tradingsymbol, quantity })) })
      .then(async (roll) => {
        if (!current) return;
        setPlan({ key: planKey, roll, error: null, margins: null });
        const margins = await getOrderMargins(account.account_number, roll.orders.map((order) => ({ ...order, order_type: 'MARKET', product: position.product })), position.portfolio_id).catch(() => 'failed' as const);
        if (current) setPlan({ key: planKey, roll, error: null, margins });
      })
      .catch((error: unknown) => current && setPlan({ key: planKey, roll: null, error: isApiError(error) ? error : null, margins: null }));
    return () => {
      current = false;
    };
  }, [planKey, account.account_number, position.product, position.portfolio_id]);

  const shown = plan?.key === planKey ? plan : null;
  const roll = shown?.roll ?? null;
  const finished = intent.outcome !== null && intent.outcome.kind !== 'unknown';
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const price = (contract: RollContract) => {
    const fill = contract.side === 'SELL' ? contract.bid : contract.ask;
    return fill === null ? intl.formatMessage(messages.noPrice) : `${formatInr(fill, two)} (${intl.formatMessage(quoteText, { bid: contract.bid === null ? '–' : formatInr(contract.bid, two), ask: contract.ask === null ? '–' : formatInr(contract.ask, two) })})`;
  };
  const legLine = (contract: RollContract) =>
    intl.formatMessage(legText, {
      side: intl.formatMessage(contract.side === 'SELL' ? messages.sell : messages.buy),
      quantity: formatNumber(contract.quantity),
      lots: contract.lots,
      symbol: formatContract(contract.tradingsymbol, contract.expiry),
      price: price(contract),
    });

  const send = async () => {
    if (roll === null) return;
    setSentKey(planKey);
    const outcome = await intent.run((key) => placeTrades(key, { account_number: account.account_number, ...owner, orders: orders(roll) }));
    // Not sent (the live order's question declined, or one already in flight): the trader may change the roll.
    if (outcome === null) setSentKey(null);
    else onDone();
  };

  return (
    <Modal
      onClose={onClose}
      role="alertdialog"
      title={intl.formatMessage(titleText, { symbol: formatContract(position.tradingsymbol, position.expiry) })}
      description={intl.formatMessage(messages.body)}
      actions={
        <IntentDialogActions finished={finished} onClose={onClose}>
          <Button type="button" disabled={roll === null || intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
            {intl.formatMessage(messages.confirm)}
          </Button>
        </IntentDialogActions>
      }
    >
      <div className="flex min-w-0 flex-col gap-3 text-sm text-fg">
        <OrderAccount account={account} />
        <SettingsChoice
          legend={intl.formatMessage(messages.strike)}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'same_strike', label: intl.formatMessage(messages.sameStrike) },
            { value: 'same_distance', label: intl.formatMessage(messages.sameDistance) },
          ]}
        />
        {legs.length > 1 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold">{intl.formatMessage(messages.legs)}</legend>
            {legs.map((leg) => (
              <CheckboxField
                key={leg.tradingsymbol}
                name="roll-leg"
                label={intl.formatMessage(legChoiceText, { quantity: formatNumber(leg.quantity), symbol: formatContract(leg.tradingsymbol, leg.expiry) })}
                checked={chosen.has(leg.tradingsymbol)}
                onChange={(checked) =>
                  setChosen((before) => {
                    const after = new Set(before);
                    if (checked) after.add(leg.tradingsymbol);
                    else after.delete(leg.tradingsymbol);
                    return after;
                  })
                }
              />
            ))}
          </fieldset>
        )}
        {rolled.length === 0 ? null : shown === null ? (
          <p role="status" className="text-fg-muted">
            {intl.formatMessage(messages.loading)}
          </p>
        ) : roll === null ? (
          <p role="alert" className="text-loss">
            {shown.error === null ? intl.formatMessage(messages.failed) : <RefusalText error={shown.error} />}
          </p>
        ) : (
          <>
            <p>{intl.formatMessage(expiriesText, { from: formatDate(roll.from_expiry.date), to: formatDate(roll.to_expiry.date) })}</p>
            {roll.mode === 'same_distance' && roll.at_the_money.from !== null && roll.at_the_money.to !== null && (
              <p className="text-fg-muted">{intl.formatMessage(atmText, { from: formatNumber(roll.at_the_money.from), to: formatNumber(roll.at_the_money.to) })}</p>
            )}
            <ul className="flex min-w-0 flex-col gap-1 break-words" data-testid="roll-option-legs">
              {roll.legs.flatMap((leg) => [leg.close, leg.open]).map((contract) => (
                <li key={`${contract.tradingsymbol}-${contract.side}`}>{legLine(contract)}</li>
              ))}
            </ul>
            <p className="font-medium" data-testid="roll-option-net">
              {roll.net_premium === null
                ? intl.formatMessage(messages.noNet)
                : intl.formatMessage(roll.net_premium >= 0 ? creditText : debitText, { amount: formatInr(Math.abs(roll.net_premium), two) })}
            </p>
            <p className="text-fg-muted" data-testid="roll-option-margin">
              {shown.margins === null
                ? intl.formatMessage(messages.marginLoading)
                : shown.margins === 'failed'
                  ? intl.formatMessage(messages.marginFailed)
                  : intl.formatMessage(marginText, { required: formatInr(shown.margins.required, two), charges: formatInr(shown.margins.charges, two), available: formatInr(shown.margins.available, two) })}
            </p>
          </>
        )}
        <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
        <LiveOrderDialog {...intent.question} />
      </div>
    </Modal>
  );
}
