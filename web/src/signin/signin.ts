// Signing in: an API key (kept in this tab's session storage only) or a new trial; and signing out.
import { createFolio, FolioError, startTrial, type Template, unwrap } from "@folio/sdk";
import { $, copyText, toast } from "../shared/dom";
import { errorMessage, trialRefusal, UNREACHABLE } from "../shared/wording";
import type { Store } from "../state/store";

const KEY_STORAGE = "folio.studio.apiKey";
/** Same origin only; no retries: the studio shows a 429 and its wait instead of waiting unseen. */
const CLIENT = { baseUrl: location.origin, retry: { attempts: 1 } };

export interface SigninActions {
  openTemplate(name: string): Promise<void>;
  newTemplate(): void;
  /** After signing out: the account menu closes. */
  signedOut(): void;
  /** Whether the drafts may be forgotten (asked before signing out). */
  mayDropAll(): boolean;
}

/** Signs in with a key, `fromTrial` when the key is a trial's just shown; false when it was refused. */
type Enter = (key: string, fromTrial?: boolean) => Promise<boolean>;

function showSignin(error?: string) {
  $("studio").hidden = true;
  $("signin").hidden = false;
  const box = $("key-error");
  box.hidden = !error;
  box.textContent = error ?? "";
  $<HTMLInputElement>("key-input").focus();
}

/** Signs in with `key` when the service accepts it, and opens the first template (or offers a new one). */
async function enter(store: Store, actions: SigninActions, key: string, fromTrial = false): Promise<boolean> {
  const folio = createFolio({ ...CLIENT, apiKey: key });
  let templates: Template[];
  try {
    templates = (await unwrap(folio.api.GET("/v1/templates"))).data;
  } catch (e) {
    if (e instanceof FolioError && (e.status === 401 || e.status === 403)) {
      sessionStorage.removeItem(KEY_STORAGE);
      showSignin(e.status === 401 ? "That key was not accepted. Check it and try again." : e.message);
      return false;
    }
    showSignin(errorMessage(e, UNREACHABLE));
    return false;
  }
  sessionStorage.setItem(KEY_STORAGE, key);
  $("signin").hidden = true;
  $("studio").hidden = false;
  store.signIn(key, folio, templates);
  const first = store.state.templates[0];
  if (first) await actions.openTemplate(first.name);
  else {
    store.setCurrent(null);
    if (!fromTrial) actions.newTemplate();
  }
  return true;
}

/** The key form: the key typed signs in, and leaves the field once accepted. */
function listenToKeyForm(signIn: Enter) {
  $("key-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $<HTMLInputElement>("key-input");
    const key = input.value.trim();
    if (!key) return;
    const button = $<HTMLButtonElement>("key-submit");
    button.disabled = true;
    try {
      if (await signIn(key)) input.value = "";
    } finally {
      button.disabled = false;
    }
  });
}

/** The trial button: a new trial account signs in, and its key is shown once in a dialog to copy. */
function listenToTrial(store: Store, actions: SigninActions, signIn: Enter) {
  const trialButton = $<HTMLButtonElement>("trial-button");
  trialButton.addEventListener("click", async () => {
    const errorBox = $("trial-error");
    trialButton.disabled = true;
    trialButton.textContent = "Starting your trial…";
    errorBox.hidden = true;
    try {
      const trial = await startTrial(CLIENT);
      if (await signIn(trial.api_key, true)) {
        $("trial-key").textContent = trial.api_key;
        $<HTMLDialogElement>("trial-dialog").showModal();
      }
    } catch (e) {
      errorBox.hidden = false;
      errorBox.textContent = trialRefusal(e);
    } finally {
      trialButton.disabled = false;
      trialButton.textContent = "Start a free trial";
    }
  });
  // A new trial has no template yet: closing its key leads straight to making one.
  $("trial-dialog").addEventListener("close", () => {
    if (!store.state.current && store.state.templates.length === 0) actions.newTemplate();
  });
  $("trial-copy").addEventListener("click", async () => {
    if (await copyText($("trial-key").textContent ?? "")) toast("API key copied", "success");
  });
}

export function createSignin(store: Store, actions: SigninActions) {
  const signIn: Enter = (key, fromTrial) => enter(store, actions, key, fromTrial);
  listenToKeyForm(signIn);
  listenToTrial(store, actions, signIn);
  $("signout-button").addEventListener("click", () => {
    if (!actions.mayDropAll()) return;
    sessionStorage.removeItem(KEY_STORAGE);
    store.signOut();
    actions.signedOut();
    showSignin();
  });

  return {
    /** Signs in with the key this tab kept, if any; else asks for one. */
    start() {
      const saved = sessionStorage.getItem(KEY_STORAGE);
      if (saved) void signIn(saved);
      else showSignin();
    },
  };
}
