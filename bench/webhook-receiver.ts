// The bench's webhook receiver: notes when each render's webhook arrived (by its delivery header), so a queued
// render is timed from its submission to its webhook.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookReceiver {
  url: string;
  /** Every webhook received, with when it arrived (performance.now()). */
  hooks: Array<{ at: number; id: string }>;
  /** Resolves once the webhook of the render `id` has arrived (at once if it already has). */
  webhookFor(id: string): Promise<void>;
  close(): void;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hooks: Array<{ at: number; id: string }> = [];
  const waiting = new Map<string, () => void>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["x-service-delivery"]);
      hooks.push({ at: performance.now(), id });
      waiting.get(id)?.();
      res.writeHead(200).end();
    });
  });
  const webhookFor = (id: string) =>
    hooks.some((h) => h.id === id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  return { url, hooks, webhookFor, close: () => receiver.close() };
}
