import { useState } from 'react';
import { useIntl } from 'react-intl';
import { placeTrades, squareoffTrades } from '@/features/orders/api/trading-calls';
import type { BrokerCapabilities, Product, TradingAccount } from '@/features/orders/api/trading-types';
import { useOrderSentence } from '@/features/orders/components/intent-outcome';
import { AfterMarketNotice, AfterMarketQuestion, afterMarketLabel, afterMarketNeeded, useAfterMarketText, type AfterMarket } from '@/features/orders/components/after-market-notice';
import { LiveOrderDialog } from '@/features/orders/components/live-order-dialog';
import { OrderAccount } from '@/features/orders/components/order-account';
import { useAfterMarketChoice } from '@/features/orders/hooks/use-after-market-choice';
import { useOrderIntent } from '@/features/orders/hooks/use-order-intent';
import { intentMessages, productMessages } from '@/features/orders/order-messages';
import type { BuilderLeg } from '@/features/strategies/model/builder-leg';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormat } from '@/lib/format/use-format';
import { sayServerText } from '@/i18n/say-server-text';
import { basketMessages, confirmBodyText, failedLegText, notSentText, productText, tradeAllText } from '@/app/strategy-builder/basket-messages';
import { basketOrders } from '@/app/strategy-builder/basket-orders';
import { legResults, type LegResult } from '@/app/strategy-builder/basket-results';
import { RefusalText } from '@/i18n/server-text';

type BasketTradeProps = {
  legs: readonly BuilderLeg[];
  /** The account the basket goes to, named above "Trade all" with whether it is paper or live. */
  account: TradingAccount | null;
  /** What the account's broker takes (the brokers list's): whether it asks for the AMO and its time. Null: not read yet. */
  capabilities?: BrokerCapabilities | null;
  portfolioId: number | null;
  product: Product;
  /** Why trading is not possible now (offline, no session, a snapshot), already translated; null when it is. */
  blocked: string | null;
  onFilled: (fills: ReadonlyMap<string, LegResult & { status: 'filled' }>) => void;
  /**
   * Set while the exchange is closed: each leg goes as an after-market order (AMO), which the basket says; on a
   * live account whose broker makes the AMO the trader's choice (Dhan, Shoonya, Flattrade) only once chosen,
   * with Dhan's AMO time, as the order ticket asks (useAfterMarketChoice).
   */
  afterMarket?: AfterMarket | null;
};

/**
 * "Trade all": the enabled legs as one basket (place_trades, one idempotency key per intent, hedges first),
 * each leg's outcome, and when some legs filled while others failed, the two ways out: retry the failed
 * legs (a new intent with only those) or exit what filled (square off those positions).
 */
