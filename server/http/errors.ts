// One error shape for every JSON answer: `{ "message": ..., "code": ... }` with a meaningful status.
// Services raise DomainError (a code, a message, a field) and this file alone maps codes to statuses;
// HTTP-only refusals (authentication, request validation) throw HttpError. A database error caused by
// request values is a 4xx (database-refusals.ts). Anything else thrown is a bug and becomes a 500
// whose details stay in the log, never in the answer. A client that left before its answer went out
// is no error of ours: nothing is answered and nothing logged above debug (clientLeft below).
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DomainError, type DomainErrorCode } from '../services/domain-error.ts';
import { databaseRefusalOf } from './database-refusals.ts';
import { requestTexts } from '../services/texts/request-texts.ts';
import type { LocalText, Said } from '../services/texts/said.ts';

export type ErrorBody = { message: string; code: string; field?: string; details?: { text: LocalText } };

export type HttpErrorOptions = {
  /** The offending request field, dotted for nested ones (orders.0.price). */
  field?: string | undefined;
  /** Headers the answer needs (Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
  /** The refusal as a code and parameters (details.text), for the app to say in the trader's language. */
  text?: LocalText | undefined;
};

export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  readonly text: LocalText | undefined;

  constructor(statusCode: number, code: string, message: string, options: HttpErrorOptions = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.text = options.text;
  }

  /** A refusal whose words are coded: its message is the Said's English, its code travels as details.text. */
  static said(statusCode: number, code: string, text: Said, options: Omit<HttpErrorOptions, 'text'> = {}): HttpError {
    return new HttpError(statusCode, code, text.text, { ...options, text: text.i18n });
  }
}

