// The refusal of a market depth a broker does not stream, said twice like every trader's text (said.ts).
import { said, type Said } from './said.ts';

export const depthTexts = {
  notOffered: (account: string): Said =>
    said('depth.not_offered', { account }, `account_number: ${account}'s broker streams no depth beyond the best bid and ask (market depth comes from a Dhan, Shoonya or Flattrade account)`),
};
