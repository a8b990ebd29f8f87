import { Container } from "@cloudflare/containers";
import { BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import type { Env } from "../env";
import { buildServices } from "../services";

/** Where the image's backend listens (container/Dockerfile sets the same). */
const PORT = 8080;

/**
 * One render backend container (`container/Dockerfile`): Node and a warm Chromium behind `POST /render`.
 * The Worker spreads jobs over `RENDER_CONTAINER_INSTANCES` of these by name (container-driver.ts); each
 * starts on its first job with the Worker's own RENDER_BACKEND_SECRET (without it, none starts) and sleeps
 * after ten idle minutes, its next job starting it again.
 */
export class RenderContainer extends Container<Env> {
  override defaultPort = PORT;
  override sleepAfter = "10m";
  // Started once the backend answers its health check, not merely once the port accepts.
  override pingEndpoint = `container${BACKEND_ROUTES.health.path}`;

  constructor(ctx: ConstructorParameters<typeof Container<Env>>[0], env: Env) {
    super(ctx, env);
    const settings = buildServices(env).config;
    this.envVars = {
      PORT: String(PORT),
      HOST: "0.0.0.0",
      RENDER_BACKEND_SECRET: settings.renderBackendSecret(),
      RENDER_CONCURRENCY: String(settings.instanceConcurrency),
    };
  }
}
