import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { newId } from "../lib/ids";

const CALLER_ID = /^[\x21-\x7e]{1,200}$/;

/** Every response carries `x-request-id`: the caller's own when it sent a sane one, else a fresh one. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const sent = c.req.header("x-request-id");
  const id = sent && CALLER_ID.test(sent) ? sent : `req_${newId("rnd").slice(4)}`;
  c.set("requestId", id);
  await next();
  c.res.headers.set("x-request-id", id);
});
