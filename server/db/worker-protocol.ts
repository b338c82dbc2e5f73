// The messages between a Database on the request thread (worker-database.ts) and the database it stands for in a
// worker thread (worker-host.ts). Values cross by structured clone (dates, numbers, strings, bytes, plain objects
// and arrays all do); an error crosses as its name, message and own fields, so the services' checks of a
// Postgres error (`code`, `severity`: database.ts isPgError, sqlStateOf) read it as they would in-thread.

import type { MessagePort } from 'node:worker_threads';
import type { Lane } from './lanes.ts';

/**
 * A worker can host several databases (books sharing one PGlite, a schema each): `open` opens one more and answers
 * its number, `db`, which each of its statements names. `tx`: the transaction the statement belongs to (begun by
 * `begin`, numbered apart across the worker's databases), absent outside one. `lane`: the sender's (lanes.ts), where
 * the worker keeps a queue (the server's database: pglite-thread.ts). `listen`: the database's LISTEN on
 * `channel`, its notices sent back as HostNotice under the number the request gives, until its `unlisten`.
 * `serve-reads`: port-reads.ts's reads arriving on `port` answered from the database, in the analysis lane.
 */
export type HostRequest =
  | { id: number; op: 'open' }
  | { id: number; op: 'query'; db: number; sql: string; params: readonly unknown[]; tx?: number; lane: Lane }
  | { id: number; op: 'exec'; db: number; sql: string; tx?: number; lane: Lane }
  | { id: number; op: 'copy'; db: number; sql: string; data: string; tx?: number; lane: Lane }
  | { id: number; op: 'begin'; db: number; tx: number; lane: Lane }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close'; db: number }
  | { id: number; op: 'listen'; db: number; channel: string; listen: number }
  | { id: number; op: 'unlisten'; listen: number }
  | { id: number; op: 'serve-reads'; db: number; port: MessagePort };

export type SentError = { name: string; message: string; fields: Record<string, unknown> };

export type HostAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError };

/** A NOTIFY heard by a `listen` (numbered by the other side), sent as it arrives: no request asked for it. */
export type HostNotice = { notice: number; payload: string };

/** The host's first message: its database is open, or why it could not be. */
export type HostReady = { ready: true } | { ready: false; error: SentError };

export function sendable(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function received(sent: SentError): Error {
  const error = new Error(sent.message);
  Object.assign(error, sent.fields);
  error.name = sent.name;
  return error;
}
