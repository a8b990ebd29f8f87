// A side thread that answers each job after holding the thread for the milliseconds it names (side-thread.test.ts,
// side-thread-seats.test.ts): a check or a drawing of known length. A name of "throw" fails with an internal message.
import { serveSideThread } from "../../container/src/serve-side-thread.ts";

serveSideThread(
  {},
  (job: { name: string; ms: number }) => {
    const until = Date.now() + job.ms;
    while (Date.now() < until);
    if (job.name === "throw") throw new Error("xmlSchemaValidateDoc: internal error at 0x7f3a (libxml2)");
    return job.name;
  },
  { type: "render_failed", message: "The test work could not finish.", details: { stage: "test" } },
);
