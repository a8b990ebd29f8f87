// Opening a Browser Rendering browser without passing the account's limits: at most so many browsers at
// once, and about one new browser a second. A session outlives the connection to it (`keep_alive`), so
// joining an open one costs a WebSocket, not a browser start.
import puppeteer, { type Browser } from "@cloudflare/puppeteer";
import { DOCUMENT_URL } from "@folio/render-page/document-guard";
import { JobFailure } from "@folio/render-page/job-failure";

/**
 * Browser Rendering keeps a session this long after its last activity (its maximum), for the next connection to join.
 */
const KEEP_ALIVE_MS = 10 * 60 * 1000;
/** New browsers from this isolate keep at least this far apart, whatever the account-wide figure says. */
const LAUNCH_GAP_MS = 1_000;
/** The longest a launch waits for Browser Rendering to allow one before the job fails as busy. */
const MAX_LAUNCH_WAIT_MS = 10_000;
/**
 * Domain guardrails: the browser itself may reach no host but the document's own, which never resolves.
 * Every sub-request is answered through request interception by the Worker's safe fetcher, so they only
 * matter if something ever got past it: Browser Rendering then refuses it as well.
 */
const GUARDRAILS = { allowedDomains: [new URL(DOCUMENT_URL).hostname] };

let lastLaunch = 0;

interface OpenedSession {
  browser: Browser;
  sessionId: string;
  launched: boolean;
}

function busy(reason: string): JobFailure {
  return new JobFailure(
    "render_failed",
    `Browser Rendering cannot start another browser now: ${reason}. Retry shortly.`,
    { stage: "browser", reason: "browser_limit", transient: true, retryable: true },
  );
}

/** Waits for Browser Rendering to allow a new browser, or fails when all the account may run are open. */
async function launchTurn(binding: Fetcher): Promise<void> {
  const limits = await puppeteer.limits(binding as never);
  const active = limits.activeSessions?.length ?? 0;
  if (active >= limits.maxConcurrentSessions)
    throw busy(`all ${limits.maxConcurrentSessions} browsers the account may run are open`);
  const wait = Math.max(limits.timeUntilNextAllowedBrowserAcquisition ?? 0, lastLaunch + LAUNCH_GAP_MS - Date.now());
  if (wait > MAX_LAUNCH_WAIT_MS) throw busy(`the next new browser is allowed in ${Math.ceil(wait / 1000)} s`);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastLaunch = Date.now();
}

/**
 * A connected browser: `previous` (the session this caller used last) when it is still open and free, else
 * any open session no one is connected to, else a new one launched within the limits. A joined session's
 * pages belonged to a connection that has ended: they are closed, nobody is left to reuse them.
 */
export async function openSession(binding: Fetcher, previous: string | undefined): Promise<OpenedSession> {
  const free = (await puppeteer.sessions(binding as never))
    .filter((session) => !session.connectionId)
    .map((session) => session.sessionId);
  const candidates = previous && free.includes(previous) ? [previous, ...free.filter((id) => id !== previous)] : free;
  for (const sessionId of candidates) {
    let browser: Browser;
    try {
      browser = await puppeteer.connect(binding as never, sessionId);
    } catch {
      continue;
    }
    for (const page of await browser.pages()) await page.close().catch(() => undefined);
    return { browser, sessionId, launched: false };
  }
  await launchTurn(binding);
  const browser = await puppeteer.launch(binding as never, { keep_alive: KEEP_ALIVE_MS, guardrails: GUARDRAILS });
  return { browser, sessionId: browser.sessionId(), launched: true };
}
