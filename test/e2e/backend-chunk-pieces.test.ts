import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jobToWire } from "@folio/render-page/job-contract";
import { joinToWire } from "@folio/render-page/join-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../poll";
import { type Backend, startBackend } from "./backend-process";

// The render backend's own side of a chunked render's pieces (docs/limits.md#disk-and-money), driven as the Worker
// drives it: a piece whose request the Worker gave up on, a piece that failed, and a drop each leave no session to
// join; the instance's disk ceiling answers 429.
const SECRET = "backend-chunk-pieces-secret";

/** A noise square of about 1.2 MB of PDF; `pages` of full A4 noise take seconds to print. */
const noise = (size: string, octaves = 2) =>
  `<svg style="display:block;width:${size};height:${size}" viewBox="0 0 10 10"><filter id="n"><feTurbulence ` +
  `type="fractalNoise" baseFrequency="0.9" numOctaves="${octaves}"/></filter><rect width="10" height="10" ` +
  `filter="url(#n)"/></svg>`;
const slow = Array.from({ length: 6 }, () => `<div style="page-break-after:always">${noise("180mm", 4)}</div>`).join(
  "",
);

let backend: Backend;
let pieces: string;

beforeAll(async () => {
  pieces = mkdtempSync(join(tmpdir(), "folio-pieces-"));
  // Room for two of the noise pieces on the instance, and for more in one account.
  backend = await startBackend(SECRET, { CHUNK_PIECES_DIR: pieces, CHUNK_DISK_INSTANCE_MB: "3" });
});
afterAll(() => {
  backend.stop();
  rmSync(pieces, { recursive: true, force: true });
});

function post(path: string, body: string, signal?: AbortSignal) {
  return fetch(`${backend.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-render-secret": SECRET },
    body,
    ...(signal ? { signal } : {}),
  });
}

function piece(session: string, index: number, html: string, options: { account?: string; timeoutMs?: number } = {}) {
  return jobToWire({
    html,
    format: "pdf",
    options: {},
    timeoutMs: options.timeoutMs ?? 30_000,
    allowPrivateEgress: false,
    accountId: options.account ?? "acct_pieces",
    share: "paid",
    chunk: { session, index },
  });
}

/** A join of `session`: its status, and the start of its answer. */
async function joined(session: string) {
  const job = {
    session,
    identity: { documentId: "0".repeat(32), metadata: {} },
    finish: null,
    timeoutMs: 20_000,
    accountId: "acct_pieces",
    share: "paid" as const,
  };
  const res = await post("/join", joinToWire(job));
  return {
    status: res.status,
    start: Buffer.from(await res.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  };
}

const idle = () =>
  until(
    async () => (await (await fetch(`${backend.url}/healthz`)).json()) as { active: number },
    (stats) => stats.active === 0,
    30_000,
    50,
  );

describe("the render backend's chunk pieces", () => {
  it("joins a session's pieces, and keeps none once it is dropped", async () => {
    expect((await post("/render", piece("rnd_joined", 0, "<p>one</p>"))).status).toBe(200);
    expect(await joined("rnd_joined")).toEqual({ status: 200, start: "%PDF-" });
    expect((await post("/render", piece("rnd_dropped", 0, "<p>one</p>"))).status).toBe(200);
    expect((await post("/drop", JSON.stringify({ session: "rnd_dropped" }))).status).toBe(200);
    expect((await joined("rnd_dropped")).status).toBe(500);
  });

  it("keeps no piece of a request the Worker gave up on, nor of a render whose next piece failed", async () => {
    const abort = new AbortController();
    const given = post("/render", piece("rnd_abandoned", 0, slow), abort.signal).catch((error: Error) => error);
    await until(
      async () => (await (await fetch(`${backend.url}/healthz`)).json()) as { active: number },
      (stats) => stats.active > 0,
      10_000,
      20,
    );
    abort.abort();
    expect(await given).toBeInstanceOf(Error);
    await idle();
    expect((await joined("rnd_abandoned")).status).toBe(500);

    expect((await post("/render", piece("rnd_timed_out", 0, "<p>one</p>"))).status).toBe(200);
    const timedOut = await post("/render", piece("rnd_timed_out", 1, slow, { timeoutMs: 300 }));
    expect(timedOut.status).toBe(500);
    expect((await joined("rnd_timed_out")).status).toBe(500);
  });

  it("answers 429 past the instance's disk ceiling while other accounts' renders hold it", async () => {
    const square = noise("60mm");
    expect((await post("/render", piece("rnd_first", 0, square, { account: "acct_a" }))).status).toBe(200);
    expect((await post("/render", piece("rnd_second", 0, square, { account: "acct_b" }))).status).toBe(200);
    const refused = await post("/render", piece("rnd_third", 0, square, { account: "acct_c" }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      type: "rate_limited",
      details: { reason: "chunk_disk_full", ceiling: "instance", max_bytes: 3 * 2 ** 20 },
    });
    await post("/drop", JSON.stringify({ session: "rnd_first" }));
    expect((await post("/render", piece("rnd_third", 0, square, { account: "acct_c" }))).status).toBe(200);
  });
});
