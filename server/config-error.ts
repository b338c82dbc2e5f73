/** A bad environment value: the server stops at start-up with this message instead of running oddly. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
