// An option position's roll to the next expiry (issue 63): the basket that closes the legs held and opens them in
// the expiry the underlying lists next, planned here and placed by the app as one basket (place_trades,
// one Idempotency-Key), its margin and charges asked where every basket's are (margins/orders). The expiry comes from
// the market's listing, which reads the dated expiry facts (a stock's monthlies, an index's weeklies and monthlies,
// holidays moving them earlier); the strike is the same, or as far from the next expiry's money as the leg is from its
// own's (quant/option-roll.ts); the lots are the position's, each in its own contract's lot (future-roll.ts rollBasket,
// the futures roll's rule). Prices are where the account's come from (account-prices.ts), as its orders would fill.
import type { components } from '../../../openapi/main.d.ts';
import { rollBasket, type RollLeg } from '../../../quant/future-roll.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { yearsToExpiry } from '../../../quant/option-inputs.ts';
import { forwardOf, nearestStrike, nextExpiry, rolledStrike, type RollChain } from '../../../quant/option-roll.ts';
import type { Database } from '../../db/database.ts';
import type { AccountPrices, PricesFrom } from '../brokers/account-prices.ts';
import type { Quote } from '../brokers/paper/order-rules.ts';
import { toRupees } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { underlyingSymbols } from '../market/derivatives/contract-months.ts';
import type { IndexName } from '../market/index-config.ts';
import type { MarketService } from '../market/market-service.ts';
import { parseTradingsymbol, type ParsedTradingsymbol } from '../market/tradingsymbol.ts';
import { rollTexts } from '../texts/roll-texts.ts';
import type { FoundAccount } from './trading-accounts.ts';

type Schemas = components['schemas'];
type Expiry = Schemas['Expiry'];
type Instrument = Schemas['OptionInstrument'];
type Contract = Schemas['OptionRollContract'];

const pad = (value: number) => String(value).padStart(2, '0');

/** The listed expiry a parsed option names: its weekly date, or the monthly expiry of its month. */
function expiryNamed(parsed: ParsedTradingsymbol, expiries: readonly Expiry[]): Expiry | undefined {
  const month = `${parsed.year}-${pad(parsed.month)}`;
  if (parsed.day !== null) return expiries.find((expiry) => expiry.kind === 'weekly' && expiry.date === `${month}-${pad(parsed.day!)}`);
  return expiries.find((expiry) => expiry.kind === 'monthly' && expiry.date.startsWith(month));
}

