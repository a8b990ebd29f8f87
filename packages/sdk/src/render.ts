import type { Client } from "openapi-fetch";
import { FolioError, unwrap } from "./errors.js";
import { backoffMs, sleep } from "./retrying-fetch.js";
import type { components, paths } from "./schema.js";

export type Render = components["schemas"]["Render"];
export type RenderRequest = components["schemas"]["RenderRequest"];

export interface WaitOptions {
  /** Give up waiting after this long (default 5 minutes); the render goes on and can be polled later. */
  timeoutMs?: number;
  /** Called with the render every time it is read: when it is created and at every poll. */
  onProgress?: (render: Render) => void;
  signal?: AbortSignal;
}

export interface RenderCallOptions extends WaitOptions {
  /** Wait for a queued render to end (default true); false answers the queued render at once. */
  wait?: boolean;
  /** Runs in all for a render that fails transiently (`details.retryable`), the first included (default 3). */
  attempts?: number;
  /** The key of this logical render (default: a random UUID); at most 240 characters so its re-runs' keys fit. */
  idempotencyKey?: string;
}

const MAX_CALLER_KEY_LENGTH = 240;
const DEFAULT_WAIT_MS = 5 * 60_000;
const FIRST_POLL_MS = 250;
const LONGEST_POLL_MS = 5000;

/** Thrown when a queued render is still queued after `timeoutMs`; `render` is its last state. */
export class RenderWaitTimeout extends Error {
  override readonly name = "RenderWaitTimeout";
  constructor(readonly render: Render) {
    super(`render ${render.id} was still queued when the wait ended; poll GET /v1/renders/${render.id} for it`);
  }
}

/** Polls GET /v1/renders/{id} with a growing gap until the render is no longer queued. */
export async function waitForRender(client: Client<paths>, id: string, options: WaitOptions = {}): Promise<Render> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_WAIT_MS);
  for (let gap = FIRST_POLL_MS; ; gap = Math.min(gap * 1.5, LONGEST_POLL_MS)) {
    options.signal?.throwIfAborted();
    const render = await unwrap(client.GET("/v1/renders/{id}", { params: { path: { id } }, signal: options.signal }));
    options.onProgress?.(render);
    if (render.status !== "queued") return render;
    if (Date.now() + gap > deadline) throw new RenderWaitTimeout(render);
    await sleep(gap);
  }
}

/**
 * One logical render: created, waited for when queued, and run again when it fails transiently. A run
 * reuses its key on every retry of its POST (the retrying fetch does that), so a lost answer never renders
 * twice; a re-run after a failure needs a key of its own (the first run's answer is kept under the first
 * key), derived from the first so a repeat of the whole call is idempotent too.
 */
export async function render(
  client: Client<paths>,
  request: RenderRequest,
  options: RenderCallOptions = {},
): Promise<Render> {
  const key = options.idempotencyKey ?? crypto.randomUUID();
  if (key.length > MAX_CALLER_KEY_LENGTH)
    throw new RangeError(`idempotencyKey is ${key.length} characters; at most ${MAX_CALLER_KEY_LENGTH}`);
  const attempts = options.attempts ?? 3;
  for (let run = 1; ; run++) {
    try {
      const header = { "Idempotency-Key": run === 1 ? key : `${key}:rerun-${run}` };
      let result = await unwrap(
        client.POST("/v1/render", { body: request, params: { header }, signal: options.signal }),
      );
      options.onProgress?.(result);
      if (result.status === "queued" && options.wait !== false)
        result = await waitForRender(client, result.id, options);
      if (result.status === "failed") throw FolioError.fromRender(result);
      return result;
    } catch (error) {
      if (!(error instanceof FolioError) || !error.transientRenderFailure || run >= attempts) throw error;
      await sleep(backoffMs(run));
    }
  }
}
