import { useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { components } from '@openapi/main';
import { executeOrder, placeStopLoss, placeTarget, squareoffTrades } from '@/features/orders/api/trading-calls';
import type { Order, TradingAccount } from '@/features/orders/api/trading-types';
import { AfterMarketNotice, afterMarketLabel, type AfterMarket } from '@/features/orders/components/after-market-notice';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { LiveOrderDialog } from '@/features/orders/components/live-order-dialog';
import { OrderAccount } from '@/features/orders/components/order-account';
import { ProtectionLines } from '@/features/orders/components/protection-lines';
import { protectionOf } from '@/features/orders/model/position-protection';
import { squareOffRequest, stopLossRequest, targetRequest } from '@/features/orders/model/position-requests';
import { useOrderIntent } from '@/features/orders/hooks/use-order-intent';
import { IntentDialogActions } from '@/features/orders/components/intent-dialog-actions';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useFormat } from '@/lib/format/use-format';

type Position = components['schemas']['Position'];

const messages = defineMessages({
  squareOff: { id: 'orders.position.squareOff', defaultMessage: 'Square off' },
  stopLoss: { id: 'orders.position.stopLoss', defaultMessage: 'Stop-loss' },
  target: { id: 'orders.position.target', defaultMessage: 'Target' },
  squareOffAll: { id: 'orders.position.squareOffAll', defaultMessage: 'Square off all' },
  squareOffAllTitle: { id: 'orders.position.squareOffAllTitle', defaultMessage: 'Square off every open position?' },
  squareOffAllBody: {
    id: 'orders.position.squareOffAllBody',
    defaultMessage: 'Working orders on these positions are cancelled first; then shorts are bought back before longs are sold, at market.',
  },
  trigger: { id: 'orders.position.trigger', defaultMessage: 'Trigger price (₹)' },
  limit: { id: 'orders.position.limit', defaultMessage: 'Limit price once triggered (₹)' },
  targetPrice: { id: 'orders.position.targetPrice', defaultMessage: 'Target price (₹)' },
  pairNote: {
    id: 'orders.position.pairNote',
    defaultMessage: 'A stop-loss and a target on the same position form a pair: when one fills, the other is cancelled.',
  },
  send: { id: 'orders.position.send', defaultMessage: 'Place' },
  confirm: { id: 'orders.position.confirm', defaultMessage: 'Square off' },
  done: { id: 'orders.position.done', defaultMessage: 'Done' },
});

const closeLine = defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue }>({
  id: 'orders.position.closeLine',
  defaultMessage: '{side} {quantity} {symbol} at market',
});
const squareOffOne = defineMessage<{ symbol: MessageValue }>({ id: 'orders.position.squareOffOne', defaultMessage: 'Square off {symbol}?' });
const protectTitle = defineMessage<{ kind: MessageValue; symbol: MessageValue }>({ id: 'orders.position.protectTitle', defaultMessage: '{kind} for {symbol}' });
const ifHitText = defineMessage<{ price: MessageValue; pnl: MessageValue; points: MessageValue }>({
  id: 'orders.position.ifHit',
  defaultMessage: 'If it fills at {price}: {pnl} ({points} points), before charges',
});
const buyText = defineMessage({ id: 'orders.position.buy', defaultMessage: 'Buy' });
const sellText = defineMessage({ id: 'orders.position.sell', defaultMessage: 'Sell' });

/**
 * What the buttons act on: the rows' account. Whose position each row is (a portfolio's share, or the
 * account's netted) comes from the row itself (position-requests.ts).
 */
type Common = {
  account: TradingAccount;
  disabled: boolean;
  onDone: () => void;
  /** The day's order book, to show each position's working stop-loss and target; null while unknown. */
  orders: readonly Order[] | null;
  /**
   * Set while the exchange is closed: the server sends a square-off as an after-market order (AMO) held until
   * the next open, and the buttons and the confirmation say so.
   */
  afterMarket?: AfterMarket | null;
};

/** What closing a position does, line by line: the confirmation lists exactly this. */
function CloseLines({ positions }: { positions: readonly Position[] }) {
  const intl = useIntl();
  const { formatContract, formatNumber } = useFormat();
  const ordered = [...positions.filter((p) => p.quantity < 0), ...positions.filter((p) => p.quantity > 0)];
  return (
    <ul className="flex flex-col gap-1 text-sm text-fg">
      {ordered.map((position) => (
        <li key={`${position.tradingsymbol}:${position.product}`}>
          {intl.formatMessage(closeLine, {
            side: intl.formatMessage(position.quantity < 0 ? buyText : sellText),
            quantity: formatNumber(Math.abs(position.quantity)),
            symbol: formatContract(position.tradingsymbol, position.expiry),
          })}
        </li>
      ))}
    </ul>
  );
}

