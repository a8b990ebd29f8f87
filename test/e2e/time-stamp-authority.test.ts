import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { requestTimeStamp } from "../../src/render/pdf/signing/time-stamp-client";

// docs/signing.md#development: the service started as `npm run dev` starts it runs a development time-stamp authority
// on loopback, its key and certificate kept in the local state, and hands its URL to the Worker as SIGN_TSA_URL.

const state = inject("statePath");

/** The Worker's SIGN_TSA_URL, as the start wrote it for wrangler. */
function workerTsaUrl(): string {
  const vars = readFileSync(join(state, "folio-worker.env"), "utf8");
  const line = vars.split("\n").find((entry) => entry.startsWith("SIGN_TSA_URL="));
  return (line ?? "").slice("SIGN_TSA_URL=".length).replace(/^['`]|['`]$/g, "");
}

describe("the development time-stamp authority", () => {
  it("is on loopback, handed to the Worker, and grants tokens that pass every check", async () => {
    const url = workerTsaUrl();
    expect(new URL(url).hostname).toBe("127.0.0.1");
    const signature = crypto.getRandomValues(new Uint8Array(64));
    const stamp = await requestTimeStamp(
      url,
      { allowHttp: true, allowPrivate: true },
      signature,
      "SHA-256",
      () => new Date(),
    );
    expect(stamp.authority).toBe("CN=Folio development time-stamp authority (not trusted anywhere)");
  });

  it("keeps its key and certificate in the local state, readable by the user alone", () => {
    const file = join(state, "folio-dev-tsa.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")))).toEqual(["certificate_pem", "private_key_pem"]);
  });
});
