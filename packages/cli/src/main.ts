#!/usr/bin/env node
import { type ParseArgsConfig, parseArgs } from "node:util";
import { addCertificate, deleteCertificate, listCertificates } from "./commands/certificates.js";
import { init } from "./commands/init.js";
import { listRenders, listTemplates } from "./commands/list.js";
import { login } from "./commands/login.js";
import { preview } from "./commands/preview.js";
import { pull } from "./commands/pull.js";
import { push } from "./commands/push.js";
import { render } from "./commands/render.js";
import { validate } from "./commands/validate.js";
import { listDeliveries, testWebhook } from "./commands/webhooks.js";
import { EXIT, type Output, output, reportError, UsageError } from "./output.js";

const USAGE =
  `folio: Folio templates as files, previews, pushes and renders from the shell\n` +
  `\n` +
  `  folio login [--key <key>] [--base-url <url>]   store an API key (or FOLIO_API_KEY, or standard input)\n` +
  `  folio init <name> [dir] [--from <starter>]     a template folder: template.html, schema.json, ` +
  `example.json, options.json, folio.json (refused for a name the account holds); --from copies a document ` +
  `of the studio's gallery (invoice, report, …)\n` +
  `  folio pull <name[@version]> [dir]              an existing template as a folder; folio.json records ` +
  `its id and version\n` +
  `  folio preview [dir] [-o file] [--format f] [--watch]   render the folder unsaved (watermarked, free); ` +
  `re-render on change\n` +
  `  folio validate [dir]                           check example.json against the pushed template's schema\n` +
  `  folio push [dir] [-m message] [--force]        create the template, or publish a version when the ` +
  `definition changed,\n` +
  `                                                 onto the folder's own template only, and only if nobody ` +
  `published since\n` +
  `                                                 the folder's version (--force publishes over them)\n` +
  `  folio render <ref> [--data file.json] [--options file.json] [-o out.pdf] [--format f] [--async]\n` +
  `  folio templates ls\n` +
  `  folio renders ls [--limit n] [--status queued|succeeded|failed]\n` +
  `  folio renders deliveries <id>                  a render's webhook deliveries, newest first\n` +
  `  folio webhooks test <url>                      send one signed test event to the URL\n` +
  `  folio certificates add <file.p12> [--name n]   upload a signing certificate (password on standard input\n` +
  `                                                 or in FOLIO_CERTIFICATE_PASSWORD); or add <cert.pem>\n` +
  `                                                 --key <key.pem> [--chain <chain.pem>]\n` +
  `  folio certificates ls | delete <id>\n` +
  `\n` +
  `Every command takes --json (the answer as JSON on stdout). Messages go to stderr.\n` +
  `FOLIO_API_KEY and FOLIO_BASE_URL override the stored login.\n` +
  `Exit codes: 0 done, 1 the service refused or failed (API error, invalid data, failed render), 2 usage error.\n`;

type Options = NonNullable<ParseArgsConfig["options"]>;
const COMMON: Options = { json: { type: "boolean" }, help: { type: "boolean", short: "h" } };
const OPTIONS: Record<string, Options> = {
  login: { key: { type: "string" }, "base-url": { type: "string" } },
  init: { from: { type: "string" } },
  pull: {},
  preview: {
    output: { type: "string", short: "o" },
    format: { type: "string" },
    watch: { type: "boolean", short: "w" },
  },
  validate: {},
  push: { message: { type: "string", short: "m" }, force: { type: "boolean" } },
  render: {
    data: { type: "string", short: "d" },
    options: { type: "string" },
    output: { type: "string", short: "o" },
    format: { type: "string" },
    async: { type: "boolean" },
  },
  templates: {},
  renders: { limit: { type: "string" }, status: { type: "string" } },
  webhooks: {},
  certificates: { name: { type: "string" }, key: { type: "string" }, chain: { type: "string" } },
};

