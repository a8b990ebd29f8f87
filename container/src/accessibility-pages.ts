// The accessibility thread's own thread for a job's pages (docs/accessibility.md#in-a-render): while the job's thread
// reads and mends the structure, this one mends and scans the pages (page-work.ts). One job at a time, as the thread
// that asks runs one. When it fails or stops, the job's thread works the pages itself, and the next job starts
// another; why it failed goes to the log.
import { Worker } from "node:worker_threads";
import type { PageWork, PageWorker } from "@folio/render-page/pdfua/page-work";

/** A job's answer, by the number it was asked with: a job whose thread gave up waiting is answered to no one. */
type Answer = { job: number } & ({ pages: PageWork[] | null } | { failed: string });

export function pagesThread(): PageWorker {
  let worker: Worker | undefined;
  let asked = 0;
  let waiting: { job: number; resolve: (pages: PageWork[] | null) => void } | undefined;
  const settle = (job: number, pages: PageWork[] | null) => {
    if (waiting?.job !== job) return;
    const { resolve } = waiting;
    waiting = undefined;
    worker?.unref();
    resolve(pages);
  };
  const start = () => {
    const started = new Worker(new URL("./accessibility-pages-worker.ts", import.meta.url));
    started.on("message", (answer: Answer) => {
      if ("failed" in answer) console.error(`render backend: the pages of an accessibility job: ${answer.failed}`);
      settle(answer.job, "pages" in answer ? answer.pages : null);
    });
    const lost = (why: string) => {
      if (worker !== started) return;
      worker = undefined;
      console.error(`render backend: the accessibility job's page thread stopped: ${why}`);
      if (waiting) settle(waiting.job, null);
    };
    started.on("error", (error) => lost(error.stack ?? error.message));
    started.on("exit", (code) => lost(`it exited with code ${code}`));
    // It keeps no process alive while idle: it ends with the thread that started it.
    started.unref();
    return started;
  };
  // Started before the first job, so its code is loaded by then.
  worker = start();
  return (pdf, pagination, maxPages) =>
    new Promise((resolve) => {
      worker ??= start();
      const job = ++asked;
      waiting = { job, resolve };
      worker.ref();
      // A copy: the job's thread reads the same bytes meanwhile.
      const copy = pdf.slice();
      worker.postMessage({ job, pdf: copy, pagination, maxPages }, [copy.buffer]);
    });
}
