// Side threads (container/src/side-thread.ts) that fail: one that dies while loading rejects `ready`, fails the
// request waiting on it and is not restarted in a loop; one request past the time limit fails on its own (not
// retryable), the others in flight fail retryable, and the next request finds a fresh thread.
import { JobFailure } from "@folio/render-page/job-failure";
import { describe, expect, it } from "vitest";
import { SideThread } from "../../container/src/side-thread";

const stopped = (why: string) =>
  new JobFailure("render_failed", `The test thread stopped (${why}).`, { retryable: true });

describe("side threads that fail", () => {
  it("one that cannot load rejects ready, fails each request, and starts again only when asked", async () => {
    const thread = new SideThread<string, string, unknown>(
      new URL("./failing-worker.ts", import.meta.url),
      stopped,
      5_000,
    );
    await expect(thread.ready).rejects.toMatchObject({ message: expect.stringContaining("this thread cannot load") });
    // Dead before it was ready: no new thread is started on its own.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((thread as unknown as { worker?: unknown }).worker).toBeUndefined();
    const asked = await thread.ask("anything").catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(JobFailure);
    expect(asked).toMatchObject({ type: "render_failed", details: { retryable: true } });
    expect((thread as unknown as { worker?: unknown }).worker).toBeUndefined();
  });

  it("fails a request past the time limit on its own, the others retryable, and replaces the thread", async () => {
    const thread = new SideThread<string, string, unknown>(
      new URL("./silent-worker.ts", import.meta.url),
      stopped,
      300,
    );
    await thread.ready;
    const slow = thread.ask("first").catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = thread.ask("second").catch((error: unknown) => error);
    expect(await slow).toMatchObject({ details: { reason: "too_slow", retryable: false, limit_ms: 300 } });
    expect(((await slow) as Error).message).toBe("The test thread stopped (it took longer than 0.3 s).");
    expect(await other).toMatchObject({ details: { retryable: true } });
    await thread.ready;
    expect((thread as unknown as { worker?: unknown }).worker).toBeDefined();
    await thread.close();
  });
});
