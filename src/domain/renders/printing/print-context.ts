// What every print needs, whole or in pieces (docs/rendering.md#long-documents): the service's ports and the
// render's seat on the account's Chromium capacity. Printing neither stores nor bills.
import type { EgressPolicy } from "@folio/render-page/egress-policy";
import type { PayloadKeys } from "../../../lib/payload-keys";
import type { PhaseRecorder } from "../../../lib/render-timings";
import type { RenderBackend, SlotShare } from "../../../render/chromium/driver";
import type { SigningKeysPort } from "../../ports/signing-keys";
import type { TimeStampsPort } from "../../ports/time-stamps";
import { type Background, type CapacitySettings, type GateStub, withChromiumSlot } from "../render-capacity";

export interface PrintDeps {
  chromium: () => RenderBackend;
  egress: EgressPolicy;
  gate(accountId: string): GateStub;
  capacity: CapacitySettings;
  /** Seal and digest what must not be stored in plain text: the passwords of the `encryption` option. */
  keys: PayloadKeys;
  /** The account's certificates, for `options.sign` (docs/signing.md#the-option). */
  signingKeys: SigningKeysPort;
  /** The deployment's time-stamp authority for B-T signatures, or null where none is set (docs/signing.md#b-t). */
  timeStamps: TimeStampsPort | null;
  /** Where the render's time goes, for Server-Timing and the request log; nothing is recorded without it. */
  timings?: PhaseRecorder;
  /**
   * Where letting go of a slot or a lead runs while the answer goes out (a request's waitUntil); in place without it.
   */
  background?: Background;
  /**
   * Called between the chunks of a chunked render: a queued render renews its lease, its attempt's start (which the
   * stuck-render sweep reads) and its meter hold, so a long document is never closed as stuck while it prints.
   */
  progress?: () => Promise<void>;
}

/** The render's identity for the capacity it uses: its id holds the Chromium slot. */
export interface RenderSeat {
  accountId: string;
  /** Which half of an instance's Chromium pages the render may use (slotShare). */
  share: SlotShare;
  renderId: string;
  /** The most pages the account can pay for: a PDF's print stops one page past it. */
  maxUnits: number;
  /** A preview's page limit instead: a longer PDF is printed to `maxUnits` pages and answered cut. */
  cutAtMaxUnits?: boolean;
  /** The render already holds one of the account's Chromium slots (taken on entering the gate). */
  holdsSlot?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Runs `print` on one of the account's Chromium slots, or as it is when the render already holds one. */
export function inAccountSlot<T>(
  print: () => Promise<T>,
  timeoutMs: number,
  deps: Pick<PrintDeps, "gate" | "capacity" | "timings" | "background">,
  seat: RenderSeat,
): Promise<T> {
  if (seat.holdsSlot) return print();
  const { gate, capacity, timings, background } = deps;
  return withChromiumSlot(gate(seat.accountId), seat.renderId, capacity, timeoutMs, print, timings, background);
}
