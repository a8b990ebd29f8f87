import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, renderOn, startBackend } from "./backend-process";

// One page at a time, so every job after the first waits for it and the order of service is observable.
let backend: Backend;
const SLOW = `<div style="height:3000000in"></div>`;

beforeAll(async () => {
  backend = await startBackend("backend-fairness-test-secret", { RENDER_CONCURRENCY: "1" });
});

afterAll(() => backend?.stop());

describe("the render backend's page slots", () => {
  it("count a job's timeout from the moment it has a page, not while it waits for one", async () => {
    const hog = renderOn(backend, { html: SLOW, format: "pdf", timeoutMs: 3000, account: "acct_a" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = await renderOn(backend, {
      html: "<p>after the wait</p>",
      format: "pdf",
      timeoutMs: 1500,
      account: "acct_b",
    });
    expect(waited.status, waited.bytes.toString()).toBe(200);
    expect((await hog).json().error).toMatchObject({ type: "render_failed", details: { reason: "timeout" } });
  });

  it("go to the waiting account with the fewest jobs running, not to the longest queue", async () => {
    const finished: string[] = [];
    const job = (name: string, account: string, html: string, timeoutMs: number) =>
      renderOn(backend, { html, format: "pdf", timeoutMs, account }).then((res) => {
        finished.push(name);
        return res;
      });
    const first = job("a1", "acct_a", SLOW, 2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queuedA = [job("a2", "acct_a", SLOW, 1500), job("a3", "acct_a", SLOW, 1500)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const neighbour = job("b1", "acct_b", "<p>neighbour</p>", 5000);
    await Promise.all([first, ...queuedA, neighbour]);
    expect(finished.indexOf("b1")).toBeLessThan(finished.indexOf("a3"));
    expect((await neighbour).status).toBe(200);
  });
});

describe("a flood of free work", () => {
  let wide: Backend;
  beforeAll(async () => {
    wide = await startBackend("backend-fairness-wide-secret", { RENDER_CONCURRENCY: "4" });
  });
  afterAll(() => wide?.stop());

  it("holds at most half the slots: four trial accounts flooding, a paying account's render is served while theirs still run", async () => {
    const finished: string[] = [];
    const flood = ["trial_1", "trial_2", "trial_3", "trial_4"].flatMap((account) =>
      [1, 2].map((n) =>
        renderOn(wide, { html: SLOW, format: "pdf", timeoutMs: 2500, account, share: "free" }).then((res) => {
          finished.push(`${account}#${n}`);
          return res;
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stats = await (await fetch(`${wide.url}/stats`, { headers: { "x-render-secret": wide.secret } })).json();
    expect(stats).toMatchObject({ active: 2, free_active: 2, queued: 6 });
    const paying = await renderOn(wide, { html: "<p>paid</p>", format: "pdf", timeoutMs: 10_000, account: "paying" });
    finished.push("paying");
    expect(paying.status, paying.bytes.toString()).toBe(200);
    expect(finished[0]).toBe("paying");
    await Promise.all(flood);
  });
});

describe("an account's second timeout", () => {
  let fresh: Backend;
  beforeAll(async () => {
    fresh = await startBackend("backend-fairness-strikes-secret", { RENDER_CONCURRENCY: "4" });
  });
  afterAll(() => fresh?.stop());

  it("limits the account to one page the moment it is answered, before the pages stuck printing are given back", async () => {
    const answers = await Promise.all(
      [1, 2].map(() => renderOn(fresh, { html: SLOW, format: "pdf", timeoutMs: 1000, account: "acct_strikes" })),
    );
    // Asked the moment both timeouts are answered: renders the account sends now already run one at a time.
    const stats = await (await fetch(`${fresh.url}/stats`, { headers: { "x-render-secret": fresh.secret } })).json();
    expect(answers.map((answer) => answer.json().error?.details?.reason)).toEqual(["timeout", "timeout"]);
    expect(stats).toMatchObject({ accounts_limited: 1 });
  });
});
