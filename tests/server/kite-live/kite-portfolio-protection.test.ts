// A portfolio protection on a live Kite account (issue 41): the MTM is read from Kite's positions and prices,
// the hit squares the portfolio off at Kite under the firing's one key, and an exit whose request was lost on
// the way (outcome unknown) is not sent blindly again: the protection stays firing, and the next pass after
// the lease reads Kite's book by the tag before placing, once.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import { useKiteDesk } from './kite-desk.ts';

type Answer = components['schemas']['PortfolioProtectionResponse'];

describe.each(testBackends)('portfolio protection on a Kite account on %s', (backend) => {
  const live = useKiteDesk(backend);

  it('squares the portfolio off at Kite once, after an exit whose outcome was unknown', async () => {
    const { stack, desk } = live;
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id, 100000, 'Kite protected');
    const call = desk.symbol(desk.atm, 'CE');
    // Kite's price and StrikeDesk's market agree (the account's positions are marked at the market's last).
    const price = (rupees: number) => {
      stack.kite.control.setPrice(`NFO:${call}`, rupees);
      stack.market.set(call, { bid: rupees - 0.25, ask: rupees + 0.25, last: rupees, close: 120 });
    };
    price(120);
    const bought = await desk.place([desk.order(call, 'BUY', desk.lotSize)], { portfolio_id: portfolio.id });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.orders[0]!.status).toBe('COMPLETE');

    const armed = await stack.call<Answer>('updatePortfolioProtection', { token: desk.token, params: { id: portfolio.id }, body: { stop_loss: { value: 1000, unit: 'inr' } } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(armed.body.mtm).toBeGreaterThan(-1000);
    const watch = () => stack.services.protectionWatcher.watch(stack.server.clock.now());
    expect(await watch()).toMatchObject({ checked: 1, fired: 0 });

    // The call falls ₹20 at Kite: 1 lot × ₹20 is past the ₹1,000 stop. The exit's request is lost on the way.
    price(100);
    // The next tick: Kite's positions are read again (a read is shared for a second, live-calls.ts).
    stack.server.clock.advance(1000);
    stack.network.failNext('POST', '/orders/regular');
    const first = await watch();
    expect(first).toMatchObject({ fired: 1, exits: 0 });
    const firing = (await stack.call<Answer>('getPortfolioProtection', { token: desk.token, params: { id: portfolio.id } })).body.protection!;
    expect(firing).toMatchObject({ armed: false, fired: { kind: 'stop_loss', level: -1000, exit_status: 'pending' } });
    expect(firing.fired!.mtm).toBeLessThanOrEqual(-1000);
    const exitsAtKite = () => stack.kite.control.orders().filter((order) => order!.placed_by === desk.accountNumber && order!.transaction_type === 'SELL');
    expect(exitsAtKite()).toEqual([]);

    // Within the lease: nothing is sent again.
    stack.server.clock.advance(5_000);
    expect(await watch()).toMatchObject({ fired: 0, exits: 0 });
    expect(exitsAtKite()).toEqual([]);

    // After it: the book is read by the exit's tag, nothing is there, so it is placed, once.
    stack.server.clock.advance(31_000);
    expect(await watch()).toMatchObject({ fired: 0, exits: 1, errors: [] });
    expect(exitsAtKite().map((order) => [order!.tradingsymbol, order!.quantity, order!.status])).toEqual([[call, desk.lotSize, 'COMPLETE']]);
    const done = (await stack.call<Answer>('getPortfolioProtection', { token: desk.token, params: { id: portfolio.id } })).body.protection!;
    expect(done.fired).toMatchObject({ exit_status: 'done' });

    // Done is done: later passes send nothing.
    stack.server.clock.advance(60_000);
    expect(await watch()).toMatchObject({ checked: 0, fired: 0, exits: 0 });
    expect(exitsAtKite()).toHaveLength(1);
    const book = await desk.positionBook();
    expect(book.body.position_book.net.filter((position) => position.quantity !== 0)).toEqual([]);
  });
});
