// Broker accounts: linking, editing and unlinking them, and the Kite-style broker login. Every method
// takes the signed-in user's id and touches only that user's accounts (others' answer 404). api_secret
// goes in sealed (secret-box.ts) and never comes out in an answer.
import type { components } from '../../../openapi/main.d.ts';
import { isPgError, pgErrorCodes, type Database, type Queryable } from '../../db/database.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { BrokerLoginError, type BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { Clock } from '../clock.ts';
import { SecretUnreadableError, type SecretBox } from '../secrets/secret-box.ts';
import { cleanText } from '../text.ts';
import { brokerAccountTexts, brokerLoginTexts } from '../texts/broker-account-texts.ts';
import { logOutBrokerAccount, type RevokeSession } from './broker-session.ts';
import { consumeLoginState, consumeOutstandingLoginState, issueLoginState } from './login-states.ts';
import { allocatedCapital, findOwnedAccount, listOwnedAccounts, toBrokerAccount, type AccountRow, type BrokerAccount } from './broker-accounts-repo.ts';
import { recordAccountNotice } from '../notices/stream-notices.ts';
import { chooseMarket } from './paper-market-choice.ts';
import { readCompliance, type AccountCompliance } from './account-compliance.ts';

type Schemas = components['schemas'];

export type BrokerAccountsServiceOptions = { db: Database; clock: Clock; secrets: SecretBox; brokers: BrokerRegistry };

export type BrokerAccountsService = ReturnType<typeof createBrokerAccountsService>;

const accountNotFound = () => notFound('broker_account');

/** Two requests racing past the uniqueness checks: the database's unique indexes have the last word. */
function duplicateToConflict(error: unknown): never {
  if (isPgError(error, pgErrorCodes.uniqueViolation)) {
    throw DomainError.said('account_exists', brokerAccountTexts.linkedMeanwhile);
  }
  throw error;
}