function SquareOffDialog({ positions, title, account, afterMarket = null, onDone, onClose }: Omit<Common, 'disabled' | 'orders'> & { positions: readonly [Position, ...Position[]]; title: string; onClose: () => void }) {
  const intl = useIntl();
  const intent = useOrderIntent(account);
  const finished = intent.outcome !== null && intent.outcome.kind !== 'unknown';
  const send = async () => {
    const request = squareOffRequest(account, positions);
    const outcome = await intent.run((key) => ('one' in request ? executeOrder(key, request.one) : squareoffTrades(key, request.many)));
    if (outcome !== null) onDone();
  };
  return (
    <Modal
      onClose={onClose}
      title={title}
      role="alertdialog"
      description={intl.formatMessage(messages.squareOffAllBody)}
      actions={
        <IntentDialogActions finished={finished} onClose={onClose}>
          <Button type="button" variant="danger" disabled={intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
            {afterMarketLabel(intl, afterMarket, intl.formatMessage(messages.confirm))}
          </Button>
        </IntentDialogActions>
      }
    >
      <div className="flex flex-col gap-3">
        <OrderAccount account={account} />
        <CloseLines positions={positions} />
        {afterMarket !== null && <AfterMarketNotice afterMarket={afterMarket} orders={positions.length} />}
        <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
        <LiveOrderDialog {...intent.question} />
      </div>
    </Modal>
  );
}

function ProtectDialog({ kind, position, account, onDone, onClose }: Omit<Common, 'disabled' | 'orders'> & { kind: 'stoploss' | 'target'; position: Position; onClose: () => void }) {
  const intl = useIntl();
  const { formatContract } = useFormat();
  const intent = useOrderIntent(account);
  const long = position.quantity > 0;
  // Suggested levels: 20 % against the position for a stop-loss, 30 % in its favour for a target, on the tick.
  const tick = (value: number) => (Math.round(value * 20) / 20).toFixed(2);
  const [trigger, setTrigger] = useState(() => tick(position.average_price * (long ? 0.8 : 1.2)));
  const [limit, setLimit] = useState(() => tick(position.average_price * (long ? 0.78 : 1.22)));
  const [target, setTarget] = useState(() => tick(position.average_price * (long ? 1.3 : 0.7)));
  const send = async () => {
    const outcome = await intent.run((key) =>
      kind === 'stoploss'
        ? placeStopLoss(key, stopLossRequest(account, position, Number(trigger), Number(limit)))
        : placeTarget(key, targetRequest(account, position, Number(target))),
    );
    if (outcome !== null) onDone();
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    intent.changed();
  };
  const finished = intent.outcome !== null && (intent.outcome.kind === 'answered' || intent.outcome.kind === 'found');
  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(protectTitle, { kind: intl.formatMessage(kind === 'stoploss' ? messages.stopLoss : messages.target), symbol: formatContract(position.tradingsymbol, position.expiry) })}
      description={intl.formatMessage(messages.pairNote)}
      actions={
        <IntentDialogActions finished={finished} onClose={onClose}>
          <Button type="button" disabled={intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
            {intl.formatMessage(messages.send)}
          </Button>
        </IntentDialogActions>
      }
    >
      <div className="flex flex-col gap-3">
        <OrderAccount account={account} />
        {kind === 'stoploss' ? (
          <>
            <TextField label={intl.formatMessage(messages.trigger)} inputMode="decimal" value={trigger} onChange={(event) => edit(setTrigger)(event.target.value)} />
            <TextField label={intl.formatMessage(messages.limit)} inputMode="decimal" value={limit} onChange={(event) => edit(setLimit)(event.target.value)} />
          </>
        ) : (
          <TextField label={intl.formatMessage(messages.targetPrice)} inputMode="decimal" value={target} onChange={(event) => edit(setTarget)(event.target.value)} />
        )}
        <IfHit position={position} price={Number(kind === 'stoploss' ? limit : target)} />
        <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
        <LiveOrderDialog {...intent.question} />
      </div>
    </Modal>
  );
}

/**
 * What the stop-loss or target does to the position if it fills at its price (a stop-loss at its limit, the worst
 * it fills at), in rupees and points against the position's average (issue 62): the loss if hit, said before the
 * trader places it, as Kite's and Sensibull's order windows do. Nothing while the price is not a number.
 */
