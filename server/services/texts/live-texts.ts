// What a trader reads about a live broker's session whatever the broker, said twice like every trader's text
// (said.ts). The broker's name ("Kite", "Upstox") and its own words travel as they are.
import { said, type Said } from './said.ts';

export const liveTexts = {
  /** `detail`: the broker's own words on why, when it gave any. */
  sessionEnded: (broker: string, detail: string | null): Said => {
    const why = detail === null || detail === '' ? '' : ` (${broker}: ${detail})`;
    return said(
      'broker.session_ended',
      { broker, said: why === '' ? 'no' : 'yes', detail: detail ?? '' },
      `Your ${broker} session has ended${why}. Log in to the broker again to trade and to see live positions.`,
    );
  },
};
