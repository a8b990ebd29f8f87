import { database } from "../db/client";
import type { ProduceDeps } from "../domain/renders/produce-file";
import type { Env } from "../env";
import { ServiceError } from "../errors";
import { backendDriver } from "../render/chromium/backend-driver";
import { browserRenderingDriver } from "../render/chromium/browser-rendering-driver";
import type { ChromiumDriver } from "../render/chromium/driver";
import { config } from "./config";
import type { MeterStub } from "../domain/accounts/metering";

/** The configured Chromium driver: the container backend when RENDER_BACKEND_URL is set, else Browser Rendering. */
export function chromiumDriver(env: Env): ChromiumDriver {
  const settings = config(env);
  if (settings.renderBackendUrl) return backendDriver(settings.renderBackendUrl, settings.renderBackendSecret());
  if (env.BROWSER) return browserRenderingDriver(env.BROWSER);
  throw new ServiceError("render_failed", "No Chromium renderer is configured (set RENDER_BACKEND_URL or bind BROWSER).", { details: { stage: "browser", reason: "no_renderer", retryable: false } });
}

/** The account's meter: one Durable Object per account. */
export function meterFor(env: Env, accountId: string): MeterStub {
  return env.METER.get(env.METER.idFromName(accountId));
}

/** How long a render waits for one of its account's Chromium slots: about two full-length renders. */
const SLOT_WAIT_MS = 60_000;

/** Everything rendering needs from the environment, built once per request or message batch. */
export function renderDeps(env: Env): ProduceDeps & { db: ReturnType<typeof database>; baseUrl: string } {
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
  };
}
