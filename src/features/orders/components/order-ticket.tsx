import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { executeOrder } from '@/features/orders/api/trading-calls';
import type { BrokerCapabilities, OrderRequest, Product, TradingAccount, TransactionType } from '@/features/orders/api/trading-types';
import { AfterMarketNotice, AfterMarketQuestion, afterMarketLabel, afterMarketNeeded, type AfterMarket } from '@/features/orders/components/after-market-notice';
import { ChargesBreakdown } from '@/features/orders/components/charges-breakdown';
import { SliceHint } from '@/features/orders/components/slice-hint';
import { TicketAction } from '@/features/orders/components/ticket-action';
import { TicketContract } from '@/features/orders/components/ticket-contract';
import { DepthLadder } from '@/features/orders/components/depth-ladder';
import { TicketHeading } from '@/features/orders/components/ticket-heading';
import { TicketSide } from '@/features/orders/components/ticket-side';
import { cannotSendText, problemMessages } from '@/features/orders/components/ticket-check-messages';
import { TicketFields, type TicketValues } from '@/features/orders/components/ticket-fields';
import { slicePlan } from '@/features/orders/model/order-slices';
import { checkTicket, firstProblem } from '@/features/orders/model/ticket-checks';
import type { MisWindow } from '@/features/orders/model/product-default';
import { useTicketValues } from '@/features/orders/hooks/use-ticket-values';
import { LiveOrderDialog } from '@/features/orders/components/live-order-dialog';
import { MarginLines } from '@/features/orders/components/margin-lines';
import { ticketMessages as messages, ticketText as t } from '@/features/orders/components/order-ticket-messages';
import { OrderAccount } from '@/features/orders/components/order-account';
import { useAfterMarketChoice } from '@/features/orders/hooks/use-after-market-choice';
import { useOrderIntent } from '@/features/orders/hooks/use-order-intent';
import { useOrderMargins } from '@/features/orders/hooks/use-order-margins';
import { useSecondsSince } from '@/features/orders/hooks/use-seconds-since';
import { intentMessages, productMessages, sideMessages } from '@/features/orders/order-messages';
import { Button } from '@/components/ui/button';
import { PriceAnnouncer } from '@/components/trading/price-announcer';
import { cx } from '@/components/ui/class-names';
import { useNetworkBlock } from '@/lib/network/use-network-block';
import { useFormat } from '@/lib/format/use-format';
import { tradingModeOf } from '@/lib/trading/trading-mode';
import { ReplayMark } from '@/components/trading/replay-mark';

export type TicketInstrument = {
  instrument: string;
  tradingsymbol: string;
  exchange: 'NFO' | 'BFO';
  lot_size: number;
  /** An option's strike; a future has none. */
  strike?: number | null;
  instrument_type: 'CE' | 'PE' | 'FUT';
  expiry: string;
  name: string;
};

export type TicketQuote = { last_price: number; bid?: number | undefined; ask?: number | undefined; timestamp: string };

export type TicketDefaults = { product: Product; order_type: 'MARKET' | 'LIMIT'; lots: number; confirm_before_order: boolean };

/**
 * A price older than this is not traded on: no "place it anyway" (issue 24: a saved copy 16 minutes old was
 * one tick away from an order). The ticket says how old it is and waits for a live one.
 */
const staleAfterMs = 5000;

/**
 * Buy or sell one option or futures contract: lots with the quantity they make, order type, product, price and trigger
 * where needed, the margin and charges before sending, a review step when the trade defaults ask for one,
 * and the broker's final answer. Disabled with the reason when offline, when the server does not answer
 * (lib/network), when the price is not live, or without a broker session. With the exchange closed it says
 * plainly that the order goes as an after-market order (AMO) at the next open, and sends it as one; on a broker
 * that makes the AMO the trader's choice (Dhan, Shoonya, Flattrade) it asks for it first.
 */
