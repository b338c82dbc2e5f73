// A broker call whose outcome is unknown: the request may have reached the broker and been acted on, but its
// answer was lost (a cut connection, a time-out, a gateway's page, an answer that does not say). Never a
// refusal: the caller reads the broker's order book before doing anything else, and never sends again blind.
// Each broker's wire layer names its own subclass and the reasons it can give.

export class BrokerOutcomeUnknownError<Reason extends string = string> extends Error {
  readonly reason: Reason;
  readonly method: string;
  readonly path: string;

  constructor(reason: Reason, method: string, path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
    this.method = method;
    this.path = path;
  }
}