export function BasketTrade({ legs, account, capabilities = null, portfolioId, product, blocked, onFilled, afterMarket = null }: BasketTradeProps) {
  const intl = useIntl();
  const { formatContract } = useFormat();
  const sentence = useOrderSentence();
  const basket = useOrderIntent(account);
  const exit = useOrderIntent(account);
  const accountNumber = account?.account_number ?? null;
  const [confirming, setConfirming] = useState<'trade' | 'exit' | null>(null);
  const [results, setResults] = useState<ReadonlyMap<string, LegResult>>(new Map());
  const [exited, setExited] = useState(false);
  const enabled = legs.filter((leg) => leg.enabled);
  const amoChoice = useAfterMarketChoice(account, capabilities, afterMarket);
  const afterMarketText = useAfterMarketText();
  // Another basket is another intent: a new key, even when the last outcome was unknown. Another AMO choice or
  // time is another basket, as on the ticket.
  const ordersKey = JSON.stringify([basketOrders(legs, product).map((item) => item.order), amoChoice.fields]);
  const [intended, setIntended] = useState(ordersKey);
  if (intended !== ordersKey) {
    setIntended(ordersKey);
    basket.changed();
  }
  const portfolio = portfolioId === null ? {} : { portfolio_id: portfolioId };

  const send = async (toSend: readonly BuilderLeg[]) => {
    if (accountNumber === null) return;
    const items = basketOrders(toSend, product);
    // Every leg carries the trader's AMO choice and time where the broker asks for them (nothing elsewhere: Kite and
    // Upstox make every order out of hours an AMO, and the buttons say so).
    const outcome = await basket.run((key) => placeTrades(key, { account_number: accountNumber, ...portfolio, orders: items.map((item) => ({ ...item.order, ...amoChoice.fields })) }));
    if (outcome === null) return;
    const found = legResults(
      items.map((item) => item.leg),
      outcome,
      (order) => sayServerText(intl, order.status_message_i18n, order.status_message ?? order.status),
      (error) => <RefusalText error={error} />,
    );
    setResults((current) => new Map([...current, ...found]));
    const filled = new Map([...found].filter((entry): entry is [string, LegResult & { status: 'filled' }] => entry[1].status === 'filled'));
    if (filled.size > 0) onFilled(filled);
  };

  const filledLegs = enabled.filter((leg) => results.get(leg.id)?.status === 'filled');
  const failedLegs = enabled.filter((leg) => results.get(leg.id)?.status === 'failed');
  const partial = filledLegs.length > 0 && failedLegs.length > 0 && !exited;

  const exitFilled = async () => {
    if (accountNumber === null) return;
    const positions = filledLegs.map((leg) => ({ tradingsymbol: leg.tradingsymbol, exchange: leg.exchange, product }));
    const outcome = await exit.run((key) => squareoffTrades(key, { account_number: accountNumber, ...portfolio, positions }));
    setConfirming(null);
    if (outcome !== null && (outcome.kind === 'answered' || outcome.kind === 'found')) setExited(true);
  };

  const outcome = basket.outcome;
  // The entries' buttons say "as AMO" once they will go as one; the exit's always do out of hours (an exit needs no
  // choice: the broker holds it as an AMO, as the square-off's does).
  const amo = (action: string) => afterMarketLabel(intl, amoChoice.goesAs, action);
  const exitAmo = (action: string) => afterMarketLabel(intl, afterMarket, action);
  const amoNeeded = amoChoice.needed && blocked === null ? intl.formatMessage(afterMarketNeeded, { count: enabled.length }) : null;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3 sm:p-4" aria-labelledby="basket-title">
      <h2 id="basket-title" className="text-lg font-semibold text-fg">{intl.formatMessage(basketMessages.title)}</h2>
      {account !== null && <OrderAccount account={account} />}
      {blocked === null && <AfterMarketQuestion choice={amoChoice} orders={enabled.length} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => setConfirming('trade')} disabled={blocked !== null || amoNeeded !== null || enabled.length === 0} busy={basket.pending}>
          {amo(intl.formatMessage(tradeAllText, { count: enabled.length }))}
        </Button>
        {(blocked ?? amoNeeded) !== null && <p className="text-sm text-fg-muted">{blocked ?? amoNeeded}</p>}
      </div>
      {amoChoice.goesAs !== null && blocked === null && <AfterMarketNotice afterMarket={amoChoice.goesAs} orders={enabled.length} />}
      {basket.checking && <p role="status" className="text-sm font-medium text-warn">{intl.formatMessage(intentMessages.checking)}</p>}
      {outcome?.kind === 'not_placed' && <p role="status" className="text-sm text-fg">{intl.formatMessage(intentMessages.notPlaced)}</p>}
      {outcome?.kind === 'unknown' && <p role="alert" className="text-sm text-loss">{intl.formatMessage(intentMessages.unknown)}</p>}
      {results.size > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label={intl.formatMessage(basketMessages.title)}>
          {enabled.map((leg) => {
            const result = results.get(leg.id);
            const text =
              result === undefined ? intl.formatMessage(notSentText, { symbol: formatContract(leg.tradingsymbol, leg.expiry) })
              : result.status === 'failed' ? intl.formatMessage(failedLegText, { symbol: formatContract(leg.tradingsymbol, leg.expiry), reason: result.reason })
              : result.orders.map(sentence).join(' · ');
            const tone = result?.status === 'filled' ? 'text-profit' : result?.status === 'failed' ? 'font-semibold text-loss' : 'text-fg';
            return (
              <li key={leg.id} className={tone} data-testid="basket-leg" data-status={result?.status ?? 'not-sent'}>
                {text}
              </li>
            );
          })}
        </ul>
      )}
      {partial && (
        <div role="alert" className="flex flex-col gap-2 rounded-lg border-2 border-loss bg-loss/10 p-3">
          <p className="font-semibold text-loss">{intl.formatMessage(basketMessages.partialTitle)}</p>
          <p className="text-sm text-fg">{intl.formatMessage(basketMessages.partialBody)}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void send(failedLegs)} busy={basket.pending} disabled={blocked !== null || amoNeeded !== null}>{amo(intl.formatMessage(basketMessages.retry))}</Button>
            <Button variant="danger" onClick={() => setConfirming('exit')} busy={exit.pending} disabled={blocked !== null}>{exitAmo(intl.formatMessage(basketMessages.exit))}</Button>
          </div>
        </div>
      )}
      {exited && <p role="status" className="text-sm text-fg">{intl.formatMessage(basketMessages.exited)}</p>}
      <ConfirmDialog
        open={confirming === 'trade'}
        title={intl.formatMessage(basketMessages.confirmTitle)}
        description={
          <>
            {intl.formatMessage(confirmBodyText, { count: enabled.length })}
            {/* The panel's AMO notice and time are under this dialog: the question repeats what the legs go as. */}
            {amoChoice.goesAs !== null && (
              <span className="mt-2 block font-medium text-fg" data-testid="basket-confirm-amo">
                {afterMarketText(amoChoice.goesAs, enabled.length, amoChoice.fields.after_market_time)}
              </span>
            )}
          </>
        }
        confirmLabel={amo(intl.formatMessage(basketMessages.confirm))}
        busy={basket.pending}
        onConfirm={() => {
          setConfirming(null);
          setResults(new Map());
          setExited(false);
          void send(enabled);
        }}
        onClose={() => setConfirming(null)}
      >
        <p className="text-sm font-medium text-fg">{intl.formatMessage(productText, { product: intl.formatMessage(productMessages[product]) })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'exit'}
        title={intl.formatMessage(basketMessages.exitTitle)}
        description={intl.formatMessage(basketMessages.exitBody)}
        confirmLabel={exitAmo(intl.formatMessage(basketMessages.exit))}
        busy={exit.pending}
        onConfirm={() => void exitFilled()}
        onClose={() => setConfirming(null)}
      >
        {/* The exit is asked about while its own question stays open, so the live one is nested in it. */}
        <LiveOrderDialog {...exit.question} />
      </ConfirmDialog>
      <LiveOrderDialog {...basket.question} />
    </section>
  );
}
