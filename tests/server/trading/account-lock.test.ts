// The account's trading lock waits only for the account's trading (issue 37): a row that names the account
// (an alert, an order, a send), inserted by a transaction still open elsewhere, holds a key-share lock on the
// account's row, and with FOR UPDATE every order of the account waited behind it (the alert watcher's
// transactions held them under load). FOR NO KEY UPDATE excludes the other trading locks all the same. On
// PostgreSQL only: PGlite's one connection runs one transaction at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { openDesk, type Desk } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe.skipIf(!testBackends.includes('postgres'))('the account lock on postgres', () => {
  const backend = 'postgres';
  let server: TestServer;
  let desk: Desk;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    await server.app.getDecorator<Services>(servicesDecorator).market.tick();
    desk = await openDesk(server, guardedClient(server.app));
  });

  afterAll(async () => {
    await server.close();
  });

  /** Whether a session of this database waits on a lock now. */
  async function someoneWaits(): Promise<boolean> {
    const { rows } = await server.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    return rows.length > 0;
  }

  it("places an order while another transaction holds a key-share lock on the account's row", async () => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => undefined as void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    // What an insert of a row naming the account takes, held open.
    const holder = server.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM broker_accounts WHERE id = $1 FOR KEY SHARE', [desk.account.id]);
      held();
      await released;
    });
    let placed: Promise<string> = Promise.resolve('');
    try {
      await holding;
      placed = desk.place(desk.contract(desk.atm, 'CE').tradingsymbol, 'BUY', desk.lotSize).then((order) => order.status);
      // Either the order is answered, or some session is seen waiting on a lock (the order, behind the holder).
      let outcome: string | null = null;
      void placed.then((status) => (outcome ??= status));
      while (outcome === null) if (await someoneWaits()) outcome ??= 'waited on a lock';
      expect(outcome).not.toBe('waited on a lock');
    } finally {
      release();
      await holder;
      await placed;
    }
  });
});
