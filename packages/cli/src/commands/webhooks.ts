import { client } from "../config.js";
import { EXIT, type Output } from "../output.js";
import { table } from "./list.js";

/** `folio webhooks test <url>`: one signed test event to the URL; exit 1 when it did not arrive. */
export async function testWebhook(url: string, out: Output): Promise<number> {
  const result = await client().webhooks.test(url);
  const answered = result.status_code === null ? "no answer" : `HTTP ${result.status_code}`;
  const human = result.delivered
    ? `delivered: ${answered} in ${result.duration_ms} ms`
    : `not delivered (${result.error}): ${answered} after ${result.duration_ms} ms`;
  out.result(result, human);
  return result.delivered ? EXIT.ok : EXIT.api;
}

/** `folio renders deliveries <id>`: the render's webhook deliveries, newest first. */
export async function listDeliveries(renderId: string, out: Output): Promise<void> {
  const deliveries = await client().listDeliveries(renderId);
  const rows = deliveries.map((d) => [
    d.manual ? `resend ${d.attempt}` : `attempt ${d.attempt}`,
    d.attempted_at,
    d.url_host,
    d.status_code === null ? "-" : String(d.status_code),
    d.error ?? "-",
    `${d.duration_ms} ms`,
    d.next_attempt_at ?? "-",
  ]);
  out.result(
    { object: "list", data: deliveries },
    rows.length
      ? table([["DELIVERY", "AT", "HOST", "STATUS", "ERROR", "TOOK", "NEXT ATTEMPT"], ...rows])
      : "no deliveries (the render has no webhook_url, or it has not finished)",
  );
}
