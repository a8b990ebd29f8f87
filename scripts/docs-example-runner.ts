// Runs the example requests of a served /docs page as a reader would: each `<div class="example">` block's curl
// text, read from the page itself, with only what the reader fills in: `$KEY`, the values the page says come from
// outside Folio, and those it says to keep from an earlier answer. Used by `npm run docs:generate`
// (scripts/docs-examples.ts, which captures the answers) and test/e2e/docs-examples.test.ts (which holds the page
// to the service).
import { decodeEntities } from "../src/lib/html-entities.ts";

/** One example as the page shows it. */
export interface ServedExample {
  id: string;
  development: boolean;
  /** The shell text of the curl block, as a reader copies it. */
  shell: string;
  /** The SDK block's code. */
  sdk: string;
  /** The status the answer block shows. */
  status: number;
  /** The answer block after its status line. */
  answer: string;
}

export interface ExampleResult {
  example: ServedExample;
  method: string;
  path: string;
  status: number;
  contentType: string;
  /** The answer's JSON, or undefined for a file or an empty body. */
  json: unknown;
}

const BLOCK = /<div class="example"([^>]*)>([\s\S]*?)<\/details><\/div>/g;

/** Every example block of the page, in the page's order. */
export function servedExamples(html: string): ServedExample[] {
  return [...html.matchAll(BLOCK)].map((match, index) => {
    const attributes = match[1] ?? "";
    const inner = match[2] ?? "";
    const shell = decodeEntities(/<h5>curl<\/h5><pre[^>]*>([\s\S]*?)<\/pre>/.exec(inner)?.[1] ?? "");
    const sdk = decodeEntities(/<h5>SDK<\/h5><pre[^>]*>([\s\S]*?)<\/pre>/.exec(inner)?.[1] ?? "");
    const answer = decodeEntities(/<summary>Answer<\/summary><pre[^>]*>([\s\S]*?)<\/pre>/.exec(inner)?.[1] ?? "");
    const [statusLine = "", ...rest] = answer.split("\n");
    return {
      id: /id="example-([^"]+)"/.exec(attributes)?.[1] ?? `example ${index + 1}`,
      development: attributes.includes("data-development"),
      shell,
      sdk,
      status: Number(/^HTTP (\d{3})/.exec(statusLine)?.[1] ?? 0),
      answer: rest.join("\n"),
    };
  });
}

/** The words of one shell command: quotes as the shell reads them, `$NAME` and `${NAME}` from `variables`. */
export function shellWords(command: string, variables: Record<string, string>): string[] {
  const expand = (text: string) =>
    text.replace(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g, (_, name: string) => {
      const value = variables[name];
      if (value === undefined) throw new Error(`the example uses $${name}, which nothing gave it`);
      return value;
    });
  const words: string[] = [];
  const token = /'([^']*)'|"((?:\\.|[^"\\])*)"|(\\\n)|(\s+)|([^\s'"\\]+|\\.)/g;
  let word: string | undefined;
  for (const [, single, double, continuation, space, bare] of command.matchAll(token)) {
    if (continuation !== undefined || space !== undefined) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + (single ?? expand((double ?? bare ?? "").replace(/\\(.)/g, "$1")));
  }
  if (word !== undefined) words.push(word);
  return words;
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: Headers;
  body?: string;
}

/** curl's meaning of the flags the examples use; any other flag is refused, so the page cannot drift past this. */
export function curlRequest(words: string[]): CurlRequest {
  if (words[0] !== "curl") throw new Error(`not a curl command: ${words.join(" ")}`);
  const headers = new Headers();
  let method: string | undefined;
  let url = "";
  let body: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? "";
    const value = () => words[++i] ?? "";
    if (word === "-s") continue;
    if (word === "-X") method = value();
    else if (word === "-o") value();
    else if (word === "-H") {
      const header = value();
      headers.append(header.slice(0, header.indexOf(":")).trim(), header.slice(header.indexOf(":") + 1).trim());
    } else if (word === "-d") body = value();
    else if (word.startsWith("-")) throw new Error(`the examples' curl flags do not include ${word}`);
    else url = word;
  }
  // curl -d sends a form content type; Folio reads the body as JSON whatever it says, as a reader's curl relies on.
  if (body !== undefined && !headers.has("content-type"))
    headers.set("content-type", "application/x-www-form-urlencoded");
  return { method: method ?? (body === undefined ? "GET" : "POST"), url, headers, body };
}

