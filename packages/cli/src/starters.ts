// The starter gallery `folio init --from` copies: the studio's own (`/studio/starters.json`, built from the
// repository's fixtures), read from the service the CLI is pointed at, so both start from the same documents.
import { DEFAULT_BASE_URL, readConfig } from "./config.js";
import { UsageError } from "./output.js";

/** The files of a folder a starter fills; folio.json is the CLI's own. */
const STARTER_FILES = ["template.html", "schema.json", "example.json", "options.json"] as const;
export type StarterFiles = Record<(typeof STARTER_FILES)[number], string>;

export interface Starter {
  id: string;
  /** The pages the starter's example prints to: the reservation folio.json records. */
  expected_pages: number;
  files: StarterFiles;
}

const TIMEOUT_MS = 15_000;

/** The base URL as every other command resolves it, but without needing a key: starters are public. */
function baseUrl(): string {
  return process.env.FOLIO_BASE_URL || readConfig().baseUrl || DEFAULT_BASE_URL;
}

/** Only what a starter is made of is taken from the answer: ids and the four files, as strings. */
function startersOf(body: unknown): Starter[] {
  const list = (body as { starters?: unknown } | null)?.starters;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: { id?: unknown; expected_pages?: unknown; files?: Record<string, unknown> }) => {
    const files = entry?.files;
    if (typeof entry?.id !== "string" || !files) return [];
    if (!STARTER_FILES.every((file) => typeof files[file] === "string")) return [];
    const picked = Object.fromEntries(STARTER_FILES.map((file) => [file, files[file] as string])) as StarterFiles;
    const pages = entry.expected_pages;
    const expected = Number.isInteger(pages) && (pages as number) >= 1 ? (pages as number) : 1;
    return [{ id: entry.id, expected_pages: expected, files: picked }];
  });
}

async function fetchStarters(url: string): Promise<Starter[]> {
  let answer: Response;
  try {
    answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  } catch (error) {
    throw new Error(`could not read the starters at ${url} (${(error as Error).message}): is the service running?`);
  }
  if (!answer.ok) throw new Error(`could not read the starters at ${url}: HTTP ${answer.status}`);
  const starters = startersOf(await answer.json().catch(() => null));
  if (starters.length === 0) throw new Error(`${url} holds no starters`);
  return starters;
}

/** Gallery document `id`; an unknown id is refused with the ids there are. */
export async function findStarter(id: string): Promise<Starter> {
  const starters = await fetchStarters(new URL("/studio/starters.json", baseUrl()).href);
  const found = starters.find((starter) => starter.id === id);
  if (!found)
    throw new UsageError(`no starter "${id}": choose one of ${starters.map((starter) => starter.id).join(", ")}`);
  return found;
}
