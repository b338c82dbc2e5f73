// The trader's view and change of an account's execution policy (GET/PUT /api/accounts/account-execution/):
// the policy, the broker rules in force today that bind it (each with its date and source, shown on the
// account's screen), the dated defaults, and on a paper account the limit-only broker it behaves like.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { said } from '../texts/said.ts';
import { readPolicy, rulesInForce, savePolicy, type BrokerRule } from './execution-policy.ts';

type Schemas = components['schemas'];

const ruleOut = (rule: BrokerRule): Schemas['BrokerOrderRule'] => ({
  broker: rule.broker,
  broker_name: rule.brokerName,
  rule: rule.rule,
  value: rule.value,
  effective_from: rule.effectiveFrom,
  source: rule.source,
});

export function createExecutionSettings({ db, clock }: { db: Database; clock: Clock }) {
  async function owned(userId: number, accountId: number): Promise<{ slug: string; paperRulesOf: string | null }> {
    const { rows } = await db.query<{ slug: string; paper_rules_of: string | null }>(
      'SELECT b.slug, a.paper_rules_of FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id WHERE a.id = $1 AND a.user_id = $2',
      [accountId, userId],
    );
    if (rows[0] === undefined) throw notFound('broker_account');
    return { slug: rows[0].slug, paperRulesOf: rows[0].paper_rules_of };
  }

  /** Brokers whose no-MARKET rule is in force on `day`: those a paper account can behave like. */
  async function limitOnlyBrokers(day: string): Promise<BrokerRule[]> {
    const { rows } = await db.query<{ broker: string }>(`SELECT DISTINCT broker FROM broker_order_rules WHERE rule = 'no_market' AND effective_from <= $1::date ORDER BY broker`, [day]);
    const rules = await Promise.all(rows.map(async (row) => (await rulesInForce(db, row.broker, day)).find((rule) => rule.rule === 'no_market')));
    return rules.filter((rule): rule is BrokerRule => rule !== undefined);
  }

  async function get(userId: number, accountId: number): Promise<Schemas['ExecutionPolicy']> {
    const { paperRulesOf } = await owned(userId, accountId);
    const day = istDate(clock());
    const { policy, stored, rulesOf, rules, defaultsFrom, defaultsSource } = await readPolicy(db, accountId, day);
    return {
      mode: policy.mode,
      buffer_unit: policy.bufferUnit,
      buffer_value: policy.bufferValue,
      interval_seconds: policy.intervalSeconds,
      max_tries: policy.maxTries,
      max_seconds: policy.maxSeconds,
      entry_fallback: policy.entryFallback,
      stored,
      rules_of: rulesOf,
      paper_rules_of: paperRulesOf,
      rules: rules.map(ruleOut),
      defaults_from: defaultsFrom,
      defaults_source: defaultsSource,
      limit_only_brokers: (await limitOnlyBrokers(day)).map(ruleOut),
    };
  }

  async function update(userId: number, accountId: number, body: Schemas['ExecutionPolicyUpdate']): Promise<Schemas['ExecutionPolicy']> {
    const { slug, paperRulesOf } = await owned(userId, accountId);
    const now = clock();
    const day = istDate(now);
    const rulesOf = body.paper_rules_of === undefined ? paperRulesOf : body.paper_rules_of;
    if (body.paper_rules_of !== undefined && body.paper_rules_of !== null) {
      if (slug !== 'paper') throw DomainError.said('validation_failed', said('execution.paper_rules_paper_only', {}, 'Only a paper account can behave like another broker.'), { field: 'paper_rules_of' });
      if (!(await limitOnlyBrokers(day)).some((rule) => rule.broker === body.paper_rules_of)) {
        throw DomainError.said('validation_failed', said('execution.paper_rules_unknown', { broker: body.paper_rules_of }, `No limit-only broker "${body.paper_rules_of}" is known today.`), { field: 'paper_rules_of' });
      }
    }
    if (body.buffer_unit === 'percent' && body.buffer_value > 50) {
      throw DomainError.said('validation_failed', said('execution.buffer_too_wide', { max: 50 }, 'A buffer of more than 50 % is not a limit: choose 50 % or less.'), { field: 'buffer_value' });
    }
    const policy = {
      mode: body.mode,
      bufferUnit: body.buffer_unit,
      bufferValue: body.buffer_unit === 'ticks' ? Math.round(body.buffer_value) : body.buffer_value,
      intervalSeconds: body.interval_seconds,
      maxTries: body.max_tries,
      maxSeconds: body.max_seconds,
      entryFallback: body.entry_fallback,
    };
    const rules = await rulesInForce(db, slug === 'paper' && rulesOf !== null ? rulesOf : slug, day);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE broker_accounts SET paper_rules_of = $2 WHERE id = $1', [accountId, slug === 'paper' ? rulesOf : null]);
      await savePolicy(tx, accountId, policy, rules, now);
    });
    return get(userId, accountId);
  }

  return { get, update };
}

export type ExecutionSettings = ReturnType<typeof createExecutionSettings>;
