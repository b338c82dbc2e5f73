// How an entry's answer tells that the kill switch closed it on its way (issue 26, from the mutation run): the
// late close's sentence becomes a clause after "; " in the answer's message, lowercase first letter, no full
// stop of its own. No server.
import { describe, expect, it } from 'vitest';
import { lateKillText } from '../../../server/services/texts/order-texts.ts';
import { said } from '../../../server/services/texts/said.ts';
import { lateKillNote } from '../../../server/services/trading/late-kill.ts';

describe("the late kill's note in an entry's answer", () => {
  it('is the sentence as a clause: first letter lowercase, the final full stop gone, nothing else changed', () => {
    expect(lateKillNote(lateKillText({ cancelled: 1, filled: 2, unfilled: 1 }))).toBe(
      'the kill switch was turned on while this was being placed, so everything was closed at once: 1 working order cancelled, 2 exits filled, 1 exit not filled: close what is left yourself',
    );
    expect(lateKillNote(lateKillText({ cancelled: 0, filled: 0, unfilled: 0 }))).toBe(
      'the kill switch was turned on while this was being placed, so everything was closed at once: 0 working orders cancelled, 0 exits filled',
    );
    // Only the final full stop goes: one inside the sentence (a time, an amount) stays.
    expect(lateKillNote(said('kill_switch.late_closed', { cancelled: 0, filled: 1, unfilled: 0 }, 'Closed at 10.30, 1 exit filled.'))).toBe('closed at 10.30, 1 exit filled');
  });
});
