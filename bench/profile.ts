// Where an inline render's time goes (issue 17): the Server-Timing phases Folio reports, what is left outside
// them, and the CPU each process on this machine spends per render, beside the tight floor's. Linux only for
// the CPU figures (/proc); elsewhere those rows say so.
import { readdirSync, readFileSync } from "node:fs";
import type { Row } from "./stats";
import type { TightFloor } from "./tight-floor";

export interface ProfileContext {
  baseUrl: string;
  apiKey: string;
  rows: Row[];
  invoiceData(i: number): unknown;
  invoiceHtml: string;
}

/** A process's command name (workerd, node, chromium...) and the CPU seconds it has spent so far. */
interface Reading {
  name: string;
  seconds: number;
}

/** A reading of every live process, by pid. */
function cpuByPid(): Map<string, Reading> | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const ticksPerSecond = 100;
  const readings = new Map<string, Reading>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      readings.set(pid, {
        name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
        seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return readings;
}

/** The processes a render runs through; the kernel's own threads and everything else are counted together. */
const RENDER_PROCESSES = ["chromium", "workerd", "node"];
/**
 * Processes end mid-window (a page retired after its jobs takes its renderer with it): each counts up to its last
 * reading.
 */
const SAMPLE_EVERY_MS = 100;

/** Runs `job` `count` times in a row; the CPU milliseconds per job by process. */
async function cpuPerJob(count: number, job: (i: number) => Promise<unknown>): Promise<string> {
  const first = cpuByPid();
  if (!first) return "no /proc on this machine";
  const latest = new Map(first);
  const sample = () => {
    for (const [pid, reading] of cpuByPid() ?? []) latest.set(pid, reading);
  };
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    for (let i = 0; i < count; i++) await job(i);
  } finally {
    clearInterval(sampler);
  }
  sample();
  const spent = new Map<string, number>();
  for (const [pid, reading] of latest) {
    const key = RENDER_PROCESSES.includes(reading.name)
      ? reading.name
      : "anything else (kernel threads, esbuild's watcher...)";
    spent.set(key, (spent.get(key) ?? 0) + ((reading.seconds - (first.get(pid)?.seconds ?? 0)) * 1000) / count);
  }
  return [...spent].map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(", ");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function whereTheTimeGoes(ctx: ProfileContext, floor: TightFloor, count: number): Promise<void> {
  const headers = { authorization: `Bearer ${ctx.apiKey}`, "content-type": "application/json" };
  const phases = new Map<string, number[]>();
  const totals: number[] = [];
  const render = async (i: number) => {
    const started = performance.now();
    const response = await fetch(`${ctx.baseUrl}/v1/render`, {
      method: "POST",
      headers,
      body: JSON.stringify({ template: "invoice", data: ctx.invoiceData(95_000 + i) }),
    });
    await response.arrayBuffer();
    totals.push(performance.now() - started);
    for (const entry of (response.headers.get("server-timing") ?? "").split(",")) {
      const [name, duration] = entry.trim().split(";dur=");
      if (name && duration) phases.set(name, [...(phases.get(name) ?? []), Number(duration)]);
    }
  };
  const folioCpu = await cpuPerJob(count, render);
  const total = median(totals);
  const named = [...phases].map(([name, values]) => [name, median(values)] as const);
  const rest = total - named.reduce((sum, [, ms]) => sum + ms, 0);
  ctx.rows.push({
    name: "Profile: Folio inline 1-page PDF, Server-Timing medians",
    value: `${named.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")}; outside the phases ${rest.toFixed(0)} ms (HTTP and wrangler dev's proxy, API key, template and cache reads, meter settle, D1 insert)`,
    ratio: `${total.toFixed(1)} ms end to end`,
  });
  const floorCpu = await cpuPerJob(count, () => floor.render(ctx.invoiceHtml, "pdf"));
  ctx.rows.push({
    name: "Profile: CPU per 1-page PDF by process, Folio (workerd runs the Worker, D1, R2 and the Durable Objects)",
    value: folioCpu,
    ratio: `tight floor: ${floorCpu}`,
  });
  const refusal = await requestCost(count, () => fetch(`${ctx.baseUrl}/v1/account`));
  ctx.rows.push({
    name: "Profile: a 401 (no key): wrangler dev's proxy and the Worker's routing",
    value: `${refusal.wall.toFixed(1)} ms`,
    ratio: `CPU: ${refusal.cpu}`,
  });
  // A cache hit makes every storage call a render's answer needs except the render's own (meter, gate, R2):
  // what the Worker's path costs on this runtime before any Chromium work.
  const hitBody = JSON.stringify({ template: "invoice", data: ctx.invoiceData(94_000) });
  const renderOnce = () => fetch(`${ctx.baseUrl}/v1/render`, { method: "POST", headers, body: hitBody });
  await (await renderOnce()).arrayBuffer();
  const hit = await requestCost(count, renderOnce);
  ctx.rows.push({
    name: "Profile: a cache hit (API key, rate limit, template, cache read, row insert, signed URL)",
    value: `${hit.wall.toFixed(1)} ms`,
    ratio: `CPU: ${hit.cpu}`,
  });
}

/** Median wall time and CPU per request by process, over `count` requests in a row. */
async function requestCost(count: number, request: () => Promise<Response>): Promise<{ wall: number; cpu: string }> {
  const walls: number[] = [];
  const cpu = await cpuPerJob(count, async () => {
    const started = performance.now();
    await (await request()).arrayBuffer();
    walls.push(performance.now() - started);
  });
  return { wall: median(walls), cpu };
}
