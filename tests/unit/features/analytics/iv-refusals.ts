// The server's refusal of a volatility read whose expiry had expired before the day asked for (iv-routes'
// history.iv_expiry_before_day), as the volatility screen's tests answer it.
import { HttpResponse } from 'msw';

export const expiredBefore = () =>
  HttpResponse.json(
    {
      message: 'expiry: 2026-11-03 had expired before 2026-11-27: choose an expiry on or after the day',
      code: 'validation_failed',
      field: 'expiry',
      details: { text: { code: 'history.iv_expiry_before_day', params: { expiry: '2026-11-03', day: '2026-11-27' } } },
    },
    { status: 400 },
  );
