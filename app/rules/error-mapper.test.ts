import { describe, expect, it } from "vitest";
import { ERROR_MAPPER } from "~/messages";
import { describeError, errorText, formatMappedError, mapError } from "./error-mapper";

describe("mapError (spec 8 generic mapper)", () => {
  it("a network failure is a connection issue, whatever the context and browser wording", () => {
    expect(mapError(new TypeError("Failed to fetch"), "channel")).toEqual(ERROR_MAPPER.network);
    expect(mapError(new TypeError("NetworkError when attempting to fetch resource."), "video")).toEqual(ERROR_MAPPER.network);
    expect(describeError(new TypeError("Failed to fetch"))).toBe(
      "Connection issue: Unable to connect to the server. Please check your internet connection and try again.",
    );
  });

  it("a message containing timeout is a request timeout", () => {
    expect(mapError(new Error("Apify run timeout after 120 s"), "sync")).toEqual(ERROR_MAPPER.timeout);
    expect(mapError(new Error("Gateway Timeout"), "channel").title).toBe("Request timeout");
    const aborted = new Error("signal timed out");
    aborted.name = "TimeoutError";
    expect(mapError(aborted)).toEqual(ERROR_MAPPER.timeout);
  });

  it("the context gives the title and the server's message is shown", () => {
    expect(describeError(new Error("Account @nobody not found"), "channel")).toBe("Unable to add channel: Account @nobody not found");
    expect(describeError(new Error("Not a Pinterest pin URL"), "video")).toBe("Unable to add video: Not a Pinterest pin URL");
    expect(describeError(new Error("Account is private"), "sync")).toBe("Sync failed: Account is private");
    expect(describeError({ error: "Widget in use" }, "delete")).toBe("Unable to delete: Widget in use");
  });

  it("without a server message the context's default text is shown", () => {
    expect(mapError(new Error(""), "channel")).toEqual(ERROR_MAPPER.channel);
    expect(mapError(undefined, "video")).toEqual(ERROR_MAPPER.video);
    expect(mapError(null, "sync")).toEqual(ERROR_MAPPER.sync);
    expect(mapError({}, "delete")).toEqual(ERROR_MAPPER.delete);
    expect(mapError("   ", "billing")).toEqual(ERROR_MAPPER.billing);
    expect(mapError(new Error(""), "widget")).toEqual(ERROR_MAPPER.widget);
  });

  it("the default context says something went wrong, with the message or the default text", () => {
    expect(describeError(new Error("Server error: 500"))).toBe("Something went wrong: Server error: 500");
    expect(describeError(new Error(""))).toBe("Something went wrong: An unexpected error occurred. Please try again.");
  });

  it("formats as <title>: <message>", () => {
    expect(formatMappedError({ title: "A", message: "b" })).toBe("A: b");
  });

  it("reads the text of errors, strings and API bodies", () => {
    expect(errorText(new Error("x"))).toBe("x");
    expect(errorText("y")).toBe("y");
    expect(errorText({ error: "z" })).toBe("z");
    expect(errorText({ message: "m" })).toBe("m");
    expect(errorText(42)).toBe("");
  });
});
