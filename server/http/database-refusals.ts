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

export type DatabaseRefusal = { statusCode: number; code: string; message: string; sqlState: string };

const dataExceptions: Record<string, string> = {
  '22001': 'A text in the request is too long to be stored',
  '22003': 'A number in the request is out of range',
  '22021': 'A text in the request contains a character that cannot be stored (such as NUL)',
  '22P05': 'A text in the request contains a character that cannot be stored (such as NUL)',
  '22P02': 'A value in the request is not in the form expected',
  '22007': 'A date or time in the request is not valid',
  '22008': 'A date or time in the request is out of range',
};

const constraintViolations: Record<string, string> = {
  '23502': 'A value the request needs is missing',
  '23503': 'The request refers to something that does not exist, or that something else still uses',
  '23514': 'A value in the request is outside what can be stored',
};

/** The answer for a database error caused by request values, or null for any other error. */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | null {
  const sqlState = sqlStateOf(error);
  if (sqlState === null) return null;
  if (sqlState.startsWith('22')) {
    return { statusCode: 400, code: 'invalid_value', message: dataExceptions[sqlState] ?? 'A value in the request cannot be stored', sqlState };
  }
  if (sqlState === '23505' || sqlState === '23P01') {
    return { statusCode: 409, code: 'conflict', message: 'The request conflicts with something already stored', sqlState };
  }
  if (sqlState.startsWith('23')) {
    const message = constraintViolations[sqlState] ?? 'The request breaks a rule of the stored data';
    return { statusCode: 422, code: 'constraint_violated', message, sqlState };
  }
  return null;
}
