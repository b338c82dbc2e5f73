// `npm start` answers health the moment it listens and makes the demo account and desk, the base strategies and
// the analytics seed after (app.ts seedAfterListen, http/startup-gate.ts; issue 61: fast start). Health must not
// wait for them, and no other request may see them half made: it waits for them.
import { afterEach, describe, expect, it } from 'vitest';
import { servicesDecorator, startupSeedsDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { demoAccount } from '../../../server/services/accounts/demo-account.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const demoUsers = async (server: TestServer) =>
  (await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE email = $1', [demoAccount.email])).rows[0]!.count;

describe('the seeds of a start made after listen', { timeout: 90_000 }, () => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('health answers before they are made; a sign-in waits for them and finds the demo account', async () => {
    server = await startTestServer({ seedAfterListen: true });
    const health = await server.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    // Nobody started the seeds (main.ts does once it listens): health did not wait for them.
    expect(await demoUsers(server)).toBe(0);

    const login = await server.app.inject({ method: 'POST', url: '/api/authenticate/login/', payload: { email: demoAccount.email, password: demoAccount.password } });
    expect(login.statusCode, login.body).toBe(200);
    expect(await demoUsers(server)).toBe(1);
  });

  it('the job queue starts after health answers and before any other request is served', async () => {
    server = await startTestServer({ seedAfterListen: true });
    const services = server.app.getDecorator<Services>(servicesDecorator);
    expect((await server.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    // Started with the seeds (after listen, as the catch-up of what fell due meanwhile and the alerts a crash left).
    expect(services.jobs).toBeUndefined();
    const strategies = await server.app.inject({ method: 'GET', url: '/api/base_strategies/base_strategies/' });
    expect(strategies.statusCode).not.toBe(500);
    expect(services.jobs).toBeDefined();
  });

  it('are made once, whoever starts them first', async () => {
    server = await startTestServer({ seedAfterListen: true });
    const seeds = server.app.getDecorator<() => Promise<void>>(startupSeedsDecorator);
    await Promise.all([seeds(), server.app.inject({ method: 'GET', url: '/api/base_strategies/base_strategies/' }), seeds()]);
    expect(await demoUsers(server)).toBe(1);
  });

  it('without seedAfterListen, are made before the server is returned', async () => {
    server = await startTestServer();
    expect(await demoUsers(server)).toBe(1);
  });
});
