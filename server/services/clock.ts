/** The server's idea of "now". Services take it as a dependency so tests can move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Waits `ms` milliseconds: a timer in production; tests pass one that moves their manual clock. */
export type Wait = (ms: number) => Promise<void>;

export const timerWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
