/** Gaps before attempts 2..5: 30 s, 90 s, 270 s, 600 s, as /docs#webhooks (src/docs/guides.ts) announces them. */
const GAPS_SECONDS = [30, 90, 270, 600];
export const MAX_ATTEMPTS = GAPS_SECONDS.length + 1;
export const ATTEMPT_BUDGET_MS = 5_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Milliseconds to wait after `attempt` failed, or null when it was the last; `scale` shrinks gaps outside production.
 */
export function nextAttemptDelayMs(attempt: number, scale: number): number | null {
  const gap = GAPS_SECONDS[attempt - 1];
  return gap === undefined ? null : Math.round(gap * 1000 * scale);
}

/** Manual resends of one render's event (docs/webhooks.md#resend), beyond the schedule's five attempts. */
export const MAX_RESENDS = 10;
