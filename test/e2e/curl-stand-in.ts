// curl for the README-commands test on a machine that has none (a bare Debian holds only Node and npm): the flags
// the README's blocks use, each with curl's meaning, and a refusal of any other, so a block that starts using a new
// one fails here until this learns it. Where curl exists, the test runs curl itself.
//   node curl-stand-in.ts [-s] [-X METHOD] [-H "Name: value"]... [-d DATA|@FILE|@-] [-o FILE] [--fail-with-body] URL
import { readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
const headers = new Headers();
let url: string | undefined;
let method: string | undefined;
let data: string | undefined;
let out: string | undefined;
let failWithBody = false;

for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? "";
  const value = () => args[++i] ?? "";
  if (arg === "-s") continue;
  if (arg === "--fail-with-body") failWithBody = true;
  else if (arg === "-X") method = value();
  else if (arg === "-o") out = value();
  else if (arg === "-H") {
    const header = value();
    const colon = header.indexOf(":");
    headers.append(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
  } else if (arg === "-d") {
    const given = value();
    // curl reads @FILE and @- (standard input) and, for -d, drops their carriage returns and newlines.
    const part = given.startsWith("@")
      ? readFileSync(given === "@-" ? 0 : given.slice(1), "utf8").replace(/[\r\n]/g, "")
      : given;
    // Several -d are joined with "&", as curl does.
    data = data === undefined ? part : `${data}&${part}`;
  } else if (arg.startsWith("-")) {
    console.error(`curl stand-in: ${arg} is not a flag it knows; teach test/e2e/curl-stand-in.ts its meaning`);
    process.exit(2);
  } else url = arg;
}
if (url === undefined) {
  console.error("curl stand-in: no URL");
  process.exit(2);
}
// As curl: -d sends a form body by POST unless the request says otherwise.
if (data !== undefined && !headers.has("content-type"))
  headers.set("content-type", "application/x-www-form-urlencoded");
let response: Response;
try {
  // Without -L, curl does not follow a redirect: nor does this.
  response = await fetch(url, {
    method: method ?? (data === undefined ? "GET" : "POST"),
    headers,
    body: data,
    redirect: "manual",
  });
} catch (error) {
  console.error(`curl stand-in: (7) could not connect to ${url}: ${(error as Error).message}`);
  process.exit(7);
}
const body = Buffer.from(await response.arrayBuffer());
if (out !== undefined) writeFileSync(out, body);
else process.stdout.write(body);
// --fail-with-body: the body is still written, and an HTTP error is exit code 22.
if (failWithBody && response.status >= 400) process.exit(22);
