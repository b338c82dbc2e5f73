// The safety net under request validation: a database error caused by the values a request carried
// (SQLSTATE class 22, data exceptions; class 23, integrity constraint violations) answers a 4xx with a
// plain message instead of a 500. The contract is meant to refuse such values first (NUL characters,
// ids past the integer column, amounts finer than the paisa...), so every time the net catches one it
// is logged: it shows a gap in the contract, or a service that forgot a rule.
//   22xxx → 400 invalid_value: the value cannot be stored at all.
//   23505 and 23P01 → 409 conflict: it collides with something stored.
//   other 23xxx (check, foreign key, not null) → 422 constraint_violated: well-formed, but a rule of
//   the stored data refuses it, which is what 422 means everywhere else in the contract.
// Messages never repeat the database's own text (values, constraint and table names stay in the log).
import { sqlStateOf } from '../db/database.ts';
import { requestTexts, type StoredValueFault } from '../services/texts/request-texts.ts';
import type { Said } from '../services/texts/said.ts';

export type DatabaseRefusal = { statusCode: number; code: string; message: string; text: Said; sqlState: string };

const dataExceptions: Record<string, StoredValueFault> = {
  '22001': 'too_long',
  '22003': 'out_of_range',
  '22021': 'bad_character',
  '22P05': 'bad_character',
  '22P02': 'bad_form',
  '22007': 'bad_date',
  '22008': 'date_out_of_range',
};

const constraintViolations: Record<string, StoredValueFault> = {
  '23502': 'missing',
  '23503': 'reference',
  '23514': 'outside',
};

function refusal(statusCode: number, code: string, fault: StoredValueFault, sqlState: string): DatabaseRefusal {
  const text = requestTexts.storedValue(fault);
  return { statusCode, code, message: text.text, text, sqlState };
}

/** The answer for a database error caused by request values, or null for any other error. */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | null {
  const sqlState = sqlStateOf(error);
  if (sqlState === null) return null;
  if (sqlState.startsWith('22')) {
    return refusal(400, 'invalid_value', dataExceptions[sqlState] ?? 'other', sqlState);
  }
  if (sqlState === '23505' || sqlState === '23P01') {
    return refusal(409, 'conflict', 'conflict', sqlState);
  }
  if (sqlState.startsWith('23')) {
    return refusal(422, 'constraint_violated', constraintViolations[sqlState] ?? 'rule', sqlState);
  }
  return null;
}
