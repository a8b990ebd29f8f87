import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LatencyTrace } from "../../src/lib/latency-model";
import { backendDriver } from "../../src/render/chromium/backend-driver";
import type { ChromiumJob } from "../../src/render/chromium/driver";
import { tracedBackend } from "../../src/render/chromium/traced-backend";

// The latency model's decorator over a real render backend (test/backend-fleet.ts starts it): every capability of the
// port reaches the backend through the request's trace, the probes never do.
const SECRET = "traced-backend-test-secret";
const fleet = (path: string) => fetch(`${inject("backendFleetUrl")}${path}`, { method: "POST" });
let url: string;

beforeAll(async () => {
  const res = await fleet(`/start?count=1&secret=${SECRET}`);
  [url] = ((await res.json()) as { urls: [string] }).urls;
}, 90_000);

afterAll(async () => void (await fleet(`/stop?url=${encodeURIComponent(url)}`)));

const account = "acct_traced";
const seat = { accountId: account, share: "free" } as const;
const job = (text: string): ChromiumJob => ({
  html: `<p>${text}</p>`,
  format: "pdf",
  options: {},
  timeoutMs: 20_000,
  allowPrivateEgress: false,
  accountId: account,
  share: "paid",
});

/** The names of the backend calls the trace finished, in order. */
async function tracedCalls(trace: LatencyTrace): Promise<string[]> {
  const headers = new Headers();
  await trace.request(async () => headers);
  return (headers.get("x-latency-trace") ?? "").split(", ").map((call) => call.replace(/@.*$/, ""));
}

describe("the latency model's render backend", () => {
  it("traces a print, a chunked render's piece, join and drop, an e-invoice check and a page image", async () => {
    const trace = new LatencyTrace({ topology: "edge", ms: 0 });
    const backend = tracedBackend(backendDriver(url, SECRET), trace);
    const file = await backend.print(job("whole"));
    expect(file.pageCount).toBe(1);

    const printer = backend.chunks?.open(account);
    if (!printer) throw new Error("a backend driver keeps chunk sessions");
    expect(await printer.print({ ...job("piece"), chunk: { session: "rnd_traced", index: 0 } })).toEqual({
      pageCount: 1,
      totalPages: 1,
    });
    const joined = await printer.join({
      session: "rnd_traced",
      identity: { documentId: "0".repeat(32), metadata: {} },
      finish: null,
      timeoutMs: 20_000,
      accountId: account,
      share: "paid",
    });
    expect(joined.pageCount).toBe(1);
    await joined.body.cancel();
    await printer.drop("rnd_traced");

    const verdict = await backend.eInvoices?.check({ xml: "<x/>", standard: "factur-x", profile: "en16931" }, seat);
    expect(verdict?.valid).toBe(false);
    const png = await backend.pageImages?.firstPage(file.bytes, seat);
    expect([...(png ?? []).slice(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");

    expect(await backend.health()).toBe("ok");
    expect(await tracedCalls(trace)).toEqual([
      "backend:render",
      "backend:chunk-print",
      "backend:chunk-join",
      "backend:chunk-drop",
      "backend:checkEInvoice",
      "backend:firstPageImage",
    ]);
  });
});