/** Every flag of the table above, as parseArgs answers it (none is `multiple`, so none is an array). */
interface Flags {
  help?: boolean;
  from?: string;
  key?: string;
  "base-url"?: string;
  output?: string;
  format?: string;
  watch?: boolean;
  message?: string;
  force?: boolean;
  data?: string;
  options?: string;
  async?: boolean;
  limit?: string;
  status?: string;
  name?: string;
  chain?: string;
}

function positionals(list: string[], min: number, max: number, shape: string): string[] {
  if (list.length < min || list.length > max) throw new UsageError(`usage: folio ${shape}`);
  return list;
}

/** A command that exits 0 once it has done its work; one that fails throws. */
async function succeeded(command: Promise<void>): Promise<number> {
  await command;
  return EXIT.ok;
}

async function run(command: string, args: string[], out: Output, flags: Flags): Promise<number> {
  switch (command) {
    case "login":
      positionals(args, 0, 0, "login [--key <key>] [--base-url <url>]");
      return succeeded(login(flags, out));
    case "init": {
      // positionals() holds at least the one a command needs.
      const [name = "", dir] = positionals(args, 1, 2, "init <name> [dir] [--from <starter>]");
      return succeeded(init(name, dir, flags.from, out));
    }
    case "pull": {
      const [ref = "", dir] = positionals(args, 1, 2, "pull <name[@version]> [dir]");
      return succeeded(pull(ref, dir, out));
    }
    case "preview":
      return succeeded(preview(positionals(args, 0, 1, "preview [dir]")[0] ?? ".", flags, out));
    case "validate":
      return validate(positionals(args, 0, 1, "validate [dir]")[0] ?? ".", out);
    case "push":
      return succeeded(push(positionals(args, 0, 1, "push [dir] [-m message] [--force]")[0] ?? ".", flags, out));
    case "render":
      return succeeded(
        render(positionals(args, 1, 1, "render <ref> [--data file.json] [-o out.pdf]")[0] ?? "", flags, out),
      );
    case "templates":
      positionals(args, 1, 1, "templates ls");
      if (args[0] !== "ls") throw new UsageError("usage: folio templates ls");
      return succeeded(listTemplates(out));
    case "renders": {
      const [sub = "", id = ""] = positionals(args, 1, 2, "renders ls | renders deliveries <id>");
      if (sub === "ls" && args.length === 1) return succeeded(listRenders(flags, out));
      if (sub === "deliveries" && id) return succeeded(listDeliveries(id, out));
      throw new UsageError("usage: folio renders ls | folio renders deliveries <id>");
    }
    case "webhooks": {
      const [sub, url = ""] = positionals(args, 2, 2, "webhooks test <url>");
      if (sub !== "test") throw new UsageError("usage: folio webhooks test <url>");
      return testWebhook(url, out);
    }
    case "certificates": {
      const [sub = "", target = ""] = positionals(args, 1, 2, "certificates add <file> | ls | delete <id>");
      if (sub === "ls" && args.length === 1) return succeeded(listCertificates(out));
      if (sub === "add" && target) return succeeded(addCertificate(target, flags, out));
      if (sub === "delete" && target) return succeeded(deleteCertificate(target, out));
      throw new UsageError("usage: folio certificates add <file> | ls | delete <id>");
    }
    default:
      throw new UsageError(`unknown command "${command}"; folio --help lists them`);
  }
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? "";
  const json = argv.includes("--json");
  if (command === "" || command === "help" || command === "--help" || command === "-h") {
    process[command === "" ? "stderr" : "stdout"].write(USAGE);
    return command === "" ? EXIT.usage : EXIT.ok;
  }
  try {
    const parsed = parseArgs({
      args: argv.slice(1),
      options: { ...COMMON, ...(OPTIONS[command] ?? {}) },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      process.stdout.write(USAGE);
      return EXIT.ok;
    }
    return await run(command, parsed.positionals, output(json), parsed.values as Flags);
  } catch (error) {
    // parseArgs refuses unknown flags and missing values with a TypeError carrying an ERR_PARSE_ARGS_* code.
    const parseError =
      error instanceof TypeError && String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
    return reportError(parseError ? new UsageError(error.message) : error, json);
  }
}

process.exitCode = await main(process.argv.slice(2));
