/** The server's idea of "now". Services take it as a dependency so tests can move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
