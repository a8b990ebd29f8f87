import { describe, expect, it } from "vitest";
import { driveTemplate, TemplateTimeLimit } from "../../src/render/liquid/template-driver";

const FAR = () => Date.now() + 60_000;

describe("driveTemplate", () => {
  it("runs nested generators and promises to the result, sending results and errors back as liquidjs does", async () => {
    function* doubled(x: number): Generator<unknown, number, number> {
      const y = yield Promise.resolve(x * 2);
      return y + 1;
    }
    function* failing(): Generator<unknown, never, unknown> {
      yield 1;
      throw new Error("from a child");
    }
    function* root(): Generator<unknown, unknown[], unknown> {
      const fromChild = yield doubled(5);
      const plain = yield "as is";
      const caught: string[] = [];
      try {
        yield failing();
      } catch (error) {
        caught.push((error as Error).message);
      }
      try {
        yield Promise.reject(new Error("rejected"));
      } catch (error) {
        caught.push((error as Error).message);
      }
      return [fromChild, plain, caught];
    }
    expect(await driveTemplate(root(), FAR())).toEqual([11, "as is", ["from a child", "rejected"]]);
  });

  it("rejects with the error a generator does not catch", async () => {
    function* root(): Generator<unknown, void, unknown> {
      // biome-ignore lint/correctness/useYield: a generator that throws before its first step is the case under test.
      yield (function* () {
        throw new Error("uncaught");
      })();
    }
    await expect(driveTemplate(root(), FAR())).rejects.toThrow("uncaught");
  });

  it("keeps nesting on its own stack: a chain 100,000 generators deep does not overflow", async () => {
    function* chain(depth: number): Generator<unknown, number, number> {
      return depth === 0 ? 0 : 1 + (yield chain(depth - 1));
    }
    expect(await driveTemplate(chain(100_000), FAR())).toBe(100_000);
  });

  it("lets timers run while it works, and stops an endless render at its deadline", async () => {
    function* endless(): Generator<number, never, unknown> {
      for (;;) yield 1;
    }
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    await expect(driveTemplate(endless(), Date.now() + 100)).rejects.toBeInstanceOf(TemplateTimeLimit);
    expect(timerRan).toBe(true);
  });
});
