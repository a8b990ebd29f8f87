// What the measurements against the true limits (issue 17) are given: the tight floor beside Folio
// (limits-tight-floor.ts), how cost grows with the document and a minute of mixed load (limits-growth.ts), and the
// queue's own latency (folio-queued.ts). Each pushes its rows into the shared table.
import type { Browser } from "puppeteer-core";
import type { Render } from "../packages/sdk/src/index";
import type { InvoiceData } from "./scaling";
import type { Row } from "./stats";

export interface LimitsContext {
  browser: Browser;
  rows: Row[];
  quick: boolean;
  fixtureJson<Data = Record<string, unknown>>(name: string): Data;
  html: { invoice: string; invoice26: string; invoiceSource: string };
  /** The answer as the path's schema says, Render for /v1/render. */
  post<Answer = unknown>(path: string, body: unknown, key?: string): Promise<Answer>;
  postStatus(path: string, body: unknown, key: string): Promise<{ status: number }>;
  /** GET /v1/renders/{id}. */
  get(path: string): Promise<Render>;
  newAccount(): Promise<string>;
  backendMemory(): Promise<number>;
  /** The backend's memory once its idle pages have emptied their last documents. */
  restingMemory(): Promise<number>;
  /** The render backend the service uses, for the jobs sent to it directly. */
  backend: { url: string; secret: string };
  hookUrl: string;
  webhookFor(id: string): Promise<void>;
  baseUrl: string;
  /** The `wrangler dev` the bench started: the Worker measured past its proxy is the one under it. */
  wranglerPid: number;
  apiKey: string;
  invoiceData(i: number, base?: InvoiceData): InvoiceData;
}
