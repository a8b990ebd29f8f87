// The ports of the services the e2e tests start: E2E_PORT (vitest.config.ts finds a free block of 24 unless it is
// given) and fixed places above it. Each service takes its port and the next one (its render backend).
const OFFSETS = {
  e2e: 0,
  browserRendering: 4,
  sdkWebhooks: 6,
  webhookRestart: 8,
  rendererHealth: 10,
  devSecrets: 12,
  devLogs: 14,
  devLocalBrowser: 16,
  benchNeighbour: 18,
  docsDevelopment: 20,
  webhookDeliveries: 22,
} as const;

export function e2ePort(service: keyof typeof OFFSETS): number {
  const base = process.env.E2E_PORT;
  if (!base) throw new Error("E2E_PORT is not set: run the tests through vitest.config.ts, which finds free ports");
  return Number(base) + OFFSETS[service];
}
