// A refusal the test server answers as Kite does: `{status: "error", message, error_type, data: null}`.
import type { KiteErrorType } from '../../server/services/brokers/kite/kite-errors.ts';

export class AnswerError extends Error {
  readonly status: number;
  readonly errorType: KiteErrorType;

  constructor(status: number, errorType: KiteErrorType, message: string) {
    super(message);
    this.status = status;
    this.errorType = errorType;
  }
}

export const inputError = (message: string) => new AnswerError(400, 'InputException', message);
export const orderError = (message: string) => new AnswerError(400, 'OrderException', message);
export const tokenError = (message = 'Incorrect `api_key` or `access_token`.') => new AnswerError(403, 'TokenException', message);
