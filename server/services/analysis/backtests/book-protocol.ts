// The book's side of Postgres's wire protocol, for the few messages a prepared statement's run sends and
// answers, written for speed: a year's backtest makes about 20,000 calls into its book's PGlite, and PGlite's
// own protocol code (the pg-protocol port, its private fields compiled to WeakMap lookups, each answer copied
// three times and each string sliced into a buffer of its own) cost about a sixth of the backtest thread's CPU
// (issue 61, session 77's profile: parsing the answers 2.1 s, the rows' values 1.3 s, the binds 1.0 s of a year).
// Everything here answers exactly what PGlite's `serialize`, `Parser` and `parse.parseResults` answer (the
// same bytes, the same message objects, the same rows: book-protocol.test.ts holds them side by side); an answer
// holding any other message (an error, a notice, a notification, COPY) is left to PGlite's own Parser.
import { Buffer } from 'node:buffer';
import { types } from '@electric-sql/pglite';
import type { Messages } from './book-read-cache.ts';

type Message = Messages[number];
type Parser = (value: string, typeId: number) => unknown;
type Parsers = Record<number | string, Parser | undefined>;

// PGlite decodes with a TextDecoder, which drops a leading byte order mark; Buffer's decoding keeps it.
const textDecoder = new TextDecoder();

/** Bind (text values, text results), Execute (the unnamed portal, every row) and Sync in one buffer: what
 *  `serialize.bind({ statement, values })`, `serialize.execute({})` and `serialize.sync()` give, joined. */
