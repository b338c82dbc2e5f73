// An account's execution policy (issue 60): how StrikeDesk sends the orders it makes itself (bots' entries and
// exits, square-offs, the kill switch's flatten, portfolio protection). `market`: MARKET, with protection where
// the broker takes it; `limit_reprice`: LIMIT at the touch plus a buffer, re-priced every interval up to a limit
// of tries or seconds, then, for an entry, the trader's choice (cancel, or the protected market). Exits never
// give up. The broker's rules in force on the day (broker_order_rules, dated and sourced) choose the default
// and bound the choice: a broker that refuses MARKET orders from algos (Angel One from 1 April 2026) gets
// limit_reprice and cancel; the re-pricing figures default to execution_defaults (AlgoTest's practice).
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { executionTexts, type RuleSource } from '../texts/execution-texts.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';

export type BufferUnit = 'percent' | 'ticks';
export type EntryFallback = 'cancel' | 'market';

export type Policy = {
  mode: 'market' | 'limit_reprice';
  bufferUnit: BufferUnit;
  bufferValue: number;
  intervalSeconds: number;
  maxTries: number;
  maxSeconds: number;
  entryFallback: EntryFallback;
};

export type BrokerRule = { broker: string; brokerName: string; rule: 'no_market' | 'no_ioc' | 'market_protection' | 'max_modifications'; value: number | null; effectiveFrom: string; source: string };

/** An account's policy as it stands, whether the trader set it, the rules that bound it and where the defaults come from. */
export type AccountPolicy = { policy: Policy; stored: boolean; rulesOf: string; rules: BrokerRule[]; defaultsSource: string; defaultsFrom: string };

type RuleRow = { broker: string; broker_name: string; rule: BrokerRule['rule']; value: number | null; effective_from: string; source: string };

/** The rules of `broker` in force on `day` (the latest row of each rule on or before it). */
export async function rulesInForce(q: Queryable, broker: string, day: string): Promise<BrokerRule[]> {
  const { rows } = await q.query<RuleRow>(
    `SELECT DISTINCT ON (rule) broker, broker_name, rule, value, effective_from::text, source FROM broker_order_rules
     WHERE broker = $1 AND effective_from <= $2::date ORDER BY rule, effective_from DESC`,
    [broker, day],
  );
  return rows.map(ruleOf);
}

const ruleOf = (row: RuleRow): BrokerRule => ({
  broker: row.broker,
  brokerName: row.broker_name,
  rule: row.rule,
  value: row.value === null ? null : Number(row.value),
  effectiveFrom: row.effective_from,
  source: row.source,
});

export const ruleSource = (rule: BrokerRule): RuleSource => ({ brokerName: rule.brokerName, since: rule.effectiveFrom, source: rule.source });
export const noMarketRule = (rules: readonly BrokerRule[]) => rules.find((rule) => rule.rule === 'no_market');
/** How many modifications an order takes at the broker before it must be cancelled and placed again (null: no cap known). */
export const modificationCap = (rules: readonly BrokerRule[]) => rules.find((rule) => rule.rule === 'max_modifications')?.value ?? null;

type PolicyRow = {
  mode: Policy['mode'];
  buffer_unit: BufferUnit;
  buffer_value: string;
  interval_seconds: number;
  max_tries: number;
  max_seconds: number;
  entry_fallback: EntryFallback;
};

const policyOf = (row: PolicyRow): Omit<Policy, 'mode'> & { mode: Policy['mode'] } => ({
  mode: row.mode,
  bufferUnit: row.buffer_unit,
  bufferValue: Number(row.buffer_value),
  intervalSeconds: Number(row.interval_seconds),
  maxTries: Number(row.max_tries),
  maxSeconds: Number(row.max_seconds),
  entryFallback: row.entry_fallback,
});

/**
 * The policy of an account on `day`: the trader's, else the defaults with the mode the rules choose. A paper
 * account that follows another broker's rules (paper_rules_of) is bound by that broker's.
 */
