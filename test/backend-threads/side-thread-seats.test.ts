// The backend's side threads take turns between accounts like Chromium's pages (@folio/render-page/side-seats,
// docs/limits.md#fair-share): two jobs admitted at a time, an account holding at most one of them while others
// wait, free work at most one (half), and a time limit that counts the time a job runs, never the time it waits.
import type { SlotShare } from "@folio/render-page/job-contract";
import { sideSeats } from "@folio/render-page/side-seats";
import { afterEach, describe, expect, it } from "vitest";
import { SideThread } from "../../container/src/side-thread";

type Job = { name: string; ms: number };

/** A sleepy side thread behind its seats, as e-invoice-thread.ts and page-image-thread.ts compose them. */
function sideWork(timeLimitMs: number) {
  const thread = new SideThread<Job, string, unknown>({
    script: new URL("./sleepy-worker.ts", import.meta.url),
    work: "The test work",
    details: { stage: "test", reason: "test_stopped" },
    timeLimitMs,
  });
  const seats = sideSeats("The test work", "test");
  const finished: string[] = [];
  const ask = (name: string, account: string, share: SlotShare, ms = 50) =>
    seats
      .run(account, share, () => thread.ask({ name, ms }))
      .then(
        (answer) => finished.push(answer),
        (error: Error) => finished.push(`${name}: ${error.message}`),
      );
  return { thread, seats, finished, ask };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 20));
/** The first job's length: the others all arrive while it runs, however loaded the machine. */
const FIRST_MS = 1_000;

describe("side-thread seats", () => {
  let work: ReturnType<typeof sideWork>;
  afterEach(async () => {
    await work.thread.close();
  });

  it("serve a paying account's job next however many free accounts flood, free work holding one seat of two", async () => {
    work = sideWork(5_000);
    await work.thread.ready;
    const flood = ["trial-1", "trial-2", "trial-3"].flatMap((account) =>
      [1, 2].map((n) =>
        work.ask(`${account}#${n}`, account, "free", `${account}#${n}` === "trial-1#1" ? FIRST_MS : 50),
      ),
    );
    await turn();
    // One seat of two is free, and free work may not take it.
    expect(work.seats.stats).toMatchObject({ active: 1, free_active: 1, queued: 5 });
    const paying = work.ask("paying", "paying", "paid");
    await Promise.all([...flood, paying]);
    expect(work.finished.slice(0, 2)).toEqual(["trial-1#1", "paying"]);
    expect(work.finished).toHaveLength(7);
  });

  it("give an account at most one seat while another waits: its next job runs after the other account's", async () => {
    work = sideWork(5_000);
    await work.thread.ready;
    const greedy = [1, 2, 3].map((n) => work.ask(`greedy#${n}`, "greedy", "paid", n === 1 ? FIRST_MS : 50));
    await turn();
    expect(work.seats.stats).toMatchObject({ active: 1, queued: 2 });
    const other = work.ask("other", "other", "paid");
    await Promise.all([...greedy, other]);
    expect(work.finished).toEqual(["greedy#1", "other", "greedy#2", "greedy#3"]);
  });

  it("count a job's time limit from when it runs: jobs that waited longer than the limit still finish", async () => {
    work = sideWork(1_000);
    await work.thread.ready;
    const jobs = ["a", "b", "c", "d"].map((account) => work.ask(account, account, "paid", 400));
    await Promise.all(jobs);
    // "d" waited about 1.2 s for its turn, more than the limit, and ran in 400 ms.
    expect(work.finished).toEqual(["a", "b", "c", "d"]);
  });
});
