import { useEffect, useState } from 'react';

/**
 * `value`, passed on at most once per animation frame: a slider fires input events faster than the screen
 * draws, so the payoff curve is recomputed once per frame for the latest position and never for the ones
 * in between.
 */
export function useFrameValue<T>(value: T): T {
  const [framed, setFramed] = useState(value);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFramed(value));
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return framed;
}
