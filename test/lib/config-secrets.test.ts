import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { ServiceError } from "../../src/errors";
import { config } from "../../src/lib/config";
import { selectRenderBackend } from "../../src/render/chromium/select-driver";

const SECRETS = [
  ["INTERNAL_SECRET", "internalSecret"],
  ["SIGNING_SECRET", "signingSecret"],
  ["RENDER_BACKEND_SECRET", "renderBackendSecret"],
] as const;

describe("secrets in the settings", () => {
  it.each(SECRETS)(
    "%s has no built-in value, in development either: a missing one is refused by name",
    (name, setting) => {
      for (const environment of ["development", "production"]) {
        const read = config({ ENVIRONMENT: environment } as Env)[setting];
        expect(read).toThrow(ServiceError);
        expect(read).toThrow(name);
      }
    },
  );

  it.each(SECRETS)("%s is read from the environment", (name, setting) => {
    expect(config({ ENVIRONMENT: "development", [name]: "given" } as unknown as Env)[setting]()).toBe("given");
  });
});

describe("production's render path", () => {
  it("refuses to build the container driver without RENDER_BACKEND_SECRET, naming it", () => {
    const production = { ENVIRONMENT: "production", RENDER_CONTAINER: {} } as unknown as Env;
    expect(() => chromium(production)).toThrow(ServiceError);
    expect(() => chromium(production)).toThrow("RENDER_BACKEND_SECRET");
    expect(chromium({ ...production, RENDER_BACKEND_SECRET: "given" } as Env).name).toBe("container");
  });
});

/** The driver `env` selects, as the services choose it. */
function chromium(env: Env) {
  return selectRenderBackend(env, config(env));
}
