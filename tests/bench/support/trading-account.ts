// A benchmark's trader: registered, signed in, with a paper account logged in to its broker, all through
// the real endpoints of an app built in the benchmark's own process.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A user with a paper account logged in to its broker, set up through the real endpoints. */
export async function tradingAccount(app: FastifyInstance, i: number, capital = 100_000_000): Promise<{ token: string; accountNumber: string; accountId: number }> {
  const remoteAddress = `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const email = `orders${i}-${randomUUID().slice(0, 8)}@example.in`;
  const password = 'bench-password-1';
  await app.inject({ method: 'POST', url: '/api/authenticate/register/', remoteAddress, payload: { email, password, name: 'Bench', mobile: '+919876543210' } });
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login/', remoteAddress, payload: { email, password } });
  const token = login.json<{ token: string }>().token;
  const accountNumber = `BN${i}${randomUUID().slice(0, 6)}`.toUpperCase();
  const apiKey = `bench_${accountNumber}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/accounts/accounts/',
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
    payload: { broker: 'paper', name: 'Bench', account_number: accountNumber, api_key: apiKey, api_secret: 'bench-secret-123', capital },
  });
  const accountId = created.json<{ broker_accounts: { id: number } }>().broker_accounts.id;
  const form = await app.inject({
    method: 'POST',
    url: '/broker-login/paper',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ api_key: apiKey, client_id: accountNumber, password: 'paper-pass' }).toString(),
  });
  const requestToken = new URL(String(form.headers.location), 'http://x').searchParams.get('request_token');
  await app.inject({
    method: 'POST',
    url: `/api/accounts/account-login/${accountId}/`,
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
    payload: { request_token: requestToken, broker_name: 'paper' },
  });
  return { token, accountNumber, accountId };
}
