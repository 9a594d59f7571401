import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const run = promisify(execFile);
const SERVER_MODULE = pathToFileURL(path.resolve(__dirname, "../../server/app.mjs")).href;

/**
 * In its own process, as the production server starts: the fetch globals that
 * server.mjs installs, then an upload whose timeout fires while its body is still
 * being sent (a caption or video copy to a slow Shopify Files target). The
 * process prints how the call failed, and must still be alive afterwards.
 */
const UPLOAD_TIMED_OUT_MID_BODY = `
import http from "node:http";
import { installFetchGlobals } from ${JSON.stringify(SERVER_MODULE)};
installFetchGlobals();
const slowTarget = http.createServer((request, response) => {
  request.on("data", () => {});
  setTimeout(() => response.writeHead(200).write("partial"), 200);
});
await new Promise((resolve) => slowTarget.listen(0, "127.0.0.1", resolve));
const form = new FormData();
form.append("file", new Blob([new Uint8Array(16 * 1024 * 1024)]), "video.mp4");
let failure = "none";
try {
  const response = await fetch("http://127.0.0.1:" + slowTarget.address().port + "/", { method: "POST", body: form, signal: AbortSignal.timeout(300) });
  await response.text();
} catch (error) {
  failure = error.name;
}
await new Promise((resolve) => setTimeout(resolve, 500));
slowTarget.closeAllConnections();
slowTarget.close();
console.log(JSON.stringify({ failure, alive: true }));
`;

it("an upload that times out while its body is still being sent fails as a timeout, and the server process lives on", async () => {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", UPLOAD_TIMED_OUT_MID_BODY], { timeout: 30_000 });
  // TimeoutError is what the error mapper turns into the "took too long" message (app/rules/error-mapper.ts).
  expect(JSON.parse(stdout.trim())).toEqual({ failure: "TimeoutError", alive: true });
});
