import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { ServiceError } from "../errors";
import { timingSafeEqual } from "../lib/crypto";

/** Guards the service-to-service surface with the shared secret, compared in constant time. */
export const internalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const presented = c.req.header("x-internal-secret") ?? "";
  if (!timingSafeEqual(presented, c.var.services.config.internalSecret())) {
    throw new ServiceError("authentication_error", "This internal endpoint needs a valid `X-Internal-Secret` header.");
  }
  await next();
});
