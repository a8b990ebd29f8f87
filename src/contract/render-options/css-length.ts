import { z } from "../../lib/openapi-zod";

const CSS_LENGTH = /^(0|\d+(\.\d+)?(px|in|cm|mm|pt|pc))$/;
/** How a refused value is described, in words rather than the pattern that checks it. */
const CSS_LENGTH_WORDS = "a CSS length such as 12mm (a number with px, in, cm, mm, pt or pc, or 0)";

/** A CSS length as the render options take it (page sizes, margins, a signature's box). */
export const cssLength = z
  .string()
  .regex(CSS_LENGTH, { error: CSS_LENGTH_WORDS })
  .openapi({ example: "12mm", description: "A CSS length: a number with px, in, cm, mm, pt or pc, or 0." });
