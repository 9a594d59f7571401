import { expect } from "vitest";

/** Whether the bytes start like an MP4 file (its first box is `ftyp`). */
export function startsLikeMp4(bytes: Buffer): boolean {
  return bytes.subarray(4, 8).toString("latin1") === "ftyp";
}

/** The body of a whole-file video answer, asserting it is a complete MP4 that can be fetched in ranges. */
export async function expectMp4(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("video/mp4");
  expect(response.headers.get("accept-ranges")).toBe("bytes");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(startsLikeMp4(bytes)).toBe(true);
  expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
  return bytes;
}
