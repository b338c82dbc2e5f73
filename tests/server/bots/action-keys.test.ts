// A bot action's key is also the tag of every order it places at the broker (docs/api.md): the trader reads
// it in Kite's order book, and Kite refuses a tag longer than 20 characters. The key must say which kind of
// bot placed the order, and the length guard must refuse the first key Kite would refuse, not one earlier.
import { describe, expect, it } from 'vitest';
import { actionKey } from '../../../server/services/bots/engine/action-keys.ts';

describe('a bot action key', () => {
  it('reads as documented: kind, bot, IST day, action and sequence, the leg of a per-leg stop, the attempt of a retried exit', () => {
    expect(actionKey('daily', 42, '2026-11-23', 'enter', 1)).toBe('BD42-261123-E1');
    expect(actionKey('trading', 7, '2026-11-23', 'exit', 1, 2)).toBe('BT7-261123-X1.2');
    expect(actionKey('daily', 42, '2026-11-23', 'leg_stop_loss', 1, 1, 1)).toBe('BD42-261123-G1b');
  });

  it("takes a key of exactly Kite's 20 characters and refuses one of 21 rather than sending a tag Kite rejects", () => {
    expect(actionKey('trading', 12_345_678, '2026-11-23', 'stop_loss', 1)).toBe('BT12345678-261123-S1');
    expect(() => actionKey('trading', 123_456_789, '2026-11-23', 'stop_loss', 1)).toThrow("bot action key BT123456789-261123-S1 is longer than Kite's 20-character tag");
  });
});