export function OrderTicket({
  instrument,
  quote,
  account,
  capabilities = null,
  brokerName = null,
  notStreamedBy = null,
  portfolioId,
  sessionOpen,
  defaults,
  initialSide,
  initialLots,
  freezeQuantity = null,
  notice = null,
  killSwitchOn = false,
  afterMarket = null,
  mis = null,
  feedHeardAt = null,
  framing = 'card',
  footnote = null,
  onPlaced,
  onClose,
}: {
  instrument: TicketInstrument;
  quote: TicketQuote | null;
  /** The account the order goes to, named on the ticket with whether it is paper or live. */
  account: TradingAccount | null;
  /** What the account's broker takes (the brokers list's): whether it asks for the AMO, its depth. Null: not read yet. */
  capabilities?: BrokerCapabilities | null;
  /** The account's broker by name, in the trader's words: what the ticket says its depth comes from. */
  brokerName?: string | null;
  /** The broker whose price stream said it does not stream this contract: its price will never come. */
  notStreamedBy?: string | null;
  portfolioId: number | null;
  sessionOpen: boolean;
  defaults: TicketDefaults;
  initialSide: TransactionType;
  /** Lots to start with (a recommendation's), else the trade defaults'. */
  initialLots?: number | null;
  /** The exchange's most per order for the contract's index (unknown: the ticket says nothing of slicing). */
  freezeQuantity?: number | null;
  /** Said above everything else (the account's kill switch is on). */
  notice?: ReactNode;
  /** The account's kill switch is on: every order the ticket sends is an entry, refused, so it sends none (issue 62). */
  killSwitchOn?: boolean;
  /**
   * Set while the exchange is closed (the server's market status): the order goes as an after-market order
   * (AMO), held by the broker until the next open, so the price shown is the last close and need not be live.
   */
  afterMarket?: AfterMarket | null;
  /** MIS now (the server's market status): after the cut-off "MIS is closed for today" and NRML; the demo's rule. */
  mis?: MisWindow | null;
  /**
   * When the price feed last vouched for the prices it holds (Date.now() ms): a price, or a live broker's
   * keep-alive while its contracts are quiet. A quote that has not moved for a while is still the market's
   * price while the feed says so: Kite and Upstox send nothing for a contract nobody trades. Null: the
   * quote's own age alone decides (a replay, whose quotes age on its own clock).
   */
  feedHeardAt?: number | null;
  /**
   * card: a panel of its own with its heading (beside the chain). sheet: the body of a sheet or dialog whose
   * title is the ticket's (TicketHeading), filling it: the fields scroll, the send button stays in view.
   */
  framing?: 'card' | 'sheet';
  /** Said after the fields, above the margins (the desk's "Set a price alert instead"). */
  footnote?: ReactNode;
  onPlaced?: () => void;
  onClose?: () => void;
}) {
  const intl = useIntl();
  const { formatInr, formatNumber } = useFormat();
  const networkBlock = useNetworkBlock();
  const online = networkBlock === null;
  const formId = useId();
  const [side, setSide] = useState<TransactionType>(initialSide);
  const [values, setValues] = useTicketValues(defaults, initialLots, quote, mis);
  const { type, product } = values;
  const [reviewing, setReviewing] = useState(false);
  const intent = useOrderIntent(account);
  const accountNumber = account?.account_number ?? null;
  const live = account !== null && tradingModeOf(account) === 'live';
  const replay = account !== null && tradingModeOf(account) === 'replay';
  const age = useSecondsSince(quote?.timestamp ?? null);
  const feedAge = useSecondsSince(feedHeardAt === null ? null : new Date(feedHeardAt).toISOString());
  // Out of hours on a broker that asks (Dhan, Shoonya, Flattrade) the trader chooses the AMO (the server refuses one
  // not chosen), and its time where the broker takes one; until then the ticket speaks of the order as of any other.
  const amoChoice = useAfterMarketChoice(account, capabilities, afterMarket);
  const amo = amoChoice.goesAs;
  // The levels the broker streams by default (the depth read names none); none where it streams no deeper book.
  const depthLevels = capabilities?.market_depth_levels[0];
  // An AMO meets the market at the next open: the last close is the price there is until then.
  const stale = afterMarket === null && age !== null && age * 1000 > staleAfterMs && (feedAge === null || feedAge * 1000 > staleAfterMs);

  const checks = checkTicket({ side, ...values, lastPrice: quote?.last_price ?? null });
  const problem = firstProblem(checks);
  const quantity = checks.lots === undefined ? Number(values.lotsText) * instrument.lot_size : null;
  const slicing = quantity === null || freezeQuantity === null ? null : slicePlan(quantity, instrument.lot_size, freezeQuantity);
  const price = Number(values.priceText);
  const trigger = Number(values.triggerText);
  const needsPrice = type !== 'MARKET';
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

  const request: OrderRequest | null =
    quantity === null || problem !== null
      ? null
      : {
          tradingsymbol: instrument.tradingsymbol,
          exchange: instrument.exchange,
          transaction_type: side,
          order_type: type,
          product,
          quantity,
          ...(needsPrice ? { price } : {}),
          ...(type === 'SL' ? { trigger_price: trigger } : {}),
        };
  const requestKey = request === null ? null : JSON.stringify(request);

  const margins = useOrderMargins(requestKey, accountNumber, online, portfolioId);

  const edited = () => {
    setReviewing(false);
    intent.changed();
  };
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    edited();
  };
  const change = (changes: Partial<TicketValues>) => edit(setValues)(changes);

  const blocked =
    networkBlock ??
    (accountNumber === null
      ? intl.formatMessage(intentMessages.noAccount)
      : !sessionOpen
        ? intl.formatMessage(intentMessages.noSession)
        : killSwitchOn
          ? intl.formatMessage(messages.killSwitchOn)
          : null);
  const amoNeeded = amoChoice.needed && blocked === null ? intl.formatMessage(afterMarketNeeded, { count: 1 }) : null;
  const canSend = blocked === null && amoNeeded === null && request !== null && slicing?.tooMany !== true && !intent.pending && !stale;

  // Focus follows the order: it stays on the send button while it is sending (busy, not disabled, which
  // would drop focus to the page body under an open dialog), then moves to the outcome once it is known —
  // in the same commit that shows the outcome (a layout effect), so focus never rests on a stale button.
  const outcomeBox = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  useLayoutEffect(() => {
    if (intent.outcome === null || !focusOutcome.current) return;
    focusOutcome.current = false;
    outcomeBox.current?.focus();
  }, [intent.outcome]);

  const send = async () => {
    if (request === null || accountNumber === null) return;
    setReviewing(false);
    focusOutcome.current = true;
    const body = { action: 'open' as const, account_number: accountNumber, ...(portfolioId === null ? {} : { portfolio_id: portfolioId }), ...request, ...amoChoice.fields };
    const outcome = await intent.run((key) => executeOrder(key, body));
    if (outcome !== null && (outcome.kind === 'answered' || outcome.kind === 'found')) onPlaced?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (defaults.confirm_before_order && !reviewing) {
      setReviewing(true);
      return;
    }
    void send();
  };

  const sideLabel = intl.formatMessage(sideMessages[side]);
  const how = type === 'MARKET' ? intl.formatMessage(t.atMarket) : intl.formatMessage(t.atPrice, { price: formatInr(price, two) });
  const short = margins.value !== null && margins.value.required > margins.value.available;

  const problemId = blocked === null && problem !== null ? `${formId}-why` : null;
  const reasons = {
    stale: stale && blocked === null ? intl.formatMessage(t.stale, { seconds: formatNumber(age ?? 0) }) : null,
    blocked: blocked ?? amoNeeded,
    review:
      reviewing && quantity !== null
        ? intl.formatMessage(t.review, { side: sideLabel, quantity: formatNumber(quantity), symbol: instrument.tradingsymbol, how, product: intl.formatMessage(productMessages[product]) })
        : null,
    problem: problemId === null || problem === null ? null : intl.formatMessage(cannotSendText, { reason: intl.formatMessage(problemMessages[problem]) }),
  };

  const card = framing === 'card';
  const sendLabel = (inReplay: boolean, label: string) => (inReplay ? intl.formatMessage(t.replaySubmit, { label }) : label);
  return (
    <form
      aria-labelledby={card ? `${formId}-title` : undefined}
      onSubmit={onSubmit}
      // A live account's ticket is framed in red as well as badged: real money must never look like practice.
      className={cx(
        'flex min-h-0 flex-col bg-surface',
        card ? 'max-h-[calc(100dvh-2rem)] rounded-lg' : 'flex-1',
        // A replay's in its violet: a past day, neither practice today nor real money.
        live ? (card ? 'border-2 border-danger' : 'ring-2 ring-danger ring-inset') : replay ? (card ? 'border-2 border-replay' : 'ring-2 ring-replay ring-inset') : card && 'border border-line',
      )}
      data-testid="order-ticket"
    >
      {card && (
        <div className="flex items-start justify-between gap-2 px-4 pt-4">
          <h2 id={`${formId}-title`} className="text-base font-semibold text-fg">
            <TicketHeading tradingsymbol={instrument.tradingsymbol} />
          </h2>
          {onClose && (
            <Button type="button" variant="ghost" onClick={onClose}>
              {intl.formatMessage(messages.close)}
            </Button>
          )}
        </div>
      )}
      {/* The fields scroll; the action under them stays in view (issue 36: Buy was two screens down on a phone). */}
      <div className={cx('flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 pb-4', card ? 'pt-1' : 'pt-3')} data-ticket-body>
        <TicketContract instrument={{ ...instrument, strike: instrument.strike ?? null }} quote={quote} notStreamedBy={notStreamedBy} />
        {account !== null && brokerName !== null && depthLevels !== undefined && instrument.exchange === 'NFO' && (
          <DepthLadder accountNumber={account.account_number} tradingsymbol={instrument.tradingsymbol} broker={brokerName} levels={depthLevels} />
        )}
        {notice}
        {account !== null && <OrderAccount account={account} />}
        <PriceAnnouncer symbol={instrument.tradingsymbol} lastPrice={quote?.last_price ?? null} />

        <TicketSide side={side} onChange={edit(setSide)} />

        <TicketFields values={values} onChange={change} checks={checks} lotSize={instrument.lot_size} quantity={quantity} lastPrice={quote?.last_price ?? null} mis={mis} />

        {slicing !== null && <SliceHint plan={slicing} />}
        {/* Above the margins, which arrive after the ticket opens: below them, it moved down as they did, under a tap on its way. */}
        {footnote}

        {blocked === null && request !== null && (
          // The figures of the order before an edit, until the edited order's arrive: muted and busy.
          <div aria-live="polite" aria-busy={!margins.current} data-testid="margin-block" className="flex flex-col gap-1">
            {margins.value !== null ? (
              <MarginLines margins={margins.value} short={short} stale={!margins.current} />
            ) : (
              <p className="text-sm text-fg-muted">{intl.formatMessage(margins.failed ? messages.marginFailed : messages.marginLoading)}</p>
            )}
            {short && <p className="text-sm text-loss">{intl.formatMessage(messages.short)}</p>}
          </div>
        )}
        {blocked === null && request !== null && margins.value !== null && <ChargesBreakdown margins={margins.value} stale={!margins.current} />}

        {blocked === null && <AfterMarketQuestion choice={amoChoice} onEdit={edited} />}
        {amo !== null && blocked === null && <AfterMarketNotice afterMarket={amo} />}
      </div>

      <TicketAction
        side={side}
        label={sendLabel(replay, afterMarketLabel(intl, amo, intl.formatMessage(t.submit, { side: sideLabel, quantity: quantity === null ? '' : formatNumber(quantity) })))}
        mark={replay ? <ReplayMark /> : null}
        reasons={reasons}
        problemId={problemId}
        canSend={canSend}
        pending={intent.pending}
        reviewing={reviewing}
        onBack={() => setReviewing(false)}
        outcome={intent.outcome}
        checking={intent.checking}
        outcomeBox={outcomeBox}
      />
      <LiveOrderDialog {...intent.question} />
    </form>
  );
}
