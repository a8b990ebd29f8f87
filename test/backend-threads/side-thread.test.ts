// A side thread that dies while loading (container/src/side-thread.ts): its `ready` rejects, the request waiting on
// it fails with the thread's own failure, and nothing restarts it in a loop: only the next request tries again.
import { JobFailure } from "@folio/render-page/job-failure";
import { describe, expect, it } from "vitest";
import { SideThread } from "../../container/src/side-thread";

const stopped = (why: string) =>
  new JobFailure("render_failed", `The test thread stopped (${why}).`, { retryable: true });

describe("a side thread that cannot load", () => {
  it("rejects ready, fails each request, and starts again only when asked", async () => {
    const thread = new SideThread<string, string, unknown>(new URL("./failing-worker.ts", import.meta.url), stopped);
    await expect(thread.ready).rejects.toMatchObject({ message: expect.stringContaining("this thread cannot load") });
    // Dead before it was ready: no new thread is started on its own.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((thread as unknown as { worker?: unknown }).worker).toBeUndefined();
    const asked = await thread.ask("anything").catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(JobFailure);
    expect(asked).toMatchObject({ type: "render_failed", details: { retryable: true } });
    expect((thread as unknown as { worker?: unknown }).worker).toBeUndefined();
  });
});