function IfHit({ position, price }: { position: Position; price: number }) {
  const intl = useIntl();
  const { formatInr, formatSignedInr, formatNumber } = useFormat();
  if (!Number.isFinite(price) || price <= 0) return null;
  const points = (price - position.average_price) * Math.sign(position.quantity);
  const rupees = Math.round((price - position.average_price) * position.quantity * 100) / 100;
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return (
    <p className={`text-sm font-medium ${rupees < 0 ? 'text-loss' : rupees > 0 ? 'text-profit' : 'text-fg'}`} data-testid="if-hit">
      {intl.formatMessage(ifHitText, {
        price: formatInr(price, two),
        pnl: formatSignedInr(rupees, two),
        points: formatNumber(points, { ...two, signDisplay: 'exceptZero' }),
      })}
    </p>
  );
}

/**
 * A position row's buttons: square off, stop-loss, target (none once it is closed; an open dialog stays).
 * A working stop-loss or target shows on the row with its price, Modify and Cancel, in place of its button.
 * `extra` comes first in the row (the app's price-alert bell), on closed positions too.
 */
export function PositionActions({ position, orders, extra, ...common }: Common & { position: Position; extra?: ReactNode }) {
  const intl = useIntl();
  const { formatContract } = useFormat();
  // The position as it was when the trader asked: a dialog keeps describing it after a reload changes it.
  const [open, setOpen] = useState<{ kind: 'squareoff' | 'stoploss' | 'target'; position: Position } | null>(null);
  const close = () => setOpen(null);
  const button = 'min-h-9 rounded-md border border-line px-2 text-xs font-medium text-fg hover:bg-surface-raised disabled:opacity-50';
  const ask = (kind: 'squareoff' | 'stoploss' | 'target') => () => setOpen({ kind, position });
  // Unknown (the book not read): both buttons stay, as before.
  const protection = orders === null ? null : protectionOf(position, orders);
  return (
    <div className="flex flex-col items-end gap-1">
      {(position.quantity !== 0 || extra !== undefined) && (
        <div className="flex flex-wrap justify-end gap-1">
          {extra}
          {position.quantity !== 0 && (
            <button type="button" className={button} disabled={common.disabled} onClick={ask('squareoff')}>
              {afterMarketLabel(intl, common.afterMarket ?? null, intl.formatMessage(messages.squareOff))}
            </button>
          )}
          {position.quantity !== 0 && (protection === null || protection.stopLosses.length === 0) && (
            <button type="button" className={button} disabled={common.disabled} onClick={ask('stoploss')}>
              {intl.formatMessage(messages.stopLoss)}
            </button>
          )}
          {position.quantity !== 0 && (protection === null || protection.targets.length === 0) && (
            <button type="button" className={button} disabled={common.disabled} onClick={ask('target')}>
              {intl.formatMessage(messages.target)}
            </button>
          )}
        </div>
      )}
      {protection !== null && (
        <ProtectionLines protection={protection} accountNumber={common.account.account_number} disabled={common.disabled} onDone={common.onDone} />
      )}
      {open?.kind === 'squareoff' && (
        <SquareOffDialog {...common} positions={[open.position]} title={intl.formatMessage(squareOffOne, { symbol: formatContract(open.position.tradingsymbol, open.position.expiry) })} onClose={close} />
      )}
      {(open?.kind === 'stoploss' || open?.kind === 'target') && <ProtectDialog {...common} kind={open.kind} position={open.position} onClose={close} />}
    </div>
  );
}

/** "Square off all", after a confirmation that lists what will be closed. */
export function SquareOffAll({ positions, ...common }: Omit<Common, 'orders'> & { positions: readonly Position[] }) {
  const intl = useIntl();
  // The positions as they were when the trader asked: the dialog stays (with its outcome) after they close.
  const [asked, setAsked] = useState<readonly [Position, ...Position[]] | null>(null);
  const [first, ...rest] = positions.filter((position) => position.quantity !== 0);
  return (
    <>
      {first !== undefined && (
        <Button type="button" variant="danger" disabled={common.disabled} onClick={() => setAsked([first, ...rest])}>
          {afterMarketLabel(intl, common.afterMarket ?? null, intl.formatMessage(messages.squareOffAll))}
        </Button>
      )}
      {asked !== null && (
        <SquareOffDialog {...common} positions={asked} title={intl.formatMessage(messages.squareOffAllTitle)} onClose={() => setAsked(null)} />
      )}
    </>
  );
}
