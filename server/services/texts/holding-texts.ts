// Why a sale of delivered shares (or a purchase of shares owed) was refused (issue 63, paper broker's holdings), said
// twice like every trader's text: English, and a code with its parameters the app says in the trader's language
// (src/i18n/server-texts.ts, src/i18n/locales/fr/server.json).
import { formatPaise, toRupees } from '../brokers/paper/paise.ts';
import { said, type Said } from './said.ts';

type Side = 'BUY' | 'SELL';

export const holdingTexts = {
  nothingTo: (side: Side, symbol: string): Said =>
    side === 'SELL'
      ? said('holding.none_held', { symbol }, `You hold no ${symbol} shares from a delivery to sell.`)
      : said('holding.none_owed', { symbol }, `You owe no ${symbol} shares from a delivery to buy back.`),
  moreThan: (side: Side, symbol: string, asked: number, room: number): Said =>
    side === 'SELL'
      ? said('holding.more_than_held', { symbol, asked, held: room }, `You hold ${room} ${symbol} shares: a sale of ${asked} would sell shares you do not have.`)
      : said('holding.more_than_owed', { symbol, asked, owed: room }, `You owe ${room} ${symbol} shares: buy back at most that many (${asked} asked).`),
  marketClosed: said('order.market_closed', {}, "Markets are closed. Orders are accepted during the exchange's session on trading days."),
  limitNotReached: (side: Side, symbol: string, pricePaise: number, limitPaise: number): Said =>
    said(
      side === 'SELL' ? 'holding.sell_limit_not_reached' : 'holding.buy_limit_not_reached',
      { symbol, price: toRupees(pricePaise), limit: toRupees(limitPaise) },
      `${symbol} is at ${formatPaise(pricePaise)}, ${side === 'SELL' ? 'below' : 'above'} your limit of ${formatPaise(limitPaise)}. ` +
        'An order on delivered shares fills now or not at all: nothing was placed.',
    ),
  insufficientFunds: (requiredPaise: number, availablePaise: number): Said =>
    said(
      'holding.insufficient_funds',
      { required: toRupees(requiredPaise), available: toRupees(availablePaise) },
      `Buying the shares back needs ${formatPaise(requiredPaise)} with charges; ${formatPaise(availablePaise)} is available.`,
    ),
  /** A stop-loss, target or bot proposal is an F&O order: a delivery (CNC) order only sells holdings. */
  cncNotFo: said('holding.cnc_not_fo', {}, 'A delivery (CNC) order only sells shares held: it cannot be a stop-loss, a target or a bot order.'),
  /** A live account whose broker StrikeDesk reads no holdings from yet: its shares are sold in the broker's own app. */
  atBroker: (broker: string): Said =>
    said(
      'holding.at_broker',
      { broker },
      `This account's shares are held at ${broker}, whose holdings StrikeDesk does not read yet: sell or buy them back in ${broker}'s own app.`,
    ),
};
