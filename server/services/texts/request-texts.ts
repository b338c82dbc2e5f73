// Refusals of a request that is wrong before any field is read (its body is not JSON, not UTF-8, too large
// or of a type the operation does not take; its address is not valid; no route answers it) and the server's
// own failures, said twice like every trader's text (said.ts): the English the Error answer has always
// carried, and a code the app says in the trader's language. Fastify's and Node's own words for these stay
// out of the code: they are English and name internals (a parser's position, the raw URL).
import { said, type Said } from './said.ts';

/** What the history upload takes, and what every other operation with a body takes. */
export type AcceptedBody = 'json' | 'files';

/** What is wrong with a multipart/form-data body (multipart-body.ts). */
export const multipartFaults = {
  no_boundary: 'The multipart/form-data body has no boundary in its Content-Type',
  boundary_missing: 'The multipart/form-data body does not contain its boundary',
  after_boundary: 'The multipart/form-data body is malformed after a boundary',
  part_headers: 'A part of the multipart/form-data body has no end to its headers',
  unclosed: 'The multipart/form-data body ends before its closing boundary',
  part_name: 'A part of the multipart/form-data body has no name',
} as const;
export type MultipartFault = keyof typeof multipartFaults;

/** Why the database refused a value the contract let through (database-refusals.ts), by SQLSTATE. */
export const storedValueFaults = {
  too_long: 'A text in the request is too long to be stored',
  out_of_range: 'A number in the request is out of range',
  bad_character: 'A text in the request contains a character that cannot be stored (such as NUL)',
  bad_form: 'A value in the request is not in the form expected',
  bad_date: 'A date or time in the request is not valid',
  date_out_of_range: 'A date or time in the request is out of range',
  other: 'A value in the request cannot be stored',
  missing: 'A value the request needs is missing',
  reference: 'The request refers to something that does not exist, or that something else still uses',
  outside: 'A value in the request is outside what can be stored',
  rule: 'The request breaks a rule of the stored data',
  conflict: 'The request conflicts with something already stored',
} as const;
export type StoredValueFault = keyof typeof storedValueFaults;

export const requestTexts = {
  invalidJson: (reason: string | null): Said =>
    said('request.invalid_json', {}, `The request body is not valid JSON${reason === null ? '' : `: ${reason}`}`),
  invalidUtf8: said('request.invalid_utf8', {}, 'The request body is not valid UTF-8'),
  tooDeep: (limit: number): Said => said('request.too_deep', { limit }, `The request body nests objects and lists more than ${limit} levels deep`),
  forbiddenKey: (field: string): Said =>
    said('request.forbidden_key', { field }, `${field}: keys named __proto__, or prototype inside constructor, are not allowed`),
  unsupportedCharset: (charset: string): Said =>
    said('request.unsupported_charset', { charset }, `Send JSON in UTF-8: charset "${charset}" is not supported`),
  /** `english`: Fastify's own words when it refused the type itself, else this file's. */
  unsupportedMediaType: (accepted: AcceptedBody, english?: string): Said =>
    said(
      'request.unsupported_media_type',
      { accepted },
      english ?? (accepted === 'files' ? 'Send the files as multipart/form-data, or one file as application/octet-stream' : 'Send the request body as application/json'),
    ),
  tooLarge: (english = 'Request body is too large'): Said => said('request.too_large', {}, english),
  invalidMultipart: (fault: MultipartFault): Said => said('request.invalid_multipart', { fault }, multipartFaults[fault]),
  emptyFile: said('request.empty_file', {}, 'The request body is empty: send the file'),
  filesRequired: said('request.files_required', {}, 'files: attach at least one file'),
  tooManyFiles: (limit: number): Said => said('request.too_many_files', { limit }, `files: at most ${limit} files a request`),
  /** `english`: Fastify's words, which quote the address. */
  badUrl: (english: string): Said => said('request.bad_url', {}, english),
  notFound: said('request.not_found', {}, 'Not Found'),
  unauthenticated: said('request.unauthenticated', {}, 'Authentication required'),
  storedValue: (fault: StoredValueFault): Said => said('request.stored_value', { fault }, storedValueFaults[fault]),
  /** Any other refusal Fastify raised itself (its own English kept as the message). */
  refused: (status: number, english: string): Said => said('request.refused', { status }, english),
  internalError: said('request.internal_error', {}, 'Internal Server Error'),
  /** A 5xx other than 500 from below the routes (a gateway status passed on). */
  failed: (status: number, english: string): Said => said('request.failed', { status }, english),
  /** Node refused the connection's bytes before Fastify had a request (client-errors.ts). */
  timedOut: said('request.timed_out', {}, 'The request took too long to arrive. Send it again.'),
  headersTooLarge: said('request.headers_too_large', {}, 'The request headers are too large.'),
  notHttp: said('request.not_http', {}, 'The request is not valid HTTP.'),
};
