// The base-strategy catalogue: written from catalogue.ts at start, read by the PWA, and used to check a
// bot's `params` against its strategy's JSON Schema. Omitted params get their schema defaults, so a
// stored bot always carries every parameter its strategy reads.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { components } from '../../../openapi/main.d.ts';
import { describeFailure } from '../../contract/failure-messages.ts';
import { multipleOfPrecision } from '../../contract/validation.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { botRuleTexts } from '../texts/bot-rule-texts.ts';
import { words } from '../texts/said.ts';
import { baseStrategyCatalogue } from './catalogue.ts';
import { enabledWhenKeyword } from './param-fields.ts';

export type BaseStrategy = components['schemas']['BaseStrategy'];
export type BotParams = components['schemas']['BotParams'];

type Row = { id: number; slug: string; name: string; description: string; parameters: Record<string, unknown> };

/** Inserts new strategies and refreshes existing ones; ids never change. Safe when servers start together. */
export async function syncBaseStrategies(db: Queryable): Promise<void> {
  for (const [position, entry] of baseStrategyCatalogue.entries()) {
    await db.query(
      `INSERT INTO base_strategies (slug, name, description, parameters, position) VALUES ($1, $2, $3, $4::json, $5)
       ON CONFLICT (slug) DO UPDATE SET name = excluded.name, description = excluded.description,
         parameters = excluded.parameters, position = excluded.position`,
      [entry.slug, entry.name, entry.description, JSON.stringify(entry.parameters), position],
    );
  }
}

function toBaseStrategy(row: Row): BaseStrategy {
  return { id: Number(row.id), slug: row.slug, name: row.name, description: row.description, parameters: row.parameters };
}

export type StrategiesService = ReturnType<typeof createStrategiesService>;

export function createStrategiesService({ db }: { db: Database }) {
  // Strict, like the contract's validators; useDefaults fills what the trader left out.
  const ajv = new Ajv2020({ strict: true, allErrors: false, useDefaults: true, coerceTypes: false, multipleOfPrecision });
  // An annotation for the PWA (param-fields.ts): known to Ajv so strict mode accepts it, it checks nothing.
  ajv.addKeyword({ keyword: enabledWhenKeyword, schemaType: 'object' });
  const compiled = new Map<string, ValidateFunction>();

  async function list(): Promise<BaseStrategy[]> {
    const { rows } = await db.query<Row>('SELECT id, slug, name, description, parameters FROM base_strategies ORDER BY position, id');
    return rows.map(toBaseStrategy);
  }

  async function find(q: Queryable, id: number): Promise<BaseStrategy | null> {
    const { rows } = await q.query<Row>('SELECT id, slug, name, description, parameters FROM base_strategies WHERE id = $1', [id]);
    return rows[0] === undefined ? null : toBaseStrategy(rows[0]);
  }

  function validatorFor(strategy: BaseStrategy): ValidateFunction {
    const key = JSON.stringify(strategy.parameters);
    let validate = compiled.get(key);
    if (validate === undefined) {
      validate = ajv.compile(strategy.parameters);
      compiled.set(key, validate);
    }
    return validate;
  }

  /**
   * The params with their defaults filled in, or 422 `invalid_params` naming the parameter
   * (`params.strike_offset: must be at most 10`).
   */
  function checkParams(strategy: BaseStrategy, params: BotParams): BotParams {
    const copy = structuredClone(params);
    const validate = validatorFor(strategy);
    if (validate(copy)) return copy;
    const errors = (validate.errors ?? []).map((error) => ({ ...error, instancePath: `/params${error.instancePath}` }));
    const failure = describeFailure(errors, 'body');
    const reason = failure.text === undefined ? words(failure.message) : { text: failure.message, i18n: failure.text };
    throw DomainError.said('invalid_params', botRuleTexts.invalidParams(reason, strategy.name), failure.field === undefined ? {} : { field: failure.field });
  }

  return { list, find, checkParams };
}
