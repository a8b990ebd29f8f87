import { ServiceError } from "../../errors";
import type { Config } from "../../lib/config";
import { backendDriver } from "./backend-driver";
import { type BrowserHosts, browserRenderingDriver } from "./browser-rendering-driver";
import { type ContainerHosts, containerDriver, containerInstances } from "./container-driver";
import type { RenderBackend } from "./driver";
import { sharedSpread } from "./instance-spread";

/** The bindings a driver renders through (the Worker's Env has them), as the drivers reach them. */
export interface RendererBindings {
  RENDER_CONTAINER?: ContainerHosts;
  BROWSER?: Fetcher;
  RENDER_BROWSER?: BrowserHosts;
}

/**
 * Which Chromium driver this environment renders with: the render backend's containers when they are bound
 * (production), else the one backend at RENDER_BACKEND_URL (development, tests, a backend hosted elsewhere),
 * else Browser Rendering; null when there is none.
 */
export function renderBackendName(env: RendererBindings, settings: Config): RenderBackend["name"] | null {
  if (env.RENDER_CONTAINER) return "container";
  if (settings.renderBackendUrl) return "backend";
  if (env.BROWSER && env.RENDER_BROWSER) return "browser-rendering";
  return null;
}

/** The configured Chromium driver; each refuses to start without the secrets it needs. */
export function selectRenderBackend(env: RendererBindings, settings: Config): RenderBackend {
  const name = renderBackendName(env, settings);
  if (name === "container" && env.RENDER_CONTAINER) {
    const instances = containerInstances(env.RENDER_CONTAINER, settings.renderInstances, settings.dataRegion);
    const spread = sharedSpread(
      instances.map((instance) => instance.name),
      settings.instanceConcurrency,
    );
    return containerDriver(instances, settings.renderBackendSecret(), spread);
  }
  if (name === "backend" && settings.renderBackendUrl)
    return backendDriver(settings.renderBackendUrl, settings.renderBackendSecret());
  if (name === "browser-rendering" && env.BROWSER && env.RENDER_BROWSER)
    return browserRenderingDriver(
      env.BROWSER,
      env.RENDER_BROWSER,
      settings.browserSessions,
      settings.instanceConcurrency,
    );
  throw new ServiceError(
    "render_failed",
    "No Chromium renderer is configured (bind RENDER_CONTAINER, set RENDER_BACKEND_URL, or bind BROWSER and " +
      "RENDER_BROWSER).",
    { details: { stage: "browser", reason: "no_renderer", retryable: false } },
  );
}
