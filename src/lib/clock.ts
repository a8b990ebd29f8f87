/**
 * The service's one clock. Everything that stamps a row or measures an age reads it through the services
 * (src/services.ts), so a test or a queued render can hold the instant still.
 */
export interface Clock {
  now(): Date;
  /** The same instant as ISO 8601, the form the database stores. */
  iso(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  iso: () => new Date().toISOString(),
};
