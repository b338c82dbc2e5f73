/**
 * The browser tests' price alerts read the simulated market, except for the symbols a spec scripts: a spec sets
 * a contract's last price (POST /__control/alert-price on the Kite test server's port, {symbol, last_price} in
 * rupees, null to give it back to the market) and the next pass of the alert watcher sees exactly that. The
 * live simulator moves an option by half a rupee in seconds or in minutes; a scripted move happens at once.
 * Only the alert watcher reads these prices: the chain, the ticket and the paper broker keep the market's.
 */
import type { LastPriceSource } from '../../../server/services/alerts/watchers/price-watcher.ts';
import { toPaise } from '../../../server/services/brokers/paper/paise.ts';
import { inputError } from '../../kite-server/answer-error.ts';
import type { ExtraControls } from '../../kite-server/control.ts';

export function scriptedAlertPrices() {
  const scripted = new Map<string, number>();

  const source =
    (marketPrices: LastPriceSource): LastPriceSource =>
    async (symbols, q) => {
      const prices = await marketPrices(
        symbols.filter(({ symbol }) => !scripted.has(symbol)),
        q,
      );
      for (const { symbol } of symbols) {
        const paise = scripted.get(symbol);
        if (paise !== undefined) prices.set(symbol, paise);
      }
      return prices;
    };

  const controls: ExtraControls = {
    'alert-price': (body) => {
      const { symbol, last_price: lastPrice } = body;
      if (typeof symbol !== 'string' || symbol === '') throw inputError('symbol (a tradingsymbol or an index) is required');
      if (lastPrice === null) return scripted.delete(symbol);
      if (typeof lastPrice !== 'number' || !(lastPrice > 0)) throw inputError('last_price is a positive number of rupees, or null');
      scripted.set(symbol, toPaise(lastPrice));
      return true;
    },
  };

  return { source, controls };
}