export function encodeRun(statement: string, values: readonly (string | null)[]): Uint8Array {
  const nameLength = Buffer.byteLength(statement);
  const sizes = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  // Bind: type, length, portal "" (one zero), the statement's name and its zero, the format codes (one each, text),
  // the values (a length each, -1 for NULL), no result format code (every column as text).
  const bindLength = 4 + 1 + nameLength + 1 + 2 + 2 * values.length + 2 + sizes.reduce((sum, size) => sum + 4 + Math.max(size, 0), 0) + 2;
  // Zeroed: the portal's name, the format codes and the result format count are zeros.
  const bytes = Buffer.alloc(1 + bindLength + 10 + 5);
  let at = 0;
  bytes[at++] = 0x42; // 'B'
  bytes.writeInt32BE(bindLength, at);
  at += 4;
  at += 1; // the unnamed portal
  at += bytes.write(statement, at, 'utf8');
  at += 1;
  bytes.writeUInt16BE(values.length, at);
  at += 2 + 2 * values.length;
  bytes.writeUInt16BE(values.length, at);
  at += 2;
  for (const [n, value] of values.entries()) {
    bytes.writeInt32BE(sizes[n]!, at);
    at += 4;
    if (value !== null) at += bytes.write(value, at, 'utf8');
  }
  at += 2;
  // Execute the unnamed portal, all rows: 'E', length 9, "", 0; then Sync: 'S', length 4.
  bytes.set([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4], at);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// The bodiless messages, as PGlite's Parser answers them (one shared object each there, its length as PGlite
// writes it; equal objects here).
const bodiless: Record<number, { name: string; length: number }> = {
  0x31: { name: 'parseComplete', length: 5 },
  0x32: { name: 'bindComplete', length: 5 },
  0x33: { name: 'closeComplete', length: 5 },
  0x6e: { name: 'noData', length: 5 },
  0x73: { name: 'portalSuspended', length: 5 },
  0x49: { name: 'emptyQuery', length: 4 },
};

/**
 * The messages of an answer, as PGlite's Parser gives them, or null when the answer holds a message this reader
 * leaves to that Parser (anything but the bodiless ones above, a row description, a parameter description, a
 * row, a command's completion and ReadyForQuery).
 */
export function readAnswer(answer: Uint8Array): Message[] | null {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  const text = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const messages: Message[] = [];
  let at = 0;
  const decoded = (from: number, to: number) =>
    answer[from] === 0xef && answer[from + 1] === 0xbb && answer[from + 2] === 0xbf ? textDecoder.decode(answer.subarray(from, to)) : text.toString('utf8', from, to);
  const cstring = () => {
    const end = answer.indexOf(0, at);
    const value = decoded(at, end);
    at = end + 1;
    return value;
  };
  while (at + 5 <= answer.length) {
    const code = answer[at]!;
    const length = view.getUint32(at + 1);
    const next = at + 1 + length;
    if (length < 4 || next > answer.length) return null;
    at += 5;
    switch (code) {
      case 0x44: {
        // DataRow
        const count = view.getInt16(at);
        at += 2;
        const fields: Array<string | null> = new Array(count);
        for (let n = 0; n < count; n += 1) {
          const size = view.getInt32(at);
          at += 4;
          if (size === -1) fields[n] = null;
          else {
            fields[n] = decoded(at, at + size);
            at += size;
          }
        }
        messages.push({ length, fields, name: 'dataRow', fieldCount: count } as unknown as Message);
        break;
      }
      case 0x43: // CommandComplete
        messages.push({ length, text: cstring(), name: 'commandComplete' } as unknown as Message);
        break;
      case 0x5a: // ReadyForQuery
        messages.push({ length, status: String.fromCharCode(answer[at]!), name: 'readyForQuery' } as unknown as Message);
        break;
      case 0x54: {
        // RowDescription
        const count = view.getInt16(at);
        at += 2;
        const fields = new Array(count);
        for (let n = 0; n < count; n += 1) {
          const name = cstring();
          const tableID = view.getInt32(at);
          const columnID = view.getInt16(at + 4);
          const dataTypeID = view.getInt32(at + 6);
          const dataTypeSize = view.getInt16(at + 10);
          const dataTypeModifier = view.getInt32(at + 12);
          // PGlite's format codes: 0 text, 1 binary.
          const format = view.getInt16(at + 16) === 0 ? 0 : 1;
          at += 18;
          fields[n] = { name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format };
        }
        messages.push({ length, fieldCount: count, name: 'rowDescription', fields } as unknown as Message);
        break;
      }
      case 0x74: {
        // ParameterDescription
        const count = view.getUint16(at);
        const dataTypeIDs = Array.from({ length: count }, (_, n) => view.getInt32(at + 2 + 4 * n));
        messages.push({ length, parameterCount: count, name: 'parameterDescription', dataTypeIDs } as unknown as Message);
        break;
      }
      default: {
        const known = bodiless[code];
        if (known === undefined) return null;
        messages.push({ ...known } as unknown as Message);
      }
    }
    at = next;
  }
  return at === answer.length ? messages : null;
}

type RowDescription = { fields: Array<{ name: string; dataTypeID: number }> };
type RowShape = { names: string[]; parsers: Array<Parser | undefined>; typeIds: number[] };
const shapes = new WeakMap<object, RowShape>();

function shapeOf(description: RowDescription, parsers: Parsers): RowShape {
  let shape = shapes.get(description);
  if (shape === undefined) {
    shape = {
      names: description.fields.map((field) => field.name),
      typeIds: description.fields.map((field) => field.dataTypeID),
      // As parseType: the PGlite's own parser of the type, else the default one, else the text as it is.
      parsers: description.fields.map((field) => parsers[field.dataTypeID] ?? (types.parsers as Parsers)[field.dataTypeID]),
    };
    shapes.set(description, shape);
  }
  return shape;
}

/**
 * The rows of an answer's first result, as `parse.parseResults(messages, parsers)[0].rows` gives them: each an
 * object of its columns in order (a later column of the same name overwriting an earlier one's value), each value
 * parsed by its type's parser; none until a command completes.
 */
export function rowsOfAnswer<T>(messages: readonly Message[], parsers: Parsers): T[] {
  let shape: RowShape | undefined;
  const rows: T[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') shape = shapeOf(message as unknown as RowDescription, parsers);
    else if (message.name === 'dataRow') {
      const { fields } = message as unknown as { fields: Array<string | null> };
      // A row before any description: parseResults fails there too (it reads the description's columns).
      if (shape === undefined) throw new TypeError('A row without its description');
      const { names, typeIds, parsers: columnParsers } = shape;
      const row: Record<string, unknown> = {};
      for (let n = 0; n < fields.length; n += 1) {
        const value = fields[n];
        const parse = columnParsers[n];
        // Object.fromEntries defines each key; a plain assignment of "__proto__" would set the prototype instead.
        const key = names[n]!;
        const parsed = value === null ? null : parse === undefined ? value : parse(value!, typeIds[n]!);
        if (key === '__proto__') Object.defineProperty(row, key, { value: parsed, enumerable: true, writable: true, configurable: true });
        else row[key] = parsed;
      }
      rows.push(row as T);
    } else if (message.name === 'commandComplete') return rows;
  }
  return [];
}
