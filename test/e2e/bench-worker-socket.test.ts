import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { workerBehindProxy } from "../../bench/worker-socket.ts";
import { type Service, startService } from "../../scripts/service.ts";
import { e2ePort } from "./ports.ts";

// The bench times some requests straight at the Worker behind wrangler dev's proxy: with another Folio on the
// machine, it must find the Worker of the service it started, never the other one.
describe("the bench's Worker socket with a second service on the machine", () => {
  const state = mkdtempSync(join(tmpdir(), "folio-second-"));
  let second: Service;
  beforeAll(async () => {
    second = await startService({ port: e2ePort("benchNeighbour"), persistTo: state });
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  const usageStatus = async (worker: string | null, key: string) =>
    (await fetch(`${worker}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).status;

  it("finds each service's own Worker: its key is known there", async () => {
    const suiteWorker = await workerBehindProxy(inject("baseUrl"), inject("wranglerPid"));
    const secondWorker = await workerBehindProxy(second.baseUrl, second.child.pid ?? 0);
    expect(suiteWorker).not.toBeNull();
    expect(secondWorker).not.toBeNull();
    expect(suiteWorker).not.toBe(secondWorker);
    expect(await usageStatus(suiteWorker, inject("apiKey"))).toBe(200);
    expect(await usageStatus(secondWorker, second.apiKey)).toBe(200);
  });
});
