import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/**
 * A query key given twice means its first value, as it always has (`?limit=1&limit=2` is `limit=1`): the routes'
 * validators would otherwise read the repeats as an array and refuse a parameter the caller did set. The request is
 * handed on with each key once; a query without repeats is left as it is.
 */
export const firstQueryValues = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.raw.url);
  const params = url.searchParams;
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) {
    const first = new URLSearchParams();
    for (const key of new Set(keys)) first.set(key, params.get(key) ?? "");
    url.search = first.toString();
    c.req.raw = new Request(url, c.req.raw);
  }
  await next();
});
