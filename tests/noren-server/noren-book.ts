// The Noren test server's contracts, orders, trades and positions, in Noren's shapes (NorenRestApiPy's README:
// "get_order_book", "get_trade_book", "get_positions"; every number as text): an order is OPEN on arrival
// (TRIGGER_PENDING for a stop), then COMPLETE (MKT, or an LMT the last price reaches), CANCELED or REJECTED; its
// `remarks` are the caller's. An order above the freeze quantity is REJECTED (Noren slices nothing itself).
// Positions are the day's trades plus what `carry` held from an earlier session (cf* fields), including orders
// placed in the broker's own app. A stock the user holds (holdings.ts) trades on NSE under its own symbol
// (RELIANCE-EQ), in shares (no lot, no freeze quantity).
import type { ListedStock } from './holdings.ts';

export type ServerContract = { token: string; underlying: string; expiry: string; strike: number; kind: 'CE' | 'PE'; lot: number };

export const defaultContracts: ServerContract[] = [
  { token: '43919', underlying: 'NIFTY', expiry: '2026-01-27', strike: 26000, kind: 'CE', lot: 65 },
  { token: '43920', underlying: 'NIFTY', expiry: '2026-01-27', strike: 26000, kind: 'PE', lot: 65 },
  { token: '43921', underlying: 'NIFTY', expiry: '2026-01-27', strike: 25900, kind: 'PE', lot: 65 },
];

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const noren = (iso: string) => `${iso.slice(8)}-${months[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;

/** Noren's trading symbol: NIFTY27JAN26C26000. */
export const tsymOf = (c: ServerContract) => `${c.underlying}${c.expiry.slice(8)}${months[Number(c.expiry.slice(5, 7)) - 1]}${c.expiry.slice(2, 4)}${c.kind === 'CE' ? 'C' : 'P'}${c.strike}`;

/** NFO_symbols.txt: Noren's columns, one row a contract, the index future's row too. */
export function symbolsFile(contracts: readonly ServerContract[]): string {
  const rows = contracts.map((c) => ['NFO', c.token, String(c.lot), c.underlying, tsymOf(c), noren(c.expiry), 'OPTIDX', c.kind, String(c.strike), '0.05', ''].join(','));
  return ['Exchange,Token,LotSize,Symbol,TradingSymbol,Expiry,Instrument,OptionType,StrikePrice,TickSize,', ...rows, 'NFO,35001,65,NIFTY,NIFTY27JAN26F,27-JAN-2026,FUTIDX,XX,0,0.10,'].join('\n') + '\n';
}

/** NIFTY's freeze quantity in the exchange's table (1,800 from 1 December 2025; the lot 65): 27 lots. */
export const freezeQuantityOf = (contract: ServerContract) => Math.floor(1800 / contract.lot) * contract.lot;

export class NotOk extends Error {}

export type NorenOrderRecord = {
  uid: string; norenordno: string; exch: string; tsym: string; token: string; qty: string; prc: string; trgprc: string; prd: string; status: string; trantype: string; prctyp: string;
  ret: string; fillshares: string; avgprc: string; rejreason: string; remarks: string; norentm: string; exch_tm: string; exchordid: string; amo: string; stat: 'Ok';
};
type Trade = { uid: string; norenordno: string; token: string; trantype: string; prd: string; qty: number; price: number; at: string };
export type Carried = { token: string; prd: string; quantity: number; averagePrice: number };

const two = (n: number) => n.toFixed(2);

/** `onChange`: each order's every new state (the websocket's order updates). */
/** What an order trades: a contract on NFO, or a held stock on NSE. */
type Listed = { exch: string; token: string; tsym: string; lot: number; freeze: number };

export function createNorenBook(
  contracts: readonly ServerContract[],
  clock: () => Date,
  onChange: (order: NorenOrderRecord) => void = () => undefined,
  stockOfTsym: (tsym: string) => ListedStock | undefined = () => undefined,
) {
  const stockTokens = new Map<string, ListedStock>();
  function listedOf(exch: unknown, tsym: string): Listed | undefined {
    if (exch === 'NFO') {
      const contract = byTsym.get(tsym);
      return contract && { exch: 'NFO', token: contract.token, tsym, lot: contract.lot, freeze: freezeQuantityOf(contract) };
    }
    const stock = exch === 'NSE' ? stockOfTsym(tsym) : undefined;
    if (stock === undefined) return undefined;
    stockTokens.set(stock.token, stock);
    return { exch: 'NSE', token: stock.token, tsym: stock.tsym, lot: 1, freeze: Number.POSITIVE_INFINITY };
  }
  const listingOfToken = (token: string): Listed => {
    const stock = stockTokens.get(token);
    if (stock !== undefined) return { exch: 'NSE', token, tsym: stock.tsym, lot: 1, freeze: Number.POSITIVE_INFINITY };
    const contract = byToken.get(token)!;
    return { exch: 'NFO', token, tsym: tsymOf(contract), lot: contract.lot, freeze: freezeQuantityOf(contract) };
  };
  const byToken = new Map<string, ServerContract>();
  const byTsym = new Map<string, ServerContract>();
  const last = new Map<string, number>();
  /** Lists contracts (a browser test lists the desk's), each at 100 until a price is set. */
  const list = (listed: readonly ServerContract[]) => {
    for (const c of listed) {
      byToken.set(c.token, c);
      byTsym.set(tsymOf(c), c);
      if (!last.has(c.token)) last.set(c.token, 100);
    }
  };
  list(contracts);
  const orders: NorenOrderRecord[] = [];
  const history = new Map<string, NorenOrderRecord[]>();
  const trades: Trade[] = [];
  const carried = new Map<string, Carried[]>();
  let next = 26_011_600_000_000;
  const ist = () => new Date(clock().getTime() + 330 * 60_000).toISOString();
  // norentm "HH:MM:SS DD-MM-YYYY"; exch_tm and fltm "DD-MM-YYYY HH:MM:SS".
  const norentm = () => `${ist().slice(11, 19)} ${ist().slice(8, 10)}-${ist().slice(5, 7)}-${ist().slice(0, 4)}`;
  const exchTm = () => `${ist().slice(8, 10)}-${ist().slice(5, 7)}-${ist().slice(0, 4)} ${ist().slice(11, 19)}`;
  const snapshot = (order: NorenOrderRecord) => {
    history.set(order.norenordno, [{ ...order }, ...(history.get(order.norenordno) ?? [])]);
    onChange(order);
  };

  function fill(order: NorenOrderRecord, price: number): void {
    const quantity = Number(order.qty) - Number(order.fillshares);
    Object.assign(order, { status: 'COMPLETE', fillshares: order.qty, avgprc: two(price), exch_tm: exchTm() });
    trades.push({ uid: order.uid, norenordno: order.norenordno, token: order.token, trantype: order.trantype, prd: order.prd, qty: quantity, price, at: exchTm() });
    snapshot(order);
  }

  function match(order: NorenOrderRecord): void {
    if (order.status !== 'OPEN') return;
    const price = last.get(order.token) ?? 0;
    const marketable = order.prctyp === 'MKT' || (order.trantype === 'B' ? price <= Number(order.prc) : price >= Number(order.prc));
    if (marketable) fill(order, order.prctyp === 'MKT' ? price : Number(order.prc));
  }

  function owned(uid: string, norenordno: string): NorenOrderRecord {
    const order = orders.find((o) => o.norenordno === norenordno && o.uid === uid);
    if (!order) throw new NotOk('Order not found');
    return order;
  }

  return {
    contracts: () => [...byToken.values()],
    list,
    last: (token: string) => last.get(token) ?? 0,
    setLast(token: string, price: number) {
      last.set(token, price);
      orders.forEach(match);
    },
    place(uid: string, data: Record<string, unknown>): NorenOrderRecord {
      for (const field of ['exch', 'tsym', 'qty', 'prd', 'trantype', 'prctyp', 'ret'] as const) if (typeof data[field] !== 'string' || data[field] === '') throw new NotOk(`Invalid Input : ${field} is missing`);
      const contract = listedOf(data.exch, String(data.tsym));
      if (!contract) throw new NotOk('Invalid Trading Symbol');
      if (!['M', 'I', 'C'].includes(String(data.prd))) throw new NotOk('Invalid Product');
      if (contract.exch === 'NSE' && data.prd === 'M') throw new NotOk('Invalid Product for the exchange');
      if (!['LMT', 'MKT', 'SL-LMT', 'SL-MKT'].includes(String(data.prctyp))) throw new NotOk('Invalid Price Type');
      const quantity = Number(data.qty);
      if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new NotOk('Invalid Quantity');
      next += 1;
      const order: NorenOrderRecord = {
        uid, norenordno: String(next), exch: contract.exch, tsym: contract.tsym, token: contract.token, qty: String(quantity), prc: two(Number(data.prc ?? 0)), trgprc: two(Number(data.trgprc ?? 0)),
        prd: String(data.prd), status: String(data.prctyp).startsWith('SL') ? 'TRIGGER_PENDING' : 'OPEN', trantype: data.trantype === 'S' ? 'S' : 'B', prctyp: String(data.prctyp), ret: String(data.ret),
        fillshares: '0', avgprc: '0.00', rejreason: '', remarks: typeof data.remarks === 'string' ? data.remarks : '', norentm: norentm(), exch_tm: exchTm(), exchordid: `1100${next}`, amo: data.amo === 'Yes' ? 'Yes' : 'No', stat: 'Ok',
      };
      orders.push(order);
      if (quantity % contract.lot !== 0) Object.assign(order, { status: 'REJECTED', rejreason: `Quantity should be multiple of lot size ${contract.lot}` });
      else if (quantity > contract.freeze) Object.assign(order, { status: 'REJECTED', rejreason: 'RED:Order quantity exceeds freeze quantity' });
      snapshot(order);
      match(order);
      return order;
    },
    modify(uid: string, data: Record<string, unknown>): NorenOrderRecord {
      const order = owned(uid, String(data.norenordno ?? ''));
      if (order.status !== 'OPEN' && order.status !== 'TRIGGER_PENDING') throw new NotOk(`Order is ${order.status}, cannot be modified`);
      if (data.tsym !== order.tsym || data.exch !== order.exch) throw new NotOk('Invalid Trading Symbol');
      if (data.qty !== undefined) order.qty = String(Number(data.qty));
      if (data.prc !== undefined) order.prc = two(Number(data.prc));
      if (data.trgprc !== undefined) order.trgprc = two(Number(data.trgprc));
      if (typeof data.prctyp === 'string') order.prctyp = data.prctyp;
      snapshot(order);
      match(order);
      return order;
    },
    cancel(uid: string, norenordno: string): NorenOrderRecord {
      const order = owned(uid, norenordno);
      if (order.status !== 'OPEN' && order.status !== 'TRIGGER_PENDING') throw new NotOk(`Order is ${order.status}, cannot be cancelled`);
      order.status = 'CANCELED';
      snapshot(order);
      return order;
    },
    orders: (uid: string) => orders.filter((o) => o.uid === uid),
    /** SingleOrdHist: newest first. */
    history: (uid: string, norenordno: string) => (owned(uid, norenordno), history.get(norenordno) ?? []),
    trades: (uid: string) => trades.filter((t) => t.uid === uid).map((t) => {
      const c = listingOfToken(t.token);
      return { stat: 'Ok', norenordno: t.norenordno, uid, actid: uid, exch: c.exch, prd: t.prd, token: t.token, tsym: c.tsym, trantype: t.trantype, flid: `${t.norenordno}1`, fltm: t.at, flqty: String(t.qty), flprc: two(t.price), norentm: t.at, exch_tm: t.at };
    }),
    carry: (uid: string, positions: Carried[]) => void carried.set(uid, positions),
    positions(uid: string) {
      const keys = new Map<string, { token: string; prd: string }>();
      for (const t of trades) if (t.uid === uid) keys.set(`${t.token}:${t.prd}`, { token: t.token, prd: t.prd });
      for (const c of carried.get(uid) ?? []) keys.set(`${c.token}:${c.prd}`, c);
      return [...keys.values()].map(({ token, prd }) => {
        const c = listingOfToken(token);
        const own = trades.filter((t) => t.uid === uid && t.token === token && t.prd === prd);
        const sum = (side: string, f: (t: Trade) => number) => own.filter((t) => t.trantype === side).reduce((total, t) => total + f(t), 0);
        const carry = (carried.get(uid) ?? []).find((x) => x.token === token && x.prd === prd);
        const cfbuyqty = carry && carry.quantity > 0 ? carry.quantity : 0;
        const cfsellqty = carry && carry.quantity < 0 ? -carry.quantity : 0;
        const daybuyqty = sum('B', (t) => t.qty);
        const daysellqty = sum('S', (t) => t.qty);
        const netqty = cfbuyqty + daybuyqty - cfsellqty - daysellqty;
        return {
          stat: 'Ok', uid, actid: uid, exch: c.exch, tsym: c.tsym, token, prd, netqty: String(netqty), lp: two(last.get(token) ?? 0),
          daybuyqty: String(daybuyqty), daysellqty: String(daysellqty), daybuyamt: two(sum('B', (t) => t.qty * t.price)), daysellamt: two(sum('S', (t) => t.qty * t.price)),
          cfbuyqty: String(cfbuyqty), cfsellqty: String(cfsellqty), cfbuyamt: two(cfbuyqty * (carry?.averagePrice ?? 0)), cfsellamt: two(cfsellqty * (carry?.averagePrice ?? 0)),
          netavgprc: '0.00', rpnl: '0.00', urmtom: '0.00', ls: String(c.lot), ti: '0.05', mult: '1', prcftr: '1.000000', pp: '2',
        };
      });
    },
    contractOfTsym: (tsym: string) => byTsym.get(tsym),
    /** The shares of a stock (its NSE token) the user's CNC sells took today. */
    soldToday: (uid: string, token: string) => trades.filter((t) => t.uid === uid && t.token === token && t.prd === 'C' && t.trantype === 'S').reduce((total, t) => total + t.qty, 0),
  };
}

export type NorenBook = ReturnType<typeof createNorenBook>;
