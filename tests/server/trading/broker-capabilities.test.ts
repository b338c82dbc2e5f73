// The brokers list says what each broker's API takes (issue 64, session 82), read from the same declarations the
// server checks orders against: each live broker's wire (LiveWire.afterMarketByChoice, LiveWire.afterMarketTimes),
// its adapter (the pasted access token) and its depth reads. The PWA asks the trader only what this list says, so
// a wire that changes what it takes changes the list with it, and the list is what the screens follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { depthLevels, fullDepthLevels } from '../../../server/services/brokers/dhan/depth-packets.ts';
import { dhanAfterMarketTimes } from '../../../server/services/brokers/dhan/dhan-orders.ts';
import type { LiveWire } from '../../../server/services/brokers/live/live-wire.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Broker = components['schemas']['Broker'];

describe.each(testBackends)('each broker’s capabilities in the brokers list on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let brokers: Broker[];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    const { token } = await signedInAccount(call);
    const answer = await call<{ brokers: Broker[] }>('getBrokers', { token });
    expect(answer.status).toBe(200);
    brokers = answer.body.brokers;
  });

  afterAll(async () => {
    await server.close();
  });

  const capabilitiesOf = (slug: string) => brokers.find((broker) => broker.name === slug)?.capabilities;

  it('says what each broker takes: the AMO by choice on Dhan and the Noren brokers, Dhan’s four times, its token and depth, the Noren brokers’ 5-level depth', () => {
    const always = { after_market: 'always', after_market_times: [], access_token_login: false, market_depth_levels: [] };
    const byChoice = { ...always, after_market: 'by_choice' };
    expect(Object.fromEntries(brokers.map((broker) => [broker.name, broker.capabilities]))).toEqual({
      paper: always,
      kite: always,
      upstox: always,
      dhan: { after_market: 'by_choice', after_market_times: ['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'], access_token_login: true, market_depth_levels: [20, 200] },
      shoonya: { ...byChoice, market_depth_levels: [5] },
      flattrade: { ...byChoice, market_depth_levels: [5] },
    });
  });

  it('reads them from each broker’s own declarations: its live wire, its adapter, its depth', () => {
    const registry = server.app.getDecorator<Services>(servicesDecorator).brokerRegistry;
    for (const { name, capabilities } of brokers) {
      const adapter = registry.get(name)!;
      // A live broker's trading carries the wire it was built on; the paper broker has none.
      const trading = adapter.trading as (typeof adapter.trading & { wire?: LiveWire }) | undefined;
      const wire = trading?.wire;
      expect(capabilities.after_market, name).toBe(wire?.afterMarketByChoice === true ? 'by_choice' : 'always');
      expect(capabilities.after_market_times, name).toEqual([...(wire?.afterMarketTimes ?? [])]);
      expect(capabilities.access_token_login, name).toBe(adapter.accessTokenLogin === true);
      expect(capabilities.market_depth_levels.length > 0, name).toBe(trading?.marketDepth !== undefined);
    }
    expect(capabilitiesOf('dhan')?.after_market_times).toEqual([...dhanAfterMarketTimes]);
    expect(capabilitiesOf('dhan')?.market_depth_levels).toEqual([depthLevels, fullDepthLevels]);
  });
});
