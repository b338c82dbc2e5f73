// Dhan's postbacks (POST /api/brokers/dhan/postback/): the JSON Dhan sends on every change of an order placed
// with a token generated with StrikeDesk's postback URL (../dhan/dhan-postback.ts). Dhan signs nothing, so it is
// a hint, exactly as an alert on the order socket is: its dhanClientId and orderId go to the broker-neutral
// postbacks (../live/order-postbacks.ts: the logged-in Dhan accounts with that client ID, the reads counted), and
// the order is confirmed by the socket's own path (dhan-order-stream.ts `confirm`: GET /v2/orders/{id}, only
// Dhan's answer applied). A body that is no order update, names no logged-in Dhan account, or whose order Dhan
// does not know for it changes nothing and is refused (the route logs it).
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { dhanTexts } from '../../texts/dhan-texts.ts';
import type { LimitRule } from '../../throttle.ts';
import type { PostbackRefusal } from '../../texts/live-texts.ts';
import { createOrderPostbacks, type ConfirmedOrder, type PostbackOutcome } from '../live/order-postbacks.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { readDhanPostback } from '../dhan/dhan-postback.ts';

const refused = (reason: PostbackRefusal) => DomainError.said('postback_refused', dhanTexts.postbackRefused(reason));

type DhanPostbacksOptions = {
  db: Database;
  clock: Clock;
  readsPerClient: LimitRule;
  confirm: (account: TradingAccount, orderId: string) => Promise<ConfirmedOrder | null>;
};

export function createDhanPostbacks({ db, clock, readsPerClient, confirm }: DhanPostbacksOptions) {
  const postbacks = createOrderPostbacks({ db, clock, broker: 'dhan', readsPerClient, confirm, refused });

  async function receive(body: unknown): Promise<PostbackOutcome> {
    const hint = readDhanPostback(body);
    if (hint === null) throw refused('not_order');
    return postbacks.receive(hint);
  }

  return { receive };
}

export type DhanPostbacks = ReturnType<typeof createDhanPostbacks>;
