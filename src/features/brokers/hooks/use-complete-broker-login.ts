import { useEffect, useState } from 'react';
import {
  completeBrokerLogin,
  forgetBrokerLogin,
  type LoginOutcome,
  type LoginRequest,
} from '@/features/brokers/complete-broker-login';

/**
 * Completes the broker login when there is a request (null: nothing to post). `outcome` is null while
 * the token is being exchanged. `retry` posts the same token again.
 */
export function useCompleteBrokerLogin(request: LoginRequest | null) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; outcome: LoginOutcome } | null>(null);
  const key = request ? `${request.accountId}:${request.broker}:${request.token}:${attempt}` : null;
  const accountId = request?.accountId;
  const broker = request?.broker;
  const token = request?.token;
  const state = request?.state ?? null;

  useEffect(() => {
    if (key === null || accountId === undefined || broker === undefined || token === undefined) return;
    let active = true;
    void completeBrokerLogin({ accountId, broker, token, state }).then((outcome) => {
      if (active) setResult({ key, outcome });
    });
    return () => {
      active = false;
    };
  }, [key, accountId, broker, token, state]);

  const retry = () => {
    if (token === undefined) return;
    forgetBrokerLogin(token);
    setAttempt((current) => current + 1);
  };

  return { outcome: result !== null && result.key === key ? result.outcome : null, retry };
}
