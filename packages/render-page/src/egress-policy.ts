// Which URLs and addresses Folio may contact: shared, import-free, by the Worker and the render backend.
// The WHATWG URL parser already turns odd IPv4 spellings (2130706433, 0x7f.1, 127.1, 0177.0.0.1) into
// dotted quads and IPv6 into its canonical bracketed form, so checks run on the parsed host only.

export interface EgressPolicy {
  /** Plain http on port 80 is allowed (webhooks outside production); assets are https only. */
  allowHttp: boolean;
  /** Development and tests only: loopback and private addresses, any port, plain http. */
  allowPrivate: boolean;
  /**
   * Development only (`npm run dev`'s webhooks): loopback receivers on any port, plain http too, except the
   * ports listed (the service's own, so a delivery can never call the service back).
   */
  loopback?: { exceptPorts: number[] };
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

const BLOCKED_V4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];
/** The same ranges as numbers, from the first address up to (not including) the one past the last. */
const BLOCKED_V4_RANGES = BLOCKED_V4.map(([base, bits, label]) => {
  const start = v4ToNumber(base);
  if (start === null) throw new Error(`the blocked range ${base} is not an IPv4 address`);
  return { start, end: start + 2 ** (32 - bits), label };
});

const BLOCKED_HOST_SUFFIXES = ["localhost", "local", "internal", "localdomain", "home.arpa"];

function v4ToNumber(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function v4Problem(ip: string): string | null {
  const n = v4ToNumber(ip);
  if (n === null) return "not an IPv4 address";
  for (const { start, end, label } of BLOCKED_V4_RANGES) {
    if (n >= start && n < end) return `${label} address ${ip}`;
  }
  return null;
}

/** An IPv6 address as its eight 16-bit groups. */
export type V6Groups = [number, number, number, number, number, number, number, number];

/** Expands an IPv6 address (no brackets, no zone) into eight 16-bit groups; null when it is not one. */
export function v6Groups(ip: string): V6Groups | null {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const n = v4ToNumber(dotted);
    if (n === null) return null;
    text = `${text.slice(0, -dotted.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const [headText = "", tailText] = halves;
  const parse = (s: string) =>
    s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(headText);
  const tail = tailText === undefined ? [] : parse(tailText);
  const missing = 8 - head.length - tail.length;
  if (tailText === undefined ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array(tailText === undefined ? 0 : missing).fill(0), ...tail];
  // Eight by construction: the length check names it for the type.
  return groups.length === 8 && !groups.some(Number.isNaN) ? (groups as V6Groups) : null;
}

function embeddedV4(high: number, low: number): string {
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The IPv4 address an IPv6 form delivers to, when it is one that reaches IPv4: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d) and NAT64's well-known prefix (64:ff9b::a.b.c.d).
 */
function carriedV4(g: V6Groups): { form: string; v4: string } | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const v4 = embeddedV4(g[6], g[7]);
  if (zero(0, 5) && g[5] === 0xffff) return { form: "IPv4-mapped", v4 };
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return { form: "IPv4-translated", v4 };
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return { form: "NAT64", v4 };
  return null;
}

function v6Problem(ip: string): string | null {
  const g = v6Groups(ip);
  if (!g) return "not an IPv6 address";
  const carried = carriedV4(g);
  if (carried) {
    const problem = v4Problem(carried.v4);
    return problem && `${problem} (as the ${carried.form} ${ip})`;
  }
  const [a, b] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return "unspecified address ::";
  if (zeroUpTo(7) && g[7] === 1) return "loopback address ::1";
  if (zeroUpTo(6)) return `IPv4-compatible address (${embeddedV4(g[6], g[7])})`;
  if (a === 0x64 && b === 0xff9b) return "NAT64 address outside 64:ff9b::/96";
  if (a === 0x2002) return `6to4 address (${embeddedV4(g[1], g[2])})`;
  if (a === 0x2001 && b === 0) return "Teredo address";
  if (a === 0x2001 && b === 0xdb8) return "documentation address";
  if (a === 0x100 && zeroUpTo(4)) return "discard-only address";
  if ((a & 0xfe00) === 0xfc00) return "unique local (private) address";
  if ((a & 0xffc0) === 0xfe80) return "link-local address";
  if ((a & 0xffc0) === 0xfec0) return "site-local address";
  if ((a & 0xff00) === 0xff00) return "multicast address";
  return null;
}

/** Null when `ip` (a resolved or literal address) is a public unicast address; otherwise why it is refused. */
export function addressProblem(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  return bare.includes(":") ? v6Problem(bare) : v4Problem(bare);
}

export function isIpLiteral(host: string): boolean {
  return host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host);
}

/** localhost, a name under it, 127.0.0.0/8 or ::1: this machine, as a URL's (WHATWG-parsed) host names it. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host === "[::1]") return true;
  return isIpLiteral(host) && !host.startsWith("[") && host.startsWith("127.");
}

/** A loopback URL under a policy that allows loopback receivers: any port but the excepted ones. */
function checkLoopbackUrl(url: URL, exceptPorts: number[]): UrlVerdict {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: `the ${url.protocol.replace(":", "")}: scheme is not allowed` };
  if (url.username || url.password) return { ok: false, reason: "URLs with credentials (user:pass@) are not allowed" };
  const port = url.port === "" ? (url.protocol === "http:" ? 80 : 443) : Number(url.port);
  if (exceptPorts.includes(port)) return { ok: false, reason: `port ${port} is the service's own` };
  return { ok: true, url };
}

/** Checks everything that can be known before DNS: scheme, userinfo, port, and the host when it is a literal. */
export function checkUrl(raw: string, policy: EgressPolicy): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not an absolute URL" };
  }
  if (policy.loopback && !policy.allowPrivate && isLoopbackHost(url.hostname))
    return checkLoopbackUrl(url, policy.loopback.exceptPorts);
  const http = url.protocol === "http:";
  if (url.protocol !== "https:" && !(http && (policy.allowHttp || policy.allowPrivate))) {
    return {
      ok: false,
      reason: http
        ? "plain http is not allowed; use https"
        : `the ${url.protocol.replace(":", "")}: scheme is not allowed`,
    };
  }
  if (url.username || url.password) return { ok: false, reason: "URLs with credentials (user:pass@) are not allowed" };
  const port = url.port === "" ? (http ? 80 : 443) : Number(url.port);
  if (!policy.allowPrivate && port !== (http ? 80 : 443))
    return { ok: false, reason: `port ${port} is not allowed; only 443 (and 80 for http)` };
  // A trailing dot only marks a name as fully qualified: "localhost." is localhost.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (policy.allowPrivate) return { ok: true, url };
  if (isIpLiteral(host)) {
    const problem = addressProblem(host);
    return problem ? { ok: false, reason: `${problem} is not public` } : { ok: true, url };
  }
  if (!host.includes(".") || BLOCKED_HOST_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) {
    return { ok: false, reason: `the host ${host} is not a public name` };
  }
  return { ok: true, url };
}
