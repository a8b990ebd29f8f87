// Chromium connects on its own, outside request interception, where the deny-proxy is all that stops it:
// its loading predictor preconnects to every navigation's target (the document origin, a frame, a meta
// refresh) even when interception then answers or aborts the request, and it preconnects to a page's
// <link rel=preconnect> origins. Only the profile preference "preload pages: never" turns both off, and no
// command-line switch sets it, so each browser starts on a fresh profile directory that holds it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The value of net.network_prediction_options that means never (Chromium's NetworkPredictionOptions::kDisabled). */
const NETWORK_PREDICTION_NEVER = 2;

/**
 * Browser features that call Google on their own: Autofill asks for field predictions when a page holds a
 * form, and network time queries a clock. Neither has anything to do with a render.
 */
export const QUIET_FEATURES = "--disable-features=AutofillServerCommunication,NetworkTimeServiceQuerying";

export interface ChromiumProfile {
  dir: string;
  remove(): void;
}

export function createQuietProfile(): ChromiumProfile {
  const dir = mkdtempSync(join(tmpdir(), "folio-chromium-"));
  mkdirSync(join(dir, "Default"));
  writeFileSync(
    join(dir, "Default", "Preferences"),
    JSON.stringify({ net: { network_prediction_options: NETWORK_PREDICTION_NEVER } }),
  );
  const remove = () => {
    process.off("exit", remove);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  // When this process exits first, Chromium only follows once its pipe closes: the profile goes now.
  process.once("exit", remove);
  return { dir, remove };
}
