/**
 * A child process of the order benchmark: sets up the desk the orders go to, with the code of the checkout
 * it is given (`root`: the code after, or an archive of the code before), on the database the server
 * instances will then open, and prints what the load needs as JSON (each account's token and number, the
 * contract, its lot). The accounts are made through the real endpoints (trading-account.ts), in-process,
 * so no sign-in throttle meets 60 sign-ins from one address.
 *
 *   stdin: { "root": "/…", "dataDir": "/…", "databaseUrl": "postgres://…" | null, "accounts": 60, "secretKey": "base64" }
 */
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type * as App from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { nearestAtmCall } from './atm-call.ts';
import { tradingAccount } from './trading-account.ts';

export type DeskJob = { root: string; dataDir: string; databaseUrl: string | null; accounts: number; secretKey: string };
export type Desk = { accounts: Array<{ token: string; accountNumber: string }>; symbol: string; lotSize: number };

const job = JSON.parse(await text(process.stdin)) as DeskJob;
const { buildServer, servicesDecorator } = (await import(join(job.root, 'server/app.ts'))) as typeof App;
const app = await buildServer({
  distDir: join(job.dataDir, 'dist'),
  dataDir: job.dataDir,
  databaseUrl: job.databaseUrl ?? undefined,
  secretKey: Buffer.from(job.secretKey, 'base64'),
  scryptCost: { N: 2 ** 10, r: 8, p: 1 },
});
try {
  const services = app.getDecorator<Services>(servicesDecorator);
  await services.market.tick();
  const { contract, lotSize } = await nearestAtmCall(services.market);
  const accounts: Desk['accounts'] = [];
  for (let i = 0; i < job.accounts; i += 1) {
    const { token, accountNumber } = await tradingAccount(app, i);
    accounts.push({ token, accountNumber });
  }
  const desk: Desk = { accounts, symbol: contract.tradingsymbol, lotSize };
  process.stdout.write(JSON.stringify(desk));
} finally {
  await app.close();
}
