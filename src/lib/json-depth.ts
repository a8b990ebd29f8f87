import { ServiceError } from "../errors";

/** The deepest nesting a request body may have, counting the body itself as level 1. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of the JSON text `text`, found by one pass over its characters: it never
 * recurses and allocates nothing, so text nested a million deep costs no more than any other text of
 * its length. Brackets inside strings do not count. Stops early once `stopAbove` is passed.
 * Malformed text gets some number; JSON.parse judges it afterwards.
 */
export function jsonNestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Refuses JSON text nested deeper than MAX_JSON_DEPTH (plus `envelopeLevels` of wrapping that is not
 * the caller's, such as a JSON-RPC message around tool arguments) before anything parses it: code that
 * walks parsed values recursively (canonical JSON, schema checks, serialization) would overflow the
 * stack on such a value and answer 500, or store it and fail every later read.
 */
export function refuseDeepJson(text: string, envelopeLevels = 0): void {
  const limit = MAX_JSON_DEPTH + envelopeLevels;
  if (jsonNestingDepth(text, limit) <= limit) return;
  throw new ServiceError("invalid_request", `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`, {
    details: { max_depth: MAX_JSON_DEPTH },
    errors: [
      {
        path: "body",
        message: `Objects and arrays may be nested at most ${MAX_JSON_DEPTH} levels deep.`,
        expected: `at most ${MAX_JSON_DEPTH} levels of nesting`,
        received: `more than ${MAX_JSON_DEPTH} levels`,
      },
    ],
  });
}
