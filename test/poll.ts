/** Polls `probe` until `done` holds or the time runs out, and returns the last value either way. */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 40_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
