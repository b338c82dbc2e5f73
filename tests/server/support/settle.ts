import { expect } from 'vitest';

/**
 * Lets sockets, the database and promises run until `condition` holds. Bounded by time, not by rounds: on a
 * loaded machine a PostgreSQL round trip can outlast thousands of event-loop turns. The first turns poll at
 * once; after that the loop waits a few milliseconds between polls so the database gets the CPU.
 */
export async function settle(condition: () => boolean | Promise<boolean>, withinMs = 15_000): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (let round = 0; performance.now() < deadline; round += 1) {
    if (await condition()) return;
    await new Promise((resolve) => (round < 200 ? setImmediate(resolve) : setTimeout(resolve, 5)));
  }
  expect(await condition()).toBe(true);
}
