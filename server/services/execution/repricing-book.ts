// The re-pricing state of the orders an order book shows (issue 60): "re-pricing, try 3 of 10" and each step,
// read in one statement for the book's LIMIT orders only (no order of an account on MARKET has a row).
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { toRupees } from '../brokers/paper/paise.ts';

type Repricing = components['schemas']['Repricing'];
type StepRow = { at: string; try: number; reason: Repricing['steps'][number]['reason']; old: number | null; new: number | null; bid: number | null; ask: number | null; last: number | null };
type Row = { order_id: string; state: Repricing['state']; tries: number; policy: { maxTries: number } | string; exit: boolean; over_limit: boolean; steps: StepRow[] | string | null };

/** Steps shown per order: the latest, oldest first. */
const shownSteps = 30;

const rupees = (paise: number | null) => (paise === null ? null : toRupees(Number(paise)));

/** The repricing of each order of `orderIds` that has one (an order replaced at the broker's cap shows under its replacement). */
export async function repricingOf(q: Queryable, accountId: number, orderIds: readonly string[]): Promise<Map<string, Repricing>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await q.query<Row>(
    `SELECT r.order_id, r.state, r.tries, r.policy, r.exit, r.over_limit_at IS NOT NULL AS over_limit,
       (SELECT json_agg(s ORDER BY s.id) FROM (SELECT id, at, try, reason, old_price_paise AS old, new_price_paise AS new, bid_paise AS bid, ask_paise AS ask, last_paise AS last
          FROM repricing_steps WHERE repricing_id = r.id ORDER BY id DESC LIMIT ${shownSteps}) s) AS steps
     FROM repricing_orders r WHERE r.broker_account_id = $1 AND r.order_id = ANY($2::text[])`,
    [accountId, orderIds],
  );
  const answer = new Map<string, Repricing>();
  for (const row of rows) {
    const policy = typeof row.policy === 'string' ? (JSON.parse(row.policy) as { maxTries: number }) : row.policy;
    const steps = typeof row.steps === 'string' ? (JSON.parse(row.steps) as StepRow[]) : (row.steps ?? []);
    answer.set(row.order_id, {
      state: row.state,
      tries: Number(row.tries),
      max_tries: Number(policy.maxTries),
      exit: row.exit,
      over_limit: row.over_limit,
      steps: steps.map((step) => ({
        at: new Date(step.at).toISOString(),
        try: Number(step.try),
        reason: step.reason,
        old_price: rupees(step.old),
        new_price: rupees(step.new),
        bid: rupees(step.bid),
        ask: rupees(step.ask),
        last: rupees(step.last),
      })),
    });
  }
  return answer;
}
