import { database } from "../db/client";
import type { MeterStub } from "../domain/accounts/metering";
import type { ProduceDeps } from "../domain/renders/produce-file";
import type { Background } from "../domain/renders/render-capacity";
import type { Env } from "../env";
import { ServiceError } from "../errors";
import { backendDriver } from "../render/chromium/backend-driver";
import { browserRenderingDriver } from "../render/chromium/browser-rendering-driver";
import { containerDriver, containerInstances } from "../render/chromium/container-driver";
import type { ChromiumDriver } from "../render/chromium/driver";
import { sharedSpread } from "../render/chromium/instance-spread";
import { config } from "./config";
import { payloadKeys } from "./payload-keys";
import type { PhaseRecorder } from "./render-timings";

/**
 * Which Chromium driver this environment renders with: the render backend's containers when they are bound
 * (production), else the one backend at RENDER_BACKEND_URL (development, tests, a backend hosted elsewhere),
 * else Browser Rendering; null when there is none.
 */
export function chromiumDriverName(env: Env): ChromiumDriver["name"] | null {
  if (env.RENDER_CONTAINER) return "container";
  if (config(env).renderBackendUrl) return "backend";
  if (env.BROWSER && env.RENDER_BROWSER) return "browser-rendering";
  return null;
}

/** The configured Chromium driver; each refuses to start without the secrets it needs. */
export function chromiumDriver(env: Env): ChromiumDriver {
  const settings = config(env);
  switch (chromiumDriverName(env)) {
    case "container": {
      const instances = containerInstances(env.RENDER_CONTAINER!, settings.renderInstances);
      return containerDriver(
        instances,
        settings.renderBackendSecret(),
        sharedSpread(
          instances.map((instance) => instance.name),
          settings.instanceConcurrency,
        ),
      );
    }
    case "backend":
      return backendDriver(settings.renderBackendUrl!, settings.renderBackendSecret());
    case "browser-rendering":
      return browserRenderingDriver(
        env.BROWSER!,
        env.RENDER_BROWSER!,
        settings.browserSessions,
        settings.instanceConcurrency,
      );
    case null:
      throw new ServiceError(
        "render_failed",
        "No Chromium renderer is configured (bind RENDER_CONTAINER, set RENDER_BACKEND_URL, or bind BROWSER and RENDER_BROWSER).",
        { details: { stage: "browser", reason: "no_renderer", retryable: false } },
      );
  }
}

/** The account's meter: one Durable Object per account. */
export function meterFor(env: Env, accountId: string): MeterStub {
  return env.METER.get(env.METER.idFromName(accountId));
}

/** How long a render waits for one of its account's Chromium slots: about two full-length renders. */
const SLOT_WAIT_MS = 60_000;

/** What a request lends its render: where the time goes, and its waitUntil, so letting go of the gate never holds up the answer. */
export interface RequestScope {
  timings?: PhaseRecorder;
  background?: Background;
}

/** Everything rendering needs from the environment, built once per request or message batch. */
export function renderDeps(
  env: Env,
  request: RequestScope = {},
): ProduceDeps & { db: ReturnType<typeof database>; baseUrl: string } {
  const settings = config(env);
  let driver: ChromiumDriver | undefined;
  return {
    db: database(env.DB),
    files: env.FILES,
    chromium: () => (driver ??= chromiumDriver(env)),
    egress: { allowHttp: false, allowPrivate: settings.allowPrivateEgress },
    baseUrl: settings.baseUrl,
    meter: (accountId) => meterFor(env, accountId),
    gate: (accountId) => env.RENDER_GATE.get(env.RENDER_GATE.idFromName(accountId)),
    capacity: { perAccount: settings.accountConcurrency, maxWaitMs: SLOT_WAIT_MS },
    keys: payloadKeys(settings.payloadSecret),
    ...request,
  };
}
