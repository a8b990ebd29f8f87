// A side thread that loads and then never answers (side-thread.test.ts): what a check stuck on one request looks like.
import { parentPort } from "node:worker_threads";

parentPort?.postMessage({ ready: {} });
parentPort?.on("message", () => undefined);
