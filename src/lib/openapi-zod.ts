import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// Zod with `.openapi()` for schemas that carry their own documentation (the render options) without depending on
// the HTTP framework: the same zod and the same extension @hono/zod-openapi uses, so routes reference them as they are.
extendZodWithOpenApi(z);

export { z };
