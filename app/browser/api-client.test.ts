import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError } from "~/rules/error-mapper";
import { ApiError, fetchChannels, importChannel, toggleVideo } from "./api-client";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api-client", () => {
  it("sends JSON to the same origin and reads the answer", async () => {
    const fetchMock = answer(202, { job: { id: "j1" } });
    vi.stubGlobal("fetch", fetchMock);
    const job = await importChannel({ shopId: "s1", username: "creator", platform: "tiktok" });
    expect(job).toEqual({ id: "j1" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/channels",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ shopId: "s1", username: "creator", platform: "tiktok" }),
      }),
    );
  });

  it("throws the server's error text", async () => {
    const limit = "Free plan allows maximum 5 approved videos. Upgrade to Premium for unlimited videos.";
    vi.stubGlobal("fetch", answer(403, { error: limit }));
    const failure = await toggleVideo("v1", { enabled: true, widgetIds: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(limit);
    expect((failure as ApiError).status).toBe(403);
  });

  it("without a readable body says which status came back", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>oops</html>", { status: 502 })),
    );
    await expect(fetchChannels("s1")).rejects.toThrow("Server error: 502");
  });

  it('keeps the browser\'s "Failed to fetch" so the mapper sees a network failure', async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const failure = await fetchChannels("s1").catch((error: unknown) => error);
    expect(describeError(failure, "channel")).toMatch(/^Connection issue: /);
  });

  it("accepts a bare list or a wrapped one", async () => {
    vi.stubGlobal("fetch", answer(200, [{ id: "c1" }]));
    expect(await fetchChannels("s1")).toEqual([{ id: "c1" }]);
    vi.stubGlobal("fetch", answer(200, { channels: [{ id: "c2" }] }));
    expect(await fetchChannels("s1")).toEqual([{ id: "c2" }]);
  });
});
