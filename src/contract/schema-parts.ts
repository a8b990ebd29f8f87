import { z } from "../lib/openapi-zod";

// Pieces every resource's schemas share.

export const IsoTimestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T17:00:00.000Z" });

/** The list envelope shared by every list endpoint. */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ object: z.literal("list"), data: z.array(item) }).openapi(name);
}
