// The service the bench measures, started on a state of its own beside the bench's webhook receiver, a warm browser
// for the floors and the bench's account: everything the rows need, as one context.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Service, startService } from "../scripts/service.ts";
import { renderLiquid } from "../src/render/liquid/liquid";
import { backendStats, statsAtRest } from "./backend-memory";
import { benchClient } from "./bench-client";
import { fixture, fixtureJson, invoiceData } from "./fixtures";
import { launch } from "./floors";
import type { LimitsContext } from "./limits-context";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/** How many times each row measures: fewer with --quick. */
export interface Counts {
  iter: number;
  warm: number;
  naive: number;
  tput: number;
  queued: number;
  /** The renders after which the backend's memory is read, early and late. */
  rss: [number, number];
  loadMs: number;
}

export interface Bench extends LimitsContext {
  counts: Counts;
  html: LimitsContext["html"] & { card: string };
  /** Every webhook received, for the batch's last one. */
  hooks: WebhookReceiver["hooks"];
  /** B-T's time-stamp authority (the development one the service was started with). */
  tsaUrl: string;
  stop(): Promise<void>;
}

/** The markup each template makes of its fixture, for the floors that print it without Folio. */
async function fixtureHtml(): Promise<Bench["html"]> {
  const invoiceSource = fixture("invoice.liquid.html");
  const render = (source: string, data: string) =>
    renderLiquid(source, { data: fixtureJson(data), instant: new Date() });
  return {
    invoice: await render(invoiceSource, "invoice.data.json"),
    invoice26: await render(invoiceSource, "invoice-huge.data.json"),
    invoiceSource,
    card: await render(fixture("card.satori.html"), "card.data.json"),
  };
}

/** What the rows are given of the running service and receiver, as the bench's account. */
async function benchOn(
  service: Service,
  receiver: WebhookReceiver,
): Promise<Omit<Bench, "browser" | "quick" | "counts" | "stop">> {
  const backend = { url: service.backendUrl, secret: service.backendSecret };
  return {
    ...(await benchClient(service)),
    rows: [],
    fixtureJson,
    invoiceData,
    html: await fixtureHtml(),
    hookUrl: receiver.url,
    webhookFor: receiver.webhookFor,
    hooks: receiver.hooks,
    baseUrl: service.baseUrl,
    tsaUrl: service.tsaUrl,
    wranglerPid: service.child.pid ?? 0,
    backend,
    backendMemory: async () => (await backendStats(backend)).memory_bytes,
    restingMemory: async () => (await statsAtRest(backend)).memory_bytes,
  };
}

export async function startBench(quick: boolean, counts: Counts): Promise<Bench> {
  const state = mkdtempSync(join(tmpdir(), "folio-bench-"));
  const receiver = await startWebhookReceiver();
  const service = await startService({
    port: 8800,
    persistTo: state,
    env: { ALLOW_PRIVATE_EGRESS: "true", RENDER_SYNC_MAX_DATA_BYTES: "400000", WEBHOOK_RETRY_SCALE: "0.01" },
  });
  const browser = await launch();
  const stop = async () => {
    await browser.close();
    await service.stop();
    receiver.close();
    rmSync(state, { recursive: true, force: true });
  };
  try {
    return { ...(await benchOn(service, receiver)), browser, quick, counts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
