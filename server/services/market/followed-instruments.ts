// The instruments this instance's simulator price streams follow (the desks' chains and tickets, price-fanout.ts):
// what the market recorder reads as watched stocks (history/watched-stocks.ts), beside the paper streams'.
export function createFollowedInstruments() {
  const following = new Map<symbol, readonly string[]>();
  return {
    /** Notes a stream's instruments; answers how to forget them when it ends. */
    follow(instruments: readonly string[]): () => void {
      const id = Symbol('stream');
      following.set(id, instruments);
      return () => following.delete(id);
    },
    /** Every instrument an open stream follows, once. */
    list: (): string[] => [...new Set([...following.values()].flat())],
  };
}

export type FollowedInstruments = ReturnType<typeof createFollowedInstruments>;
