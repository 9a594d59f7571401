import { describe, expect, it } from "vitest";
import { TimeSlices } from "~/suggestions/time-slices";

/** Lets every promise continuation queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("TimeSlices", () => {
  it("runs at most one slice of work per turn, whatever the number of workers, taking turns", async () => {
    let now = 0;
    const turns: Array<() => void> = [];
    const slices = new TimeSlices({ sliceMs: 5, now: () => now, defer: (run) => turns.push(run) });
    const done: string[] = [];
    /** Each unit of work takes 1 ms of the fake clock. */
    const worker = async (name: string, units: number) => {
      for (let unit = 0; unit < units; unit++) {
        const turn = slices.pause();
        if (turn) await turn;
        now += 1;
        done.push(name);
      }
    };
    const workers = Promise.all([worker("a", 12), worker("b", 12), worker("c", 3)]);
    await settle();
    expect(done).toEqual([]);

    const unitsPerTurn: number[] = [];
    while (turns.length) {
      const before = done.length;
      turns.shift()?.();
      await settle();
      unitsPerTurn.push(done.length - before);
    }
    await workers;
    expect(done).toHaveLength(27);
    expect(Math.max(...unitsPerTurn)).toBeLessThanOrEqual(5);
    // Round robin: c is not starved behind a and b, and a does not run twice in a row while others wait.
    expect(done.join("")).toBe("aaaaabbbbbcccaaaaabbbbbaabb");
    expect(slices.slices).toBe(unitsPerTurn.filter((units) => units > 0).length);
  });

  it("lets work go on without waiting while the slice lasts", () => {
    let now = 100;
    const slices = new TimeSlices({ sliceMs: 10, now: () => now, defer: (run) => run() });
    // The first pause waits: no slice has begun.
    expect(slices.pause()).toBeInstanceOf(Promise);
    now += 3;
    expect(slices.pause()).toBeUndefined();
    now += 7;
    expect(slices.pause()).toBeInstanceOf(Promise);
  });
});