export async function readPolicy(q: Queryable, accountId: number, day: string): Promise<AccountPolicy> {
  // One statement (it runs before every order the app makes itself): the policy, the defaults and the rules.
  const { rows } = await q.query<PolicyRow & { rules_of: string; stored: boolean; source: string; effective_from: string; rules: RuleRow[] | string | null }>(
    `SELECT o.rules_of, p.broker_account_id IS NOT NULL AS stored, d.source, d.effective_from::text,
       (SELECT json_agg(r) FROM (SELECT DISTINCT ON (rule) broker, broker_name, rule, value, effective_from::text, source FROM broker_order_rules
          WHERE broker = o.rules_of AND effective_from <= $2::date ORDER BY rule, effective_from DESC) r) AS rules,
       coalesce(p.mode, 'market') AS mode, coalesce(p.buffer_unit, d.buffer_unit) AS buffer_unit, coalesce(p.buffer_value, d.buffer_value) AS buffer_value,
       coalesce(p.interval_seconds, d.interval_seconds) AS interval_seconds, coalesce(p.max_tries, d.max_tries) AS max_tries,
       coalesce(p.max_seconds, d.max_seconds) AS max_seconds, coalesce(p.entry_fallback, d.entry_fallback) AS entry_fallback
     FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
     CROSS JOIN LATERAL (SELECT CASE WHEN b.slug = 'paper' AND a.paper_rules_of IS NOT NULL THEN a.paper_rules_of ELSE b.slug END AS rules_of) o
     LEFT JOIN execution_policies p ON p.broker_account_id = a.id
     -- The defaults in force on the day; before the first row (a replay or backtest of an older day), the first.
     LEFT JOIN LATERAL (SELECT * FROM execution_defaults ORDER BY effective_from <= $2::date DESC, abs($2::date - effective_from) LIMIT 1) d ON true
     WHERE a.id = $1`,
    [accountId, day],
  );
  const row = rows[0];
  if (row === undefined) throw DomainError.said('not_found', notFoundTexts.account(String(accountId)));
  const rulesOf = row.rules_of;
  const ruleRows = typeof row.rules === 'string' ? (JSON.parse(row.rules) as RuleRow[]) : (row.rules ?? []);
  const rules = ruleRows.map(ruleOf);
  const policy = policyOf(row);
  // Not stored: the broker's rules choose. A stored policy was checked against them when saved.
  if (!row.stored && noMarketRule(rules) !== undefined) Object.assign(policy, { mode: 'limit_reprice', entryFallback: 'cancel' });
  return { policy, stored: row.stored, rulesOf, rules, defaultsSource: row.source ?? '', defaultsFrom: row.effective_from ?? '' };
}

/** Refuses a policy that would send MARKET orders to a broker whose rules refuse them. */
export function checkPolicy(policy: Policy, rules: readonly BrokerRule[]): void {
  const noMarket = noMarketRule(rules);
  if (noMarket === undefined) return;
  if (policy.mode === 'market') throw DomainError.said('validation_failed', executionTexts.policyNeedsLimit(ruleSource(noMarket)), { field: 'mode' });
  if (policy.entryFallback === 'market') throw DomainError.said('validation_failed', executionTexts.policyNeedsLimit(ruleSource(noMarket)), { field: 'entry_fallback' });
}

/** Stores the trader's policy (checked against the rules in force first). */
export async function savePolicy(q: Queryable, accountId: number, policy: Policy, rules: readonly BrokerRule[], now: Date): Promise<void> {
  checkPolicy(policy, rules);
  await q.query(
    `INSERT INTO execution_policies (broker_account_id, mode, buffer_unit, buffer_value, interval_seconds, max_tries, max_seconds, entry_fallback, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (broker_account_id) DO UPDATE SET mode = $2, buffer_unit = $3, buffer_value = $4, interval_seconds = $5, max_tries = $6, max_seconds = $7,
       entry_fallback = $8, updated_at = $9`,
    [accountId, policy.mode, policy.bufferUnit, policy.bufferValue, policy.intervalSeconds, policy.maxTries, policy.maxSeconds, policy.entryFallback, now],
  );
}
