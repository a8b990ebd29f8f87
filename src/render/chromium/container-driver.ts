import { postAccessibility } from "./accessibility-check";
import { type BackendFetch, backendStats, postJob, reaching } from "./backend-driver";
import { chunkedPrinter } from "./chunked-printer";
import type { ChromiumJob, RenderBackend, RenderedFile } from "./driver";
import { postCheck } from "./e-invoice-check";
import { type InstanceSpread, InstanceUnavailable } from "./instance-spread";
import { postPageImage } from "./page-image";

/** One render backend among several: how to reach it, and whether it runs right now. */
export interface BackendInstance {
  name: string;
  send: BackendFetch;
  /** False for a sleeping container; rejects when the instance cannot be asked at all. Never starts one. */
  awake(): Promise<boolean>;
}

/**
 * Drives N render backends as one: an account's jobs go to the instance its key ranks first while that one
 * has room (`spread`), a job an instance could not take is tried once on the next, and each instance's
 * backend still takes turns between accounts when its own pages are busy.
 */
export function containerDriver(instances: BackendInstance[], secret: string, spread: InstanceSpread): RenderBackend {
  const byName = new Map(instances.map((instance) => [instance.name, instance]));
  const instanceNamed = (name: string) => {
    const instance = byName.get(name);
    if (!instance) throw new Error(`the spread chose ${name}, which is not one of the driver's instances`);
    return instance;
  };
  // Work that takes no page (an e-invoice check, a page image) goes to the instance the account's key ranks first
  // (where its pages print), and once to the next when that one could not answer.
  const pageless = <T>(accountId: string, work: (send: BackendFetch) => Promise<T>): Promise<T> =>
    reaching(async () => {
      const [first, next] = spread.order(accountId).map((name) => byName.get(name));
      if (!first) throw new InstanceUnavailable("no render instance is configured");
      try {
        return await work(first.send);
      } catch (error) {
        if (!(error instanceof InstanceUnavailable) || !next) throw error;
        return work(next.send);
      }
    });
  return {
    name: "container",
    print: (job: ChromiumJob): Promise<RenderedFile> =>
      reaching(() => spread.run(job.accountId, (name) => postJob(instanceNamed(name).send, secret, job))),
    // The first piece goes where the spread sends the account's jobs; the rest and the join follow it there.
    chunks: {
      open: (accountId) => {
        let pinned: string | undefined;
        return chunkedPrinter(
          (work) =>
            reaching(() =>
              spread.run(
                accountId,
                (name) => {
                  pinned = name;
                  return work(instanceNamed(name).send);
                },
                pinned,
              ),
            ),
          secret,
          async (work) =>
            pinned === undefined ? undefined : reaching(() => work(instanceNamed(pinned as string).send)),
        );
      },
    },
    eInvoices: {
      check: (check, seat) => pageless(seat.accountId, (send) => postCheck(send, secret, check, seat)),
    },
    pageImages: {
      firstPage: (pdf, seat) => pageless(seat.accountId, (send) => postPageImage(send, secret, pdf, seat)),
    },
    accessibility: {
      mendAndCheck: (pdf, options, seat) =>
        pageless(seat.accountId, (send) => postAccessibility(send, secret, pdf, options, seat)),
    },
    async health(): Promise<string> {
      // A sleeping container starts with its next job: the renderer is healthy while every instance can be asked.
      const states = await Promise.allSettled(instances.map((instance) => instance.awake()));
      const failed = states.find((state) => state.status === "rejected");
      return failed ? `render instance unavailable: ${(failed.reason as Error).message ?? failed.reason}` : "ok";
    },
    async stats() {
      const seats = spread.stats();
      const perInstance = await Promise.all(
        instances.map(async (instance) => {
          const awake = await instance.awake().catch(() => false);
          const backend = awake
            ? await backendStats(instance.send, secret).catch((error: Error) => ({ error: error.message }))
            : null;
          return { ...seats.find((seat) => seat.name === instance.name), awake, backend };
        }),
      );
      return { instances: perInstance };
    },
  };
}

/**
 * What the driver asks of a render container's Durable Object (RenderContainer, which the driver does not name so
 * the render layer stays below the objects): its HTTP front and whether it runs.
 */
export interface ContainerHost {
  fetch(request: Request): Promise<Response>;
  getState(): Promise<{ status: string }>;
}

/** The RenderContainer namespace as the driver reaches it. */
export interface ContainerHosts {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions): ContainerHost;
}

/**
 * The render backend's containers: `count` RenderContainer objects named `render-0`…, the same names in every
 * isolate, created in `region` when one is given (docs/round-trips.md#topology).
 */
export function containerInstances(
  binding: ContainerHosts,
  count: number,
  region?: DurableObjectLocationHint,
): BackendInstance[] {
  return Array.from({ length: count }, (_, index) => {
    const name = `render-${index}`;
    const stub = () => binding.get(binding.idFromName(name), region ? { locationHint: region } : undefined);
    return {
      name,
      send: (path, init) => stub().fetch(new Request(`http://render-backend${path}`, init)),
      awake: async () => ["running", "healthy"].includes((await stub().getState()).status),
    };
  });
}
