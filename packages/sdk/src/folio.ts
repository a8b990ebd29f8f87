import createClient from "openapi-fetch";
import { certificateCalls } from "./certificates.js";
import { deliveryCalls } from "./deliveries.js";
import { unwrap } from "./errors.js";
import { type PreviewRequest, preview } from "./preview.js";
import { type RenderCallOptions, type RenderRequest, render, type WaitOptions, waitForRender } from "./render.js";
import { DEFAULT_RETRY, type RetryPolicy, retryingFetch } from "./retrying-fetch.js";
import type { components, paths } from "./schema.js";
import { fromSchema } from "./schema-types.js";
import { verify } from "./webhooks.js";

export interface FolioOptions {
  apiKey: string;
  /** The service's origin, e.g. `http://127.0.0.1:8787` for `npm run dev`. */
  baseUrl: string;
  /** The fetch to send requests with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of 429s, of 409 `idempotency_key_in_use` and of failures a repeat cannot duplicate. */
  retry?: Partial<RetryPolicy>;
}

/** Verifies Folio's webhook deliveries; needs no client, only the account's webhook secret. */
export const webhooks = { verify };

/** TypeScript declarations for a template's `data`, from its JSON Schema. */
export const types = { fromSchema };

/** The generated client over the retrying fetch; `headers` are sent with every request. */
function apiClient(options: Omit<FolioOptions, "apiKey">, headers: Record<string, string>) {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers,
    fetch: retryingFetch(send, { ...DEFAULT_RETRY, ...options.retry }),
  });
}

/** POST /v1/trials, the one call that needs no key: a new trial account and its API key; throws FolioError. */
export function startTrial(options: Omit<FolioOptions, "apiKey">): Promise<components["schemas"]["Trial"]> {
  return unwrap(apiClient(options, {}).POST("/v1/trials"));
}

/**
 * A Folio client. `api` is the generated, fully typed client for every route (openapi-fetch: it answers
 * `{ data, error, response }`; `unwrap()` turns that into the data or a thrown FolioError). `render()` and
 * `waitForRender()` are what a caller would otherwise write around it.
 */
export function createFolio(options: FolioOptions) {
  const api = apiClient(options, { authorization: `Bearer ${options.apiKey}` });
  return {
    api,
    /** Renders and, when the render is queued, waits for it; re-runs a transient failure; throws FolioError. */
    render: (request: RenderRequest, callOptions?: RenderCallOptions) => render(api, request, callOptions),
    /** Waits for a queued render (one created with `wait: false`, or by a batch) to end. */
    waitForRender: (id: string, waitOptions?: WaitOptions) => waitForRender(api, id, waitOptions),
    /** Renders an unsaved definition with its data: the file, its page count and the template's warnings. */
    preview: (request: PreviewRequest, signal?: AbortSignal) => preview(api, request, signal),
    /** `listDeliveries`, `resendWebhook`, and `webhooks` (`verify`, and `test`, which sends a test event). */
    ...deliveryCalls(api),
    /** `certificates`: `create`, `list`, `get`, `delete` (the signing certificates of a paid account). */
    ...certificateCalls(api),
    types,
  };
}

export type Folio = ReturnType<typeof createFolio>;
