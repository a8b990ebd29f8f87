import { z } from "@hono/zod-openapi";

export const IsoTimestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T17:00:00.000Z" });

/** The list envelope shared by every list endpoint. */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ object: z.literal("list"), data: z.array(item) }).openapi(name);
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export function jsonBodyOf<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}
