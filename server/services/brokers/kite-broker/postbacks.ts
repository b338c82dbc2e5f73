// Kite's postbacks (POST /api/brokers/kite/postback/): the JSON Kite sends on every change of an order of
// the app's users. Nothing in it is trusted until its checksum, SHA-256(order_id + order_timestamp +
// api_secret), matches the secret of the account that placed the order: the mirror says which account that
// is; for an order not in the mirror (placed in Kite's app, or its answer lost), the linked Kite accounts with
// its user_id are tried. Anything else is refused (the route logs it). A verified update moves the mirror
// forward and tells the trader a final state (order-updates.ts), never backwards.
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { said } from '../../texts/said.ts';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box.ts';
import { toPaise } from '../paper/paise.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { isObject } from '../kite/kite-json.ts';
import { readKiteOrderUpdate } from '../kite/kite-order-types.ts';
import { postbackChecksumMatches } from '../kite/postback.ts';
import type { OrderUpdates } from '../live/order-updates.ts';
import { wireOrderOfKite } from './kite-wire.ts';

type Candidate = { id: number; account_number: string; capital: string; api_secret_encrypted: string };

export type PostbackOutcome = { accountNumber: string; orderId: string; status: string; changed: boolean };

/** Why a postback proves nothing. Kite reads the answer, not a trader; it is coded like every refusal. */
const postbackRefusals = {
  not_object: 'A postback is a JSON object',
  fields: 'A postback carries order_id, order_timestamp and checksum',
  checksum: 'The postback checksum matches no linked Kite account',
  not_order: 'The postback is not a Kite order',
} as const;
const refused = (reason: keyof typeof postbackRefusals, detail?: string) =>
  DomainError.said('postback_refused', said('kite.postback_refused', { reason }, detail === undefined ? postbackRefusals[reason] : `${postbackRefusals[reason]}: ${detail}`));

export function createKitePostbacks({ db, secrets, updates }: { db: Database; secrets: SecretBox; updates: OrderUpdates }) {
  async function candidates(orderId: string, userId: string | null): Promise<Candidate[]> {
    const columns = 'a.id, a.account_number, a.capital, a.api_secret_encrypted FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id';
    const { rows: placed } = await db.query<Candidate>(
      `SELECT DISTINCT ${columns} JOIN kite_orders o ON o.broker_account_id = a.id WHERE b.slug = 'kite' AND o.order_id = $1`,
      [orderId],
    );
    if (placed.length > 0 || userId === null) return placed;
    const { rows } = await db.query<Candidate>(`SELECT ${columns} WHERE b.slug = 'kite' AND upper(a.account_number) = upper($1) ORDER BY a.id`, [userId]);
    return rows;
  }

  function signedBy(candidate: Candidate, orderId: string, orderTimestamp: string, checksum: string): boolean {
    try {
      return postbackChecksumMatches(orderId, orderTimestamp, secrets.open(candidate.api_secret_encrypted), checksum);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return false;
      throw error;
    }
  }

  async function receive(body: unknown): Promise<PostbackOutcome> {
    if (!isObject(body)) throw refused('not_object');
    const { order_id: orderId, order_timestamp: orderTimestamp, checksum, user_id: userId } = body;
    if (typeof orderId !== 'string' || typeof orderTimestamp !== 'string' || typeof checksum !== 'string') {
      throw refused('fields');
    }
    const signer = (await candidates(orderId, typeof userId === 'string' ? userId : null)).find((candidate) => signedBy(candidate, orderId, orderTimestamp, checksum));
    if (signer === undefined) throw refused('checksum');
    let update;
    try {
      update = readKiteOrderUpdate(body);
    } catch (error) {
      throw refused('not_order', error instanceof Error ? error.message : String(error));
    }
    const account: TradingAccount = { id: Number(signer.id), accountNumber: signer.account_number, capitalPaise: toPaise(Number(signer.capital)) };
    const changes = await updates.apply(account, [wireOrderOfKite(update)]);
    return { accountNumber: account.accountNumber, orderId, status: update.status, changed: changes.length > 0 };
  }

  return { receive };
}

export type KitePostbacks = ReturnType<typeof createKitePostbacks>;
