// Why an F&O ban-list file (NSE's fo_secban.csv) was refused, and the order refused during a ban, said twice like
// every trader's text: English, and a code with its parameters the app says in the trader's language
// (src/i18n/server-texts.ts, src/i18n/locales/fr/server.json). A line read from the file travels as it is, a string
// parameter: the refusal's code is what the app translates, never the trader's own text.
import { said, type Said } from './said.ts';

export const banListTexts = {
  badHeader: (line: string): Said =>
    said(
      'ban_list.bad_header',
      { line_text: line },
      `the first line "${line}" is not NSE's header "Securities in Ban For Trade Date DD-MON-YYYY:"`,
    ),
  badLine: (line: number, text: string): Said =>
    said('ban_list.bad_line', { line, line_text: text }, `line ${line} "${text}" is not a serial and a symbol like "1,KAYNES", numbered from 1 in order`),
  nilUnclear: said('ban_list.nil_unclear', {}, 'the file must either say NIL or list securities, not both or neither'),
  repeated: (symbol: string): Said => said('ban_list.repeated', { symbol }, `${symbol} is listed twice`),
  afterNextSession: (tradeDate: string, nextDay: string): Said =>
    said(
      'ban_list.after_next_session',
      { trade_date: tradeDate, next_day: nextDay },
      `the file is for ${tradeDate}, after the next trading day (${nextDay}): NSE publishes a day's list the evening before`,
    ),
  beforeExchange: (tradeDate: string, firstDay: string): Said =>
    said('ban_list.before_exchange', { trade_date: tradeDate, first_day: firstDay }, `the file is for ${tradeDate}, before NSE's F&O segment opened (${firstDay})`),
  notTradingDay: (tradeDate: string): Said => said('ban_list.not_trading_day', { trade_date: tradeDate }, `the file is for ${tradeDate}, a day NSE does not trade`),
  notFoStocks: (symbols: readonly string[], tradeDate: string): Said =>
    said(
      'ban_list.not_fo_stocks',
      { symbols: symbols.join(', '), trade_date: tradeDate },
      `${symbols.join(', ')}: not a stock with F&O contracts on ${tradeDate}`,
    ),
  differs: (tradeDate: string): Said =>
    said('ban_list.differs', { trade_date: tradeDate }, `the list of ${tradeDate} is already imported and says otherwise: a day has one list`),
  /** The refusal of an order that would add to a position in a banned stock. */
  orderInBan: (underlying: string, tradingsymbol: string, tradeDate: string): Said =>
    said(
      'refusal.security_in_ban',
      { underlying, tradingsymbol, trade_date: tradeDate },
      `${underlying} is in the F&O ban on ${tradeDate} (over its market-wide position limit): the exchange takes only orders ` +
        `that reduce your position in its contracts, and this ${tradingsymbol} order would not.`,
    ),
};
