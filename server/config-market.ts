// The simulated market's settings: MARKET_DEMO, MARKET_SEED, MARKET_TICK_MS; MARKET_RECORDING_DAYS, how long the
// market recorder keeps the minutes it records (server/services/history/market-recorder.ts), and
// MARKET_RECORDING_SAMPLE_MS, how often within a minute it prices what it records.
import { ConfigError } from './config-error.ts';

export type MarketConfig = {
  /** Keep the market open at any hour (on by default, so a new user sees prices move at 2 a.m.). */
  demo: boolean;
  /** Any text: the same seed and clock give the same ticks. */
  seed: string;
  /** Milliseconds between ticks; 0 stops the simulator (prices stay where they are). */
  tickMs: number;
  /** Days of recorded minutes kept in market history; 0 records nothing. */
  recordingDays: number;
  /**
   * Least time between two of the recorder's samples within a minute (its minutes' high and low are of those
   * samples): pricing every recorded contract is most of an idle server's market pass (docs/testing.md, CI time).
   */
  recordingSampleMs: number;
};

export const defaultMarketConfig: MarketConfig = { demo: true, seed: 'strikedesk', tickMs: 1000, recordingDays: 30, recordingSampleMs: 5000 };

export function parseMarketConfig(env: NodeJS.ProcessEnv): MarketConfig {
  const demoText = env.MARKET_DEMO?.trim().toLowerCase() ?? '';
  let demo = defaultMarketConfig.demo;
  if (['on', 'true', '1', 'yes'].includes(demoText)) demo = true;
  else if (['off', 'false', '0', 'no'].includes(demoText)) demo = false;
  else if (demoText !== '') throw new ConfigError(`MARKET_DEMO must be on or off, got "${env.MARKET_DEMO}".`);

  const seed = env.MARKET_SEED?.trim() || defaultMarketConfig.seed;

  const tickText = env.MARKET_TICK_MS?.trim() ?? '';
  let tickMs = defaultMarketConfig.tickMs;
  if (tickText !== '') {
    tickMs = Number(tickText);
    if (!/^\d+$/.test(tickText) || (tickMs !== 0 && (tickMs < 100 || tickMs > 60_000))) {
      throw new ConfigError(`MARKET_TICK_MS must be 0 (no ticks) or a whole number from 100 to 60000, got "${env.MARKET_TICK_MS}".`);
    }
  }
  const daysText = env.MARKET_RECORDING_DAYS?.trim() ?? '';
  const recordingDays = daysText === '' ? defaultMarketConfig.recordingDays : Number(daysText);
  if (daysText !== '' && (!/^\d+$/.test(daysText) || recordingDays > 3650)) {
    throw new ConfigError(`MARKET_RECORDING_DAYS must be a whole number of days from 0 (no recording) to 3650, got "${env.MARKET_RECORDING_DAYS}".`);
  }
  const sampleText = env.MARKET_RECORDING_SAMPLE_MS?.trim() ?? '';
  const recordingSampleMs = sampleText === '' ? defaultMarketConfig.recordingSampleMs : Number(sampleText);
  if (sampleText !== '' && (!/^\d+$/.test(sampleText) || recordingSampleMs < 1000 || recordingSampleMs > 60_000)) {
    throw new ConfigError(`MARKET_RECORDING_SAMPLE_MS must be a whole number of milliseconds from 1000 to 60000, got "${env.MARKET_RECORDING_SAMPLE_MS}".`);
  }
  return { demo, seed, tickMs, recordingDays, recordingSampleMs };
}
