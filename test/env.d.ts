import type { D1Migration } from "cloudflare:test";
import type { Env as FolioEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends FolioEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import("../src/index");
    }
  }
}