/** `# $NAME: the "field" in the answer of METHOD /path above` keeps a value; any other `# $NAME: ...` is given. */
const KEPT = /^# \$([A-Z_][A-Z0-9_]*): the "([^"]+)" in the answer of ([A-Z]+) (\S+) above$/;
const GIVEN = /^# \$([A-Z_][A-Z0-9_]*): /;

/** The variables an example's comment lines name, read from the earlier answers or from `given`. */
export function exampleVariables(
  shell: string,
  earlier: Array<Pick<ExampleResult, "method" | "path" | "json">>,
  given: Record<string, string>,
): Record<string, string> {
  const variables: Record<string, string> = { KEY: given.KEY ?? "" };
  for (const line of shell.split("\n").filter((l) => l.startsWith("#"))) {
    const kept = KEPT.exec(line);
    if (kept) {
      const [, name = "", field = "", method, path] = kept;
      const source = earlier.findLast((r) => r.method === method && r.path === path);
      const value = (source?.json as Record<string, unknown> | undefined)?.[field];
      if (typeof value !== "string") throw new Error(`no earlier answer of ${method} ${path} holds "${field}"`);
      variables[name] = value;
    } else {
      const name = GIVEN.exec(line)?.[1];
      if (!name || given[name] === undefined) throw new Error(`nothing gives the value the docs name in: ${line}`);
      variables[name] = given[name];
    }
  }
  return variables;
}

/** The request an example's curl block makes, its `$NAME` values filled in from `variables`. */
export function curlOf(example: ServedExample, variables: Record<string, string>): CurlRequest {
  const command = example.shell
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .join("\n");
  return curlRequest(shellWords(command, variables));
}

/** Runs the page's examples in order; `given` holds KEY and what the reader brings from outside Folio. */
export async function runServedExamples(
  examples: ServedExample[],
  given: Record<string, string>,
): Promise<ExampleResult[]> {
  const results: ExampleResult[] = [];
  for (const example of examples) {
    const { method, url, headers, body } = curlOf(example, exampleVariables(example.shell, results, given));
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    const contentType = response.headers.get("content-type") ?? "";
    const text = contentType.includes("json") ? await response.text() : "";
    if (!contentType.includes("json")) await response.arrayBuffer();
    const json = text ? JSON.parse(text) : undefined;
    results.push({ example, method, path: new URL(url).pathname, status: response.status, contentType, json });
    if (response.status === 202) await untilRendersSettle(new URL(url).origin, given.KEY ?? "");
  }
  return results;
}

/**
 * Work an example queued (a batch) is let finish before the next example runs, as a reader's would be by the time
 * they read on: the renders list after it then shows what it shows every time, not a render caught queued.
 */
async function untilRendersSettle(origin: string, key: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const response = await fetch(`${origin}/v1/renders`, { headers: { authorization: `Bearer ${key}` } });
    const { data } = (await response.json()) as { data: Array<{ status: string }> };
    if (!data.some((render) => render.status === "queued" || render.status === "rendering")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("a render the docs' examples queued did not finish within 30 s");
}

/** What a new reader holds: the key of a fresh account, and the token its verification email brought. */
export async function freshReader(baseUrl: string, internalSecret: string): Promise<Record<string, string>> {
  const internal = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "x-internal-secret": internalSecret, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const issued = (await internal("/v1/internal/accounts", { name: "Docs reader" })) as {
    api_key: string;
    account: { id: string };
  };
  const verification = (await internal(`/v1/internal/accounts/${issued.account.id}/verification`, {
    email: "reader@example.com",
  })) as { token: string };
  return { KEY: issued.api_key, TOKEN: verification.token };
}