const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export function codeForStatus(statusCode: number): string {
  return codeByStatus[statusCode] ?? (statusCode >= 500 ? 'internal_error' : 'bad_request');
}

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string, field?: string, text?: LocalText): FastifyReply {
  const body: ErrorBody = { message, code, ...(field === undefined ? {} : { field }), ...(text === undefined ? {} : { details: { text } }) };
  return reply.code(statusCode).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

/** The answer of a coded refusal: its English as the message, its code in details.text. */
export function sendSaid(reply: FastifyReply, statusCode: number, code: string, text: Said, field?: string): FastifyReply {
  return sendError(reply, statusCode, code, text.text, field, text.i18n);
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendSaid(reply, 404, 'not_found', requestTexts.notFound);
}

/** Every domain code answers one status; the type makes a new code without a status a compile error. */
export const statusByDomainCode: Record<DomainErrorCode, number> = {
  validation_failed: 400,
  unknown_broker: 400,
  broker_mismatch: 400,
  portfolio_mismatch: 400,
  invalid_credentials: 400,
  not_found: 404,
  email_taken: 409,
  account_exists: 409,
  api_key_taken: 409,
  weak_password: 422,
  invalid_current_password: 422,
  capital_exceeded: 422,
  api_secret_unreadable: 422,
  request_token_invalid: 422,
  checksum_invalid: 422,
  live_trading_unavailable: 422,
  risk_limits_required: 422,
  unknown_base_strategy: 422,
  invalid_params: 422,
  lots_above_freeze_limit: 422,
  outside_market_hours: 422,
  entry_not_before_exit: 422,
  pause_choice_required: 422,
  unknown_instrument: 422,
  broker_session_expired: 403,
  kill_switch_armed: 403,
  kill_switch_cooling_off: 422,
  confirmation_mismatch: 422,
  risk_limit_exceeded: 422,
  security_in_ban: 422,
  ban_list_refused: 422,
  order_not_working: 422,
  modification_limit: 422,
  nothing_to_modify: 422,
  order_refused: 422,
  order_not_reducing: 422,
  idempotency_key_reused: 422,
  idempotency_in_progress: 409,
  order_rate_limited: 429,
  broker_refused: 422,
  broker_unavailable: 503,
  broker_outcome_unknown: 503,
  market_choice_refused: 422,
  not_live_account: 422,
  market_orders_working: 409,
  paper_feed_stopped: 422,
  historical_data_not_enabled: 422,
  no_candles: 422,
  broker_account_mismatch: 422,
  login_state_invalid: 422,
  postback_refused: 400,
  too_many_orders: 422,
  too_many_attempts: 429,
  server_busy: 503,
  too_many_streams: 429,
  replay_open: 409,
  replay_no_history: 422,
  replay_rules_unknown: 422,
  replay_outside_session: 422,
  replay_seek_backward: 409,
  replay_bot_attached: 409,
  replay_bot_index: 422,
  replay_moving: 503,
  signature_invalid: 403,
  alert_stale: 422,
  alert_duplicate: 409,
  bot_not_active: 409,
  outside_bot_hours: 422,
  alert_over_limit: 422,
  bot_in_position: 409,
  nothing_to_exit: 422,
  bot_action_in_progress: 409,
  proposal_decided: 409,
  proposal_expired: 409,
  proposal_price_moved: 409,
};

/** The HTTP answer of a domain refusal. */
export function httpErrorOf(error: DomainError): HttpError {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return new HttpError(statusByDomainCode[error.code], error.code, error.message, { field: error.field, headers, text: error.text?.i18n });
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/**
 * The client left (a navigation, an aborted fetch, a closed tab) before its answer went out. Fastify then
 * destroys the answer's stream (a compressed JSON answer is one: @fastify/compress pipes it through brotli or
 * gzip; a file is another) and, for a request whose body it had read (a POST), hands that stream's premature
 * close to this handler, where for a GET it logs "stream closed prematurely" itself. Nobody is left to answer
 * and nothing failed on our side. The same error code with the client still connected (a stream our code
 * closed early) is a bug like any other.
 */
function clientLeft(error: FastifyError, reply: FastifyReply): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' && reply.raw.destroyed && !reply.raw.headersSent;
}

/**
 * A stream answer that failed before its first byte left its headers on the raw response (Fastify copies
 * them there before piping), the encoding of a compressed answer among them: the error answer is plain JSON.
 */
function dropStreamEncoding(reply: FastifyReply): void {
  if (reply.raw.headersSent) return;
  reply.removeHeader('content-encoding');
  reply.raw.removeHeader('content-encoding');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    if (clientLeft(thrown, reply)) {
      // Per request, like Fastify's own line for a GET: seen with LOG_LEVEL=debug, as request logging is.
      request.log.debug({ err: thrown }, 'the client left before its answer was sent');
      return;
    }
    dropStreamEncoding(reply);
    const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.code, error.message, error.field, error.text);
    }
    if (error.validation) {
      // Fastify's own schema validation: the contract's validators run instead (contract-route.ts), so this
      // is a route declared without them; its English is Ajv's.
      return sendSaid(reply, 400, 'validation_failed', requestTexts.refused(400, error.message));
    }
    const refusal = databaseRefusalOf(error);
    if (refusal !== null) {
      request.log.warn({ err: error, sqlState: refusal.sqlState }, 'the database refused a request value the contract let through');
      return sendSaid(reply, refusal.statusCode, refusal.code, refusal.text);
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendSaid(reply, status, codeForStatus(status), status === 500 ? requestTexts.internalError : requestTexts.failed(status, 'Internal Server Error'));
    }
    // Client errors raised by Fastify itself (body too large, bad media type) explain themselves in English;
    // the code says them in the trader's language.
    return sendSaid(reply, status, codeForStatus(status), fastifyRefusal(error, status));
  });
}

/** Fastify's own refusals (FST_ERR_*), coded: the ones a client meets by name, any other by its status. */
export function fastifyRefusal(error: { code?: string; message: string }, status: number): Said {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return requestTexts.tooLarge(error.message);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return requestTexts.unsupportedMediaType('json', error.message);
    case 'FST_ERR_BAD_URL':
      return requestTexts.badUrl(error.message);
    default:
      return requestTexts.refused(status, error.message);
  }
}
