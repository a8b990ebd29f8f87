// Side threads (container/src/side-thread.ts) run one job at a time, its time limit counted from when it starts:
// one that dies while loading rejects `ready`, fails the request waiting on it and is not restarted in a loop; a job
// past its time limit fails on its own (not retryable), and the jobs waiting behind it run on a fresh thread; an
// error inside the thread is answered in Folio's words, never its own.
import { JobFailure } from "@folio/render-page/job-failure";
import { describe, expect, it } from "vitest";
import { SideThread } from "../../container/src/side-thread";

const thread = <In>(script: string, timeLimitMs: number) =>
  new SideThread<In, string, unknown>({
    script: new URL(script, import.meta.url),
    work: "The test work",
    details: { stage: "test", reason: "test_stopped" },
    timeLimitMs,
  });
const workerOf = (side: SideThread<never, string, unknown>) => (side as unknown as { worker?: unknown }).worker;

describe("side threads", () => {
  it("one that cannot load rejects ready, fails each request, and starts again only when asked", async () => {
    const failing = thread<string>("./failing-worker.ts", 5_000);
    await expect(failing.ready).rejects.toMatchObject({ message: "The test work stopped before it finished; retry." });
    // Dead before it was ready: no new thread is started on its own.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(workerOf(failing as never)).toBeUndefined();
    const asked = await failing.ask("anything").catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(JobFailure);
    expect(asked).toMatchObject({ type: "render_failed", details: { retryable: true, reason: "test_stopped" } });
    // The thread's own error ("this thread cannot load") goes to the log, not into the answer.
    expect((asked as Error).message).toBe("The test work stopped before it finished; retry.");
    expect(workerOf(failing as never)).toBeUndefined();
  });

  it("fails a job past the time limit on its own, and runs the one waiting behind it on a fresh thread", async () => {
    const silent = thread<string>("./silent-worker.ts", 300);
    await silent.ready;
    const slow = silent.ask("first").catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = silent.ask("second").catch((error: unknown) => error);
    expect(await slow).toMatchObject({ details: { reason: "too_slow", retryable: false, limit_ms: 300 } });
    expect(((await slow) as Error).message).toBe("The test work ran longer than 0.3 s and was stopped.");
    // The second job started on the new thread when the first was stopped, and had its own 300 ms there.
    expect(await waiting).toMatchObject({ details: { reason: "too_slow", limit_ms: 300 } });
    await silent.close();
  });

  it("counts a job's time limit from when the thread starts it: one that waited longer than the limit still runs", async () => {
    const sleepy = thread<{ name: string; ms: number }>("./sleepy-worker.ts", 1_000);
    await sleepy.ready;
    const asked = ["a", "b", "c", "d"].map((name) => sleepy.ask({ name, ms: 400 }).catch((error: unknown) => error));
    // "d" waits about 1.2 s, more than the limit, and runs in 400 ms.
    expect(await Promise.all(asked)).toEqual(["a", "b", "c", "d"]);
    await sleepy.close();
  });

  it("answers an error thrown inside the thread in Folio's words, not the library's", async () => {
    const sleepy = thread<{ name: string; ms: number }>("./sleepy-worker.ts", 5_000);
    const failed = await sleepy.ask({ name: "throw", ms: 0 }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ type: "render_failed", message: "The test work could not finish." });
    expect(JSON.stringify(failed)).not.toMatch(/libxml2|xmlSchema|0x7f3a/);
    expect(await sleepy.ask({ name: "after", ms: 0 })).toBe("after");
    await sleepy.close();
  });
});
