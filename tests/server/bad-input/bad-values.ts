// The bad values the matrix puts in every place of every request. Body values are JSON text, so the
// list can hold what JSON.stringify cannot write (1e400 parses to Infinity, -0, nesting 10,000 deep).
// Which lists a place gets depends on what its valid sample holds, so a number field meets every
// numeric edge and a text field every text edge, and every place meets every wrong type.

export type BadJson = { label: string; json: string };

const value = (label: string, data: unknown): BadJson => ({ label, json: JSON.stringify(data) });
const raw = (label: string, json: string): BadJson => ({ label, json });

const deepLists = raw('lists nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
const deepObjects = raw('objects nested 10,000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);

/** Every place gets these: wrong types, emptiness, a NUL, nesting 10,000 deep. */
export const anyPlaceValues: BadJson[] = [
  value('null', null),
  value('true', true),
  value('a list instead of a value', [1]),
  value('an object instead of a value', { a: 1 }),
  value('empty text', ''),
  value('a NUL', '\u0000'),
  value('zero', 0),
  value('1.5', 1.5),
  deepObjects,
];

export const textValues: BadJson[] = [
  value('a lone high surrogate', '\ud800'),
  value('a NUL inside text', 'Asha\u0000Verma'),
  value('a lone low surrogate', '\udfff tail'),
  value('a space', ' '),
  value('100,000 characters', 'x'.repeat(100_000)),
  value('300 astral characters', '📈'.repeat(300)),
  value('"Infinity"', 'Infinity'),
  value('"NaN"', 'NaN'),
  value('"1e308"', '1e308'),
  value('"2147483648"', '2147483648'),
  value('SQL', "'; DROP TABLE users; --"),
  value('a right-to-left override', '\u202eevil'),
  value('control characters', '\t\r\n\u0007\u001b'),
];

export const numberValues: BadJson[] = [
  value('minus one', -1),
  value('2^31 - 1', 2 ** 31 - 1),
  value('2^31', 2 ** 31),
  value('2^53', 2 ** 53),
  value('1e308', 1e308),
  value('-1e308', -1e308),
  value('the smallest float', 5e-324),
  value('0.001', 0.001),
  value('0.005', 0.005),
  value('0.009', 0.009),
  value('0.07', 0.07),
  value('100.001', 100.001),
  value('1000.01', 1000.01),
  value('9999999999.99', 9999999999.99),
  value('1e10 + 0.01', 10000000000.01),
  value('9999999999999.99', 9999999999999.99),
  value('1e16', 1e16),
  raw('1e400 (Infinity)', '1e400'),
  raw('-1e400 (-Infinity)', '-1e400'),
  raw('-0', '-0'),
  raw('30 digits', '123456789012345678901234567890'),
];

export const listValues: BadJson[] = [
  value('an empty list', []),
  deepLists,
  value('a list of null', [null]),
  value('a list with a NUL', ['\u0000']),
  value('a list with 2^31', [2 ** 31]),
  value('10,000 items', Array.from({ length: 10_000 }, (_, index) => index)),
  value('a list of lists', [[]]),
];

export const objectValues: BadJson[] = [
  value('an empty object', {}),
  value('a NUL field name', { '\u0000': 1 }),
  value('a lone surrogate field name', { '\ud800': 1 }),
  value('a NUL inside', { a: '\u0000' }),
  value('100 fields', Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`f${index}`, index]))),
  raw('a __proto__ key', '{"__proto__":{"admin":true}}'),
  raw('constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'),
];

/** The lists for a place whose valid sample is `sample`. */
export function badValuesFor(sample: unknown): BadJson[] {
  const byType = Array.isArray(sample)
    ? listValues
    : typeof sample === 'object' && sample !== null
      ? objectValues
      : typeof sample === 'string'
        ? textValues
        : typeof sample === 'number'
          ? numberValues
          : [];
  return [...anyPlaceValues, ...byType];
}

/** Whole bodies that are wrong before any field is looked at. */
export const wholeBodies: { label: string; payload: string | Buffer; contentType?: string }[] = [
  { label: 'an empty body', payload: '' },
  { label: 'null', payload: 'null' },
  { label: 'a list', payload: '[]' },
  { label: 'text', payload: '"x"' },
  { label: 'a number', payload: '1' },
  { label: 'an empty object', payload: '{}' },
  { label: 'malformed JSON', payload: '{"a":' },
  { label: 'a __proto__ key', payload: '{"__proto__":{"admin":true}}' },
  { label: '2 MB', payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) },
  { label: 'UTF-16', payload: Buffer.from('{"name":"x"}', 'utf16le'), contentType: 'application/json; charset=utf-16' },
  { label: 'bytes that are not UTF-8', payload: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) },
  { label: 'plain text', payload: 'name=x', contentType: 'text/plain' },
  { label: 'a form', payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
];

/** Path and query text, already percent-encoded where it must be. */
export const badTexts: string[] = [
  '0', '-1', '-0', '2147483647', '2147483648', '9007199254740993', '1e308', 'Infinity', '-Infinity', 'NaN', '1.5', '0x10',
  '+5', '%2012', '12abc', '%00', '%ED%A0%80', '%FF', 'x'.repeat(3000), '%D9%A1%D9%A2', '%F0%9F%93%88', '%27%3B--', '%2E%2E',
  '%2F', 'true', '%20', '%E2%80%AE1',
];

/** Header values (Node refuses control characters itself; these are what can still arrive). */
export const badHeaderValues: string[] = ['', 'short', 'x'.repeat(200), 'key-\ud800-123456', 'ключ-12345678', 'key with spaces 1234', 'Infinity'];
