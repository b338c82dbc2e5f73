// The product of a webhook bot's orders (issue 60): the bot's own (its params.product, NRML unless it chose MIS),
// on the legs an alert names as on the legs of the bot's own strategy, and its exit closes what it holds in
// that product. An MIS bot's alert once placed NRML orders whatever the bot said.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { webhookDesk } from './webhook-desk.ts';

describe.each(testBackends)("a webhook bot's product on %s", (backend) => {
  let t: BotDesk;
  let w: ReturnType<typeof webhookDesk>;
  let database: Database;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(backend);
    t = await openBotDesk(backend, { database, capital: 2_000_000 });
    w = webhookDesk(t);
    t.straddle(100.25, 100.25);
    t.at(monday, '10:00');
  });

  afterEach(async () => {
    await t.server.close();
    await database.close();
  });

  const products = async (botId: number) =>
    (await t.server.db.query<{ product: string; transaction_type: string }>('SELECT product, transaction_type FROM paper_orders WHERE bot_kind = $1 AND bot_id = $2 ORDER BY id', ['trading', botId])).rows.map(
      (row) => `${row.transaction_type} ${row.product}`,
    );

  it("places an MIS bot's alert legs as MIS and exits them as MIS; an NRML bot's own strategy's legs as NRML", { timeout: 120_000 }, async () => {
    const mis = await w.createBot({ name: 'Intraday alerts', params: { product: 'MIS' } });
    const { token: misToken } = await w.enable(mis.id);
    const named = await w.deliver(misToken!, { action: 'enter', alert_id: 'mis-1', legs: [{ strike: 'ATM', option_type: 'CE', side: 'BUY' }] });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    t.at(monday, '10:05');
    expect((await w.deliver(misToken!, { action: 'exit', alert_id: 'mis-2' })).status).toBe(200);
    expect(await products(mis.id)).toEqual(['BUY MIS', 'SELL MIS']);

    const nrml = await w.createBot({ name: 'Overnight alerts' });
    const { token: nrmlToken } = await w.enable(nrml.id);
    t.at(monday, '10:10');
    // No legs: the bot's own strategy (a short straddle) around the money.
    const preset = await w.deliver(nrmlToken!, { action: 'enter', alert_id: 'nrml-1' });
    expect(preset.status, JSON.stringify(preset.body)).toBe(200);
    expect(await products(nrml.id)).toEqual(['SELL NRML', 'SELL NRML']);
  });
});
