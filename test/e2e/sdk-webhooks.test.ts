import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFolio, type Folio, unwrap, WebhookVerificationError, webhooks } from "../../packages/sdk/src/index";
import { devSettings } from "../../scripts/dev-settings.ts";
import { startService } from "../../scripts/service.ts";
import { until } from "../poll";
import { onLoopback } from "./loopback-server";
import { e2ePort } from "./ports.ts";

interface Delivery {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A loopback receiver keeping each delivery's raw bytes and headers, as an Express or Node handler sees them. */
function receiver() {
  const deliveries: Delivery[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(200).end();
  });
  return {
    deliveries,
    ...onLoopback(server),
  };
}

const pick = (headers: IncomingHttpHeaders, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, headers[name]]));
const V1_HEADERS = ["x-service-signature", "x-service-timestamp"];
const STANDARD_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"];

// The shared e2e service refuses loopback webhooks, so this file starts its own service with the settings
// `npm run dev` gives (and ALLOW_PRIVATE_EGRESS off): a receiver on this machine gets deliveries with no setting.
describe("webhooks.verify on real deliveries from npm run dev's service", () => {
  const hook = receiver();
  const state = mkdtempSync(join(tmpdir(), "folio-sdk-webhooks-"));
  let service: Awaited<ReturnType<typeof startService>>;
  let folio: Folio;
  let secret: string;
  let delivery: Delivery;
  let renderId: string;
  let output = "";

  beforeAll(async () => {
    const base = await hook.start();
    service = await startService({
      port: e2ePort("sdkWebhooks"),
      persistTo: state,
      env: { ...devSettings({}), ALLOW_PRIVATE_EGRESS: "false", WEBHOOK_RETRY_SCALE: "0.01" },
    });
    for (const stream of [service.child.stdout, service.child.stderr]) stream?.on("data", (chunk) => (output += chunk));
    folio = createFolio({ apiKey: service.apiKey, baseUrl: service.baseUrl });
    secret = (await unwrap(folio.api.GET("/v1/account"))).webhook_secret!;
    await unwrap(
      folio.api.POST("/v1/templates", {
        body: { name: "hooked", engine: "satori", source: "<div style='display:flex'>{{ n }}</div>" },
      }),
    );
    const render = await folio.render({ template: "hooked", data: { n: 1 }, webhook_url: `${base}/hook` });
    renderId = render.id;
    delivery = (
      await until(
        async () => hook.deliveries,
        (list) => list.length > 0,
        30_000,
      )
    )[0]!;
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
    await hook.stop();
    rmSync(state, { recursive: true, force: true });
  });

  it("answers the event from the Standard Webhooks headers", async () => {
    const event = await webhooks.verify(delivery.body, pick(delivery.headers, STANDARD_HEADERS), secret);
    expect(event).toMatchObject({ type: "render.succeeded", data: { id: renderId, status: "succeeded" } });
  });

  it("answers the event from the v1 X-Service-Signature alone", async () => {
    const event = await webhooks.verify(delivery.body.toString("utf8"), pick(delivery.headers, V1_HEADERS), secret, {
      allowServiceSignature: true,
    });
    expect(event.data.id).toBe(renderId);
  });

  it("refuses a changed body, another secret and a delivery older than the tolerance, in both schemes", async () => {
    const reasonOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "verified",
        (e: unknown) => (e instanceof WebhookVerificationError ? e.reason : String(e)),
      );
    const tampered = Buffer.from(delivery.body.toString("utf8").replace("render.succeeded", "render.failed"));
    const later = () => Number(delivery.headers["webhook-timestamp"]) + 301;
    for (const names of [STANDARD_HEADERS, V1_HEADERS]) {
      const headers = pick(delivery.headers, names);
      const v1 = { allowServiceSignature: names === V1_HEADERS };
      expect(await reasonOf(webhooks.verify(tampered, headers, secret, v1))).toBe("bad_signature");
      expect(
        await reasonOf(
          webhooks.verify(delivery.body, headers, `whsec_${btoa("another secret of 32 bytes......")}`, v1),
        ),
      ).toBe("bad_signature");
      expect(await reasonOf(webhooks.verify(delivery.body, headers, secret, { ...v1, now: later }))).toBe(
        "stale_timestamp",
      );
      expect(
        await reasonOf(webhooks.verify(delivery.body, headers, secret, { ...v1, now: later, toleranceSeconds: 600 })),
      ).toBe("verified");
    }
    // The v1 signature alone, not asked for: refused, whatever X-Service-Timestamp says.
    expect(await reasonOf(webhooks.verify(delivery.body, pick(delivery.headers, V1_HEADERS), secret))).toBe(
      "missing_headers",
    );
  });

  it("never delivers to the service's own ports, and says so in the terminal", async () => {
    const own = await folio.render({
      template: "hooked",
      data: { n: 2 },
      webhook_url: `${service.baseUrl}/v1/account`,
    });
    const line = await until(
      async () => output.split("\n").find((text) => text.includes(`webhook of ${own.id}`)),
      (found) => found !== undefined,
      30_000,
    );
    expect(line).toContain(`port ${new URL(service.baseUrl).port} is the service's own`);
  });
});