export function createBrokerAccountsService({ db, clock, secrets, brokers }: BrokerAccountsServiceOptions) {
  async function brokerIdOf(slug: string): Promise<number> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM brokers WHERE slug = $1', [slug]);
    const id = rows[0]?.id;
    if (id === undefined || brokers.get(slug) === undefined) {
      throw DomainError.said('unknown_broker', brokerAccountTexts.unknownBroker(slug), { field: 'broker' });
    }
    return id;
  }

  /**
   * 409 when this user already linked the number, or the api_key, with this broker. Only this user's
   * accounts are looked at: whether someone else linked a key is nobody's business (migration 004).
   */
  async function assertUnique(q: Queryable, brokerId: number, userId: number, values: { accountNumber?: string; apiKey?: string }, exceptId = 0) {
    if (values.accountNumber !== undefined) {
      const { rows } = await q.query(
        'SELECT 1 FROM broker_accounts WHERE user_id = $1 AND broker_id = $2 AND upper(account_number) = upper($3) AND id <> $4',
        [userId, brokerId, values.accountNumber, exceptId],
      );
      if (rows.length > 0) {
        throw DomainError.said('account_exists', brokerAccountTexts.numberLinked(values.accountNumber), { field: 'account_number' });
      }
    }
    if (values.apiKey !== undefined) {
      const { rows } = await q.query('SELECT 1 FROM broker_accounts WHERE user_id = $1 AND broker_id = $2 AND api_key = $3 AND id <> $4', [
        userId,
        brokerId,
        values.apiKey,
        exceptId,
      ]);
      if (rows.length > 0) {
        throw DomainError.said('api_key_taken', brokerAccountTexts.apiKeyLinked, { field: 'api_key' });
      }
    }
  }

  async function list(userId: number): Promise<BrokerAccount[]> {
    const now = clock();
    return (await listOwnedAccounts(db, userId)).map((row) => toBrokerAccount(row, now));
  }

  async function reload(accountId: number, userId: number, q: Queryable = db): Promise<BrokerAccount> {
    const row = await findOwnedAccount(q, userId, accountId);
    if (row === null) throw accountNotFound();
    return toBrokerAccount(row, clock());
  }

  async function create(userId: number, input: Schemas['BrokerAccountCreate']): Promise<BrokerAccount> {
    const brokerId = await brokerIdOf(input.broker);
    const name = cleanText(input.name, 'name');
    await assertUnique(db, brokerId, userId, { accountNumber: input.account_number, apiKey: input.api_key });
    const now = clock();
    const { rows } = await db
      .query<{ id: number }>(
        `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
        [userId, brokerId, name, input.account_number, input.api_key, secrets.seal(input.api_secret), input.capital, now],
      )
      .catch(duplicateToConflict);
    return reload(Number(rows[0]?.id), userId);
  }

  function secretChanged(row: AccountRow, apiSecret: string | undefined): boolean {
    if (apiSecret === undefined) return false;
    try {
      return secrets.open(row.api_secret_encrypted) !== apiSecret;
    } catch (error) {
      if (error instanceof SecretUnreadableError) return true;
      throw error;
    }
  }

  async function update(userId: number, accountId: number, changes: Schemas['BrokerAccountUpdate']): Promise<BrokerAccount> {
    const name = changes.name === undefined ? undefined : cleanText(changes.name, 'name');
    return db.transaction(async (tx) => {
      // Locked, so a portfolio created meanwhile cannot slip past the capital check below.
      const row = await findOwnedAccount(tx, userId, accountId, true);
      if (row === null) throw accountNotFound();
      if (changes.capital !== undefined) {
        const held = await allocatedCapital(tx, accountId);
        if (changes.capital < held) {
          throw DomainError.said('capital_exceeded', brokerAccountTexts.capitalBelowPortfolios(held, changes.capital), { field: 'capital' });
        }
      }
      const accountNumber = changes.account_number !== undefined && changes.account_number !== row.account_number ? changes.account_number : undefined;
      const apiKey = changes.api_key !== undefined && changes.api_key !== row.api_key ? changes.api_key : undefined;
      await assertUnique(tx, row.broker_id, userId, { accountNumber, apiKey }, accountId);
      if (changes.market_account_id !== undefined) await chooseMarket(tx, brokers, userId, row, changes.market_account_id);
      if (changes.static_ip !== undefined || changes.algo_id !== undefined) await setCompliance(tx, row, changes);
      // New credentials mean the broker session belongs to the old ones: log the account out.
      const loggedOut = accountNumber !== undefined || apiKey !== undefined || secretChanged(row, changes.api_secret);
      await tx.query(
        `UPDATE broker_accounts SET name = coalesce($2, name), account_number = coalesce($3, account_number),
           api_key = coalesce($4, api_key), api_secret_encrypted = coalesce($5, api_secret_encrypted),
           capital = coalesce($6, capital), updated_at = $7,
           session_access_token_encrypted = CASE WHEN $8 THEN NULL ELSE session_access_token_encrypted END,
           session_opened_at = CASE WHEN $8 THEN NULL ELSE session_opened_at END,
           session_expires_at = CASE WHEN $8 THEN NULL ELSE session_expires_at END
         WHERE id = $1`,
        [
          accountId,
          name ?? null,
          accountNumber ?? null,
          apiKey ?? null,
          changes.api_secret === undefined ? null : secrets.seal(changes.api_secret),
          changes.capital ?? null,
          clock(),
          loggedOut,
        ],
      ).catch(duplicateToConflict);
      // Its funds (the capital) or its session may have changed: the trader's screens read it again.
      await recordAccountNotice(tx, 'account', accountId);
      // Read under the row's lock: the account as this update left it, even if a deletion follows at once.
      return reload(accountId, userId, tx);
    });
  }

  /** A live account's static IP and algo ID, as the trader registered them at the broker (null clears one). */
  async function setCompliance(tx: Queryable, row: AccountRow, changes: Schemas['BrokerAccountUpdate']): Promise<void> {
    if (brokers.get(row.broker)?.compliance === undefined) {
      throw DomainError.said('not_live_account', brokerAccountTexts.compliancePaper, { field: changes.static_ip === undefined ? 'algo_id' : 'static_ip' });
    }
    await tx.query(
      `UPDATE broker_accounts SET static_ip = CASE WHEN $2 THEN $3 ELSE static_ip END, algo_id = CASE WHEN $4 THEN $5 ELSE algo_id END WHERE id = $1`,
      [row.id, changes.static_ip !== undefined, changes.static_ip ?? null, changes.algo_id !== undefined, changes.algo_id?.trim() ?? null],
    );
  }

  /** A live account's compliance state (account-compliance.ts); 404 for another's, 422 for a paper one. */
  async function compliance(userId: number, accountId: number): Promise<AccountCompliance> {
    const row = await findOwnedAccount(db, userId, accountId);
    if (row === null) throw accountNotFound();
    return readCompliance(db, brokers, row, clock());
  }

  async function remove(userId: number, accountId: number): Promise<void> {
    // Portfolios, their bots and pending request_tokens go with it (ON DELETE CASCADE).
    const { rows } = await db.query('DELETE FROM broker_accounts WHERE id = $1 AND user_id = $2 RETURNING id', [accountId, userId]);
    if (rows.length === 0) throw accountNotFound();
  }

  /** The account and its adapter, for a login of its own broker (`broker_name` names it again: 400 otherwise). */
  async function loginAccount(userId: number, accountId: number, brokerName: string) {
    const row = await findOwnedAccount(db, userId, accountId);
    if (row === null) throw accountNotFound();
    const adapter = brokers.get(row.broker);
    if (brokerName !== row.broker || adapter === undefined) {
      throw DomainError.said('broker_mismatch', brokerAccountTexts.wrongBroker(row.broker, brokerName), { field: 'broker_name' });
    }
    return { row, adapter };
  }

  /** The link the trader follows to log in to the account's broker, with a fresh state (login-states.ts). */
  async function loginLink(userId: number, accountId: number, input: Schemas['BrokerLoginLinkRequest']): Promise<string> {
    const { row, adapter } = await loginAccount(userId, accountId, input.broker_name);
    const state = await issueLoginState(db, { userId, accountId }, input.redirect_uri, clock());
    return adapter.loginLink({ apiKey: row.api_key, redirectUri: input.redirect_uri, state, lang: input.lang ?? 'en', accountNumber: row.account_number, apiSecret: () => openSecret(row) });
  }

  /** The account's api_secret, opened for a broker call; a secret sealed with another server key says so. */
  function openSecret(row: { api_secret_encrypted: string }): string {
    try {
      return secrets.open(row.api_secret_encrypted);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      throw DomainError.said('api_secret_unreadable', brokerAccountTexts.secretUnreadable, { field: 'api_secret' });
    }
  }

  async function logIn(userId: number, accountId: number, input: Schemas['BrokerLoginRequest']): Promise<BrokerAccount> {
    const { row, adapter } = await loginAccount(userId, accountId, input.broker_name);
    const now = clock();
    // The state goes first: a code that came back without this trader's own link of this account opens nothing.
    let redirectUri: string | null = null;
    if (input.state !== undefined || adapter.loginState === true) {
      redirectUri = input.state === undefined ? null : await consumeLoginState(db, { userId, accountId }, input.state, now);
      if (redirectUri === null) throw DomainError.said('login_state_invalid', brokerLoginTexts.stateInvalid, { field: 'state' });
    } else if (adapter.keptLoginState?.(input.request_token) === true) {
      redirectUri = await consumeOutstandingLoginState(db, { userId, accountId }, now);
      if (redirectUri === null) throw DomainError.said('login_state_invalid', brokerLoginTexts.stateInvalid, { field: 'request_token' });
    }
    const apiSecret = openSecret(row);
    let session;
    try {
      session = await adapter.createSession({ accountId, accountNumber: row.account_number, apiKey: row.api_key, apiSecret, requestToken: input.request_token, redirectUri, now });
    } catch (error) {
      if (error instanceof BrokerLoginError) throw DomainError.said(error.reason, error.text, { field: 'request_token' });
      throw error;
    }
    // Screens showing the account on the trader's other devices read its books again (stream-notices.ts).
    await db.query(
      `WITH opened AS (
         UPDATE broker_accounts SET session_access_token_encrypted = $2, session_opened_at = $3, session_expires_at = $4, updated_at = $3
         WHERE id = $1 RETURNING id, user_id
       )
       INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, id, 'account', now() FROM opened`,
      [accountId, secrets.seal(session.accessToken), now, session.expiresAt],
    );
    return reload(accountId, userId);
  }

  /**
   * Best effort: the account is logged out here already, and a token the broker failed to revoke still dies
   * at its daily expiry (Kite: 06:00 IST), so a broker that cannot be reached does not fail the log-out.
   */
  const revoke: RevokeSession = async ({ broker, apiKey, sealedToken }) => {
    const endSession = brokers.get(broker)?.endSession;
    if (endSession === undefined) return;
    let accessToken: string;
    try {
      accessToken = secrets.open(sealedToken);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return;
      throw error;
    }
    await endSession({ apiKey, accessToken }).catch(() => undefined);
  };

  const logOut = (userId: number, accountId: number) => logOutBrokerAccount(db, clock, userId, accountId, revoke);

  /** One of the trader's accounts (not_found for another's): the price stream asks which broker it is on. */
  const get = (userId: number, accountId: number) => reload(accountId, userId);

  return { list, get, create, update, remove, loginLink, logIn, logOut, compliance };
}