export function createOptionRolls({ db, clock, market, prices, findAccount }: { db: Database; clock: Clock; market: MarketService; prices: AccountPrices; findAccount: (userId: number, accountNumber: string) => Promise<FoundAccount> }) {
  /** Where the account's prices come from (account-prices.ts): its live broker, a live feed, or the simulator. */
  async function sourceOf(found: FoundAccount) {
    const source = await prices.of(found.account, found.broker.mode === 'live');
    if (source.from === 'feed') await source.prices.ready(db);
    return source;
  }

  /** The underlying's level now, in paise, or null where the source has none. */
  async function levelNow(found: FoundAccount, source: PricesFrom, underlying: string, underlyingKey: string): Promise<number | null> {
    if (source.from === 'broker') return (await found.broker.lastPrices?.(found.account, [underlyingKey]).catch(() => null))?.get(underlyingKey) ?? null;
    // A stock on a live feed is quoted by its own instrument (NSE:RELIANCE), as the bots read it (bot-intents.ts).
    if (source.from === 'feed' && underlyingKey === `NSE:${underlying}`) return (await source.prices.quotes([underlyingKey], db)).get(underlyingKey)?.lastPaise ?? null;
    return source.prices.spotPaise(underlying as IndexName, db).catch(() => null);
  }

  /** The contracts' quotes now (a live broker's last prices only). */
  async function quotesNow(found: FoundAccount, source: PricesFrom, keys: readonly string[]): Promise<Map<string, Partial<Quote>>> {
    if (source.from !== 'broker') return source.prices.quotes(keys, db);
    const last = (await found.broker.lastPrices?.(found.account, keys).catch(() => null)) ?? new Map<string, number>();
    return new Map([...last].map(([key, lastPaise]) => [key, { lastPaise }]));
  }

  /** The basket rolling `body.legs` to the next expiry (see the header and the contract's planOptionRoll). */
  async function plan(userId: number, body: Schemas['OptionRollRequest']): Promise<Schemas['OptionRollResponse']> {
    const found = await findAccount(userId, body.account_number);
    const now = clock();
    const symbols = await underlyingSymbols(db);
    const legs = body.legs.map((leg) => {
      const parsed = parseTradingsymbol(leg.tradingsymbol, (symbol) => symbols.has(symbol));
      if (parsed === null || parsed.kind === 'FUT' || parsed.strike === null) throw DomainError.said('invalid_params', rollTexts.notOption(leg.tradingsymbol), { field: 'legs' });
      if (!Number.isInteger(leg.quantity) || leg.quantity === 0) throw DomainError.said('invalid_params', rollTexts.noPosition(leg.tradingsymbol), { field: 'legs' });
      return { ...leg, parsed, strike: parsed.strike, kind: parsed.kind };
    });
    const first = legs[0]!;
    const underlying = first.parsed.underlying;
    const listing = await market.expiries(underlying, now);
    const from = expiryNamed(first.parsed, listing.expiries);
    if (from === undefined) throw DomainError.said('unknown_instrument', rollTexts.expiryNotListed(first.tradingsymbol), { field: 'legs' });
    for (const leg of legs) {
      if (leg.parsed.underlying !== underlying || expiryNamed(leg.parsed, listing.expiries)?.date !== from.date) throw DomainError.said('invalid_params', rollTexts.mixedLegs(leg.tradingsymbol), { field: 'legs' });
    }
    const to = nextExpiry(listing.expiries, from.date);
    if (to === null) throw DomainError.said('unknown_instrument', rollTexts.noNextExpiry(underlying, from.date), { field: 'legs' });

    const [nearChain, nextChain] = [await market.instruments(underlying, from.date, now), await market.instruments(underlying, to.date, now)];
    const contractOf = (chain: typeof nearChain, strike: number, kind: 'CE' | 'PE') => chain.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === kind);
    const strikesOf = (chain: typeof nearChain) => [...new Set(chain.instruments.map((instrument) => instrument.strike))].sort((a, b) => a - b);

    const source = await sourceOf(found);
    const spotPaise = await levelNow(found, source, underlying, listing.underlying);
    const spot = spotPaise === null ? null : toRupees(spotPaise);
    // Each expiry's money: the listed strike nearest its forward (the level carried to its close at the market's rate).
    const atmOf = (chain: typeof nearChain, expiry: Expiry) =>
      spot === null ? null : nearestStrike(strikesOf(chain), forwardOf(spot, marketAssumptions.rate, yearsToExpiry(now.getTime(), Date.parse(expiry.closes_at))));
    const near: RollChain = { strikes: strikesOf(nearChain), atm: atmOf(nearChain, from) };
    const next: RollChain = { strikes: strikesOf(nextChain), atm: atmOf(nextChain, to) };
    if (body.mode === 'same_distance' && (near.atm === null || next.atm === null)) throw DomainError.said('unknown_instrument', rollTexts.noLevel(underlying), { field: 'mode' });

    const priced = (instrument: Instrument, leg: RollLeg, quotes: Map<string, Partial<Quote>>): Contract => {
      const quote = quotes.get(instrument.instrument);
      const rupees = (paise: number | undefined) => (paise === undefined || paise <= 0 ? null : toRupees(paise));
      return {
        tradingsymbol: instrument.tradingsymbol,
        exchange: instrument.exchange,
        strike: instrument.strike,
        option_type: instrument.instrument_type,
        expiry: instrument.expiry,
        lot_size: instrument.lot_size,
        lots: Math.floor(leg.quantity / instrument.lot_size),
        side: leg.side,
        quantity: leg.quantity,
        bid: rupees(quote?.bidPaise),
        ask: rupees(quote?.askPaise),
        last_price: rupees(quote?.lastPaise),
      };
    };
    const rolled = legs.map((leg) => {
      // The held contract as listed today; one outside the strikes listed around the money is still the position's.
      const held: Instrument = contractOf(nearChain, leg.strike, leg.kind) ?? {
        ...nearChain.instruments[0]!,
        instrument: `${nearChain.instruments[0]?.exchange ?? 'NFO'}:${leg.tradingsymbol}`,
        tradingsymbol: leg.tradingsymbol,
        strike: leg.strike,
        instrument_type: leg.kind,
        lot_size: nearChain.lot_size,
      };
      const strike = rolledStrike(body.mode, leg.strike, near, next);
      const target = strike === null ? undefined : contractOf(nextChain, strike, leg.kind);
      if (target === undefined) throw DomainError.said('unknown_instrument', rollTexts.noStrike(leg.tradingsymbol, to.date), { field: 'legs' });
      return { held, target, basket: rollBasket(leg.quantity, held, target) };
    });
    const quotes = await quotesNow(found, source, rolled.flatMap((leg) => [leg.held.instrument, leg.target.instrument]));
    const pricedLegs = rolled.map(({ held, target, basket: [close, open] }) => ({ close: priced(held, close, quotes), open: priced(target, open, quotes) }));

    // Sells at the bid, buys at the ask: what the basket takes in (positive) or pays, at these prices.
    const fills = pricedLegs.flatMap((leg) => [leg.close, leg.open]).map((contract) => ({ contract, price: contract.side === 'SELL' ? contract.bid : contract.ask }));
    const net = fills.every((fill) => fill.price !== null)
      ? Math.round(fills.reduce((sum, { contract, price }) => sum + (contract.side === 'SELL' ? 1 : -1) * price! * contract.quantity * 100, 0)) / 100
      : null;
    const order = (contract: Contract) => ({ tradingsymbol: contract.tradingsymbol, exchange: contract.exchange, transaction_type: contract.side, quantity: contract.quantity });
    return {
      underlying,
      mode: body.mode,
      from_expiry: from,
      to_expiry: to,
      spot,
      at_the_money: { from: near.atm, to: next.atm },
      legs: pricedLegs,
      // The closes first: a short bought back frees its margin before the next expiry's is sold.
      orders: [...pricedLegs.map((leg) => order(leg.close)), ...pricedLegs.map((leg) => order(leg.open))],
      net_premium: net,
    };
  }

  return { plan };
}

export type OptionRolls = ReturnType<typeof createOptionRolls>;
