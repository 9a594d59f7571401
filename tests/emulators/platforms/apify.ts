/**
 * The subset of the Apify API v2 that apify-client uses to run an actor and
 * read its dataset, mounted under /apify (so apify-client's
 * `baseUrl = <Local Shopify>/apify`; it appends /v2):
 *
 *   POST /v2/acts/{user~name}/runs              ?waitForFinish=&timeout=&memory=&build=&maxItems=   201 { data: run }
 *   POST /v2/acts/{user~name}/run-sync-get-dataset-items                                             201 [items]
 *   GET  /v2/acts/{user~name}                   the actor (apify-client's log streaming reads its name)
 *   GET  /v2/actor-runs/{id}                    ?waitForFinish= (held up to 60 s, as Apify does)
 *   POST /v2/actor-runs/{id}/abort
 *   GET  /v2/actor-runs/{id}/log                (?stream=1&raw=1) text
 *   GET  /v2/datasets/{id} , /v2/datasets/{id}/items , /v2/actor-runs/{id}/dataset/items
 *        ?offset=&limit=&clean=&skipEmpty=&skipHidden=&desc=&fields=&omit=&flatten=
 *        with x-apify-pagination-{total,offset,limit,count,desc}
 *   GET  /v2/key-value-stores/{id}/records/{key}   videos the actors saved (key-value-stores.ts):
 *        with the token, or without it through the record's signed URL
 *
 * `/v2/actors/...` answers like `/v2/acts/...` (apify-client 2.2x uses it).
 * Every call needs the token (Authorization: Bearer, or ?token=); errors are
 * `{ error: { type, message } }` with Apify's status codes. Request bodies
 * may be brotli/gzip/deflate-compressed (apify-client compresses inputs of 1 KB+).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { readBody, Router, sendJson } from "../shopify/http.js";
import {
  ACTOR_INFO,
  instagramReelPlan,
  InvalidInputError,
  isActorName,
  pinterestPlan,
  planRun,
  tiktokPlan,
  type ActorContext,
  type ActorName,
} from "./actors.js";
import { RECORD_PATH, serveRecord } from "./key-value-stores.js";
import localApify from "./local-apify.json" with { type: "json" };
import { apifyId, TERMINAL, type DatasetState, type KeyValueStoreState, type PlatformEmulatorState, type RunState } from "./state.js";

export const APIFY_PREFIX = "/apify";
export const LOCAL_APIFY_TOKEN: string = localApify.token;

const PLANS: Record<ActorName, typeof tiktokPlan> = {
  "clockworks/tiktok-scraper": tiktokPlan,
  "clockworks/tiktok-profile-scraper": tiktokPlan,
  "apify/instagram-reel-scraper": instagramReelPlan,
  "epctex/pinterest-scraper": pinterestPlan,
};

/** Apify holds a waitForFinish request at most this long. */
const MAX_WAIT_SECS = 60;
/** What Apify reports as the limit when none was asked for. */
const NO_LIMIT = 999_999_999_999;

function apiError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { error: { type, message } });
}

function tokenOf(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
  return bearer || url.searchParams.get("token") || null;
}

/** "user~name" (or a bare id of a known actor) -> "user/name". */
function actorName(param: string): ActorName | null {
  const name = param.replace("~", "/");
  if (isActorName(name)) return name;
  return (Object.keys(ACTOR_INFO) as ActorName[]).find((known) => ACTOR_INFO[known].id === param) ?? null;
}

async function readJsonBody(req: IncomingMessage): Promise<{ value: unknown; length: number }> {
  let body = await readBody(req);
  const encoding = String(req.headers["content-encoding"] ?? "").toLowerCase();
  if (encoding === "br") body = brotliDecompressSync(body);
  else if (encoding === "gzip") body = gunzipSync(body);
  else if (encoding === "deflate") body = inflateSync(body);
  if (!body.length) return { value: {}, length: 0 };
  return { value: JSON.parse(body.toString("utf8")), length: body.length };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function runView(run: RunState, baseUrl: string) {
  const end = run.finishedAt ?? Date.now();
  return {
    id: run.id,
    actId: run.actId,
    userId: "LocalClipcartUser",
    actorTaskId: null,
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    status: run.status,
    statusMessage: run.statusMessage,
    isStatusMessageTerminal: TERMINAL.includes(run.status) ? true : null,
    meta: { origin: "API", userAgent: run.userAgent },
    stats: {
      inputBodyLen: run.inputBodyLen,
      migrationCount: 0,
      rebootCount: 0,
      restartCount: 0,
      resurrectCount: 0,
      durationMillis: end - run.startedAt,
      runTimeSecs: (end - run.startedAt) / 1000,
      computeUnits: 0,
    },
    options: { build: "latest", timeoutSecs: run.timeoutSecs, memoryMbytes: run.memoryMbytes, diskMbytes: run.memoryMbytes * 2 },
    buildId: "LocalEmulatorBuild",
    buildNumber: "0.0.1",
    exitCode: run.exitCode,
    defaultKeyValueStoreId: run.keyValueStoreId,
    defaultDatasetId: run.datasetId,
    defaultRequestQueueId: run.requestQueueId,
    containerUrl: `${baseUrl}${APIFY_PREFIX}/containers/${run.id}`,
    consoleUrl: `${baseUrl}${APIFY_PREFIX}/console/runs/${run.id}`,
    usageTotalUsd: 0,
    generalAccess: "FOLLOW_USER_SETTING",
  };
}

function datasetView(dataset: DatasetState) {
  return {
    id: dataset.id,
    name: null,
    userId: "LocalClipcartUser",
    createdAt: iso(dataset.createdAt),
    modifiedAt: iso(dataset.modifiedAt),
    accessedAt: iso(Date.now()),
    itemCount: dataset.items.length,
    cleanItemCount: dataset.items.filter((i) => !isEmptyItem(i)).length,
    actId: null,
    actRunId: dataset.runId,
  };
}

function isEmptyItem(item: unknown): boolean {
  return !item || (typeof item === "object" && Object.keys(item).length === 0);
}

function bool(value: string | null): boolean {
  return value === "1" || value === "true";
}

function finish(state: PlatformEmulatorState, run: RunState, status: RunState["status"], message: string): void {
  if (TERMINAL.includes(run.status)) return;
  if (run.timer) clearTimeout(run.timer);
  run.timer = null;
  run.status = status;
  run.statusMessage = message;
  run.exitCode = status === "SUCCEEDED" ? 0 : status === "FAILED" ? 1 : null;
  run.finishedAt = Date.now();
  run.log.push(`${new Date().toISOString()} ${status}: ${message}`);
  const dataset = state.datasets.get(run.datasetId);
  if (dataset) dataset.modifiedAt = Date.now();
  for (const wake of run.waiters) wake();
  run.waiters.clear();
}

function push(state: PlatformEmulatorState, run: RunState, items: unknown[]): void {
  const dataset = state.datasets.get(run.datasetId);
  if (!dataset || !items.length) return;
  dataset.items.push(...structuredClone(items));
  dataset.modifiedAt = Date.now();
}

/** Waits until the run ends or `secs` pass (or the client goes away). */
function waitFor(run: RunState, secs: number, res: ServerResponse, max = MAX_WAIT_SECS): Promise<void> {
  const wait = Math.min(Math.max(0, secs), max);
  if (!wait || TERMINAL.includes(run.status)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      run.waiters.delete(done);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, wait * 1000);
    timer.unref();
    run.waiters.add(done);
    // The response's "close" before we answer means the client went away.
    res.once("close", done);
  });
}

function startRun(
  state: PlatformEmulatorState,
  ctx: Omit<ActorContext, "keyValueStore">,
  actor: ActorName,
  input: unknown,
  inputBodyLen: number,
  url: URL,
  req: IncomingMessage,
): RunState {
  if (!input || typeof input !== "object" || Array.isArray(input)) throw new InvalidInputError("Input is not valid: input must be an object");
  // The actor fills the run's key-value store while it plans what it pushes (downloaded videos).
  const keyValueStore: KeyValueStoreState = { id: apifyId(), runId: "", records: new Map() };
  const runCtx: ActorContext = { ...ctx, keyValueStore };
  const plan = planRun(runCtx, PLANS[actor](runCtx, input as Record<string, unknown>));
  const timeoutSecs = Number(url.searchParams.get("timeout")) || 3600;
  const dataset: DatasetState = { id: apifyId(), runId: "", createdAt: Date.now(), modifiedAt: Date.now(), items: [] };
  const run: RunState = {
    id: apifyId(),
    actorId: actor,
    actId: ACTOR_INFO[actor].id,
    input: structuredClone(input),
    inputBodyLen,
    status: "RUNNING",
    statusMessage: "Starting the scraper",
    exitCode: null,
    startedAt: Date.now(),
    finishedAt: null,
    timeoutSecs,
    memoryMbytes: Number(url.searchParams.get("memory")) || 1024,
    datasetId: dataset.id,
    keyValueStoreId: keyValueStore.id,
    requestQueueId: apifyId(),
    userAgent: String(req.headers["user-agent"] ?? ""),
    log: [`${new Date().toISOString()} INFO Local emulator of ${actor} started`],
    timer: null,
    waiters: new Set(),
  };
  dataset.runId = run.id;
  keyValueStore.runId = run.id;
  state.datasets.set(dataset.id, dataset);
  state.keyValueStores.set(keyValueStore.id, keyValueStore);
  state.runs.set(run.id, run);
  forgetOldRuns(state);
  const maxItems = Number(url.searchParams.get("maxItems")) || Infinity;
  const capped = (items: unknown[]) => items.slice(0, Math.max(0, maxItems - (state.datasets.get(run.datasetId)?.items.length ?? 0)));

  push(state, run, capped(plan.immediateItems));
  for (const line of plan.log) run.log.push(`${new Date().toISOString()} ${line}`);
  const complete = () => {
    push(state, run, capped(plan.finalItems));
    finish(state, run, plan.finalStatus, plan.statusMessage);
  };
  if (plan.heldBy?.length) {
    // Ends when the test releases the account, or times out as any run does.
    state.holdRun(plan.heldBy, () => {
      if (TERMINAL.includes(run.status)) return;
      if (run.timer) clearTimeout(run.timer);
      complete();
    });
    run.timer = setTimeout(() => finish(state, run, "TIMED-OUT", `The Actor run timed out after ${timeoutSecs} s`), timeoutSecs * 1000);
  } else if (plan.delayMs > timeoutSecs * 1000) {
    run.timer = setTimeout(() => finish(state, run, "TIMED-OUT", `The Actor run timed out after ${timeoutSecs} s`), timeoutSecs * 1000);
  } else if (plan.delayMs > 0) {
    run.timer = setTimeout(complete, plan.delayMs);
  } else {
    complete();
  }
  run.timer?.unref();
  return run;
}

/** The demo runs for days: keep the latest runs (and their datasets) only. */
const MAX_RUNS = 1000;

function forgetOldRuns(state: PlatformEmulatorState): void {
  for (const [id, run] of state.runs) {
    if (state.runs.size <= MAX_RUNS) break;
    if (!TERMINAL.includes(run.status)) continue;
    state.runs.delete(id);
    state.datasets.delete(run.datasetId);
    state.keyValueStores.delete(run.keyValueStoreId);
  }
}

function serveItems(res: ServerResponse, url: URL, dataset: DatasetState, status = 200): void {
  const q = url.searchParams;
  const clean = bool(q.get("clean"));
  const skipEmpty = clean || bool(q.get("skipEmpty"));
  const skipHidden = clean || bool(q.get("skipHidden"));
  const desc = bool(q.get("desc"));
  const list = (name: string) =>
    (q.get(name) ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const fields = list("fields");
  const omit = list("omit");
  const flatten = list("flatten");
  const offset = Math.max(0, Number(q.get("offset")) || 0);
  const limitParam = q.get("limit");
  const limit = limitParam !== null && Number(limitParam) > 0 ? Number(limitParam) : NO_LIMIT;

  let items = dataset.items.slice();
  if (desc) items.reverse();
  if (skipEmpty) items = items.filter((i) => !isEmptyItem(i));
  const page = items.slice(offset, offset + limit).map((raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    let item: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    for (const key of flatten) {
      const value = item[key];
      if (value && typeof value === "object" && !Array.isArray(value)) {
        delete item[key];
        for (const [k, v] of Object.entries(value)) item[`${key}.${k}`] = v;
      }
    }
    if (skipHidden) item = Object.fromEntries(Object.entries(item).filter(([k]) => !k.startsWith("#")));
    if (fields.length) item = Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f]]));
    for (const key of omit) delete item[key];
    return item;
  });
  sendJson(res, status, page, {
    "x-apify-pagination-total": String(items.length),
    "x-apify-pagination-offset": String(offset),
    "x-apify-pagination-limit": String(limit),
    "x-apify-pagination-count": String(page.length),
    "x-apify-pagination-desc": String(desc),
  });
}

function apifyRouter(state: PlatformEmulatorState, baseUrl: () => string): Router {
  const ctx = () => ({ state, baseUrl: baseUrl() });
  const ACT = "/v2/(?:acts|actors)/([^/]+)";
  const RUN = "/v2/actor-runs/([^/]+)";
  const P = APIFY_PREFIX;

  const runOr404 = (res: ServerResponse, id: string) => {
    const run = state.runs.get(id);
    if (!run) apiError(res, 404, "record-not-found", "Actor run was not found");
    return run;
  };
  const actorOr404 = (res: ServerResponse, param: string) => {
    const actor = actorName(param);
    if (!actor) apiError(res, 404, "record-not-found", "Actor was not found");
    return actor;
  };

  const start = async (req: IncomingMessage, res: ServerResponse, url: URL, param: string) => {
    const actor = actorOr404(res, param);
    if (!actor) return null;
    let body: { value: unknown; length: number };
    try {
      body = await readJsonBody(req);
    } catch {
      apiError(res, 400, "invalid-input", "Input is not valid: the request body is not valid JSON");
      return null;
    }
    try {
      return startRun(state, ctx(), actor, body.value, body.length, url, req);
    } catch (error) {
      if (error instanceof InvalidInputError) {
        apiError(res, 400, "invalid-input", error.message);
        return null;
      }
      throw error;
    }
  };

  return new Router()
    .on("POST", new RegExp(`^${P}${ACT}/runs$`), async (req, res, url, [param = ""]) => {
      const run = await start(req, res, url, param);
      if (!run) return;
      await waitFor(run, Number(url.searchParams.get("waitForFinish")) || 0, res);
      sendJson(res, 201, { data: runView(run, baseUrl()) });
    })
    .on("POST", new RegExp(`^${P}${ACT}/run-sync-get-dataset-items$`), async (req, res, url, [param = ""]) => {
      const run = await start(req, res, url, param);
      if (!run) return;
      await waitFor(run, 300, res, 300);
      if (!TERMINAL.includes(run.status))
        return apiError(res, 408, "run-timeout-exceeded", "Actor run exceeded the timeout of 300 seconds for this API endpoint");
      if (run.status !== "SUCCEEDED") return apiError(res, 400, "run-failed", `Actor run did not succeed (run ID: ${run.id}, status: ${run.status})`);
      serveItems(res, url, state.datasets.get(run.datasetId)!, 201);
    })
    .on("GET", new RegExp(`^${P}${ACT}$`), (_req, res, _url, [param = ""]) => {
      const actor = actorOr404(res, param);
      if (!actor) return;
      const [username, name] = actor.split("/");
      sendJson(res, 200, { data: { id: ACTOR_INFO[actor].id, userId: "LocalClipcartUser", username, name, title: ACTOR_INFO[actor].title, isPublic: true } });
    })
    .on("GET", new RegExp(`^${P}${RUN}$`), async (req, res, url, [id = ""]) => {
      const run = runOr404(res, id);
      if (!run) return;
      await waitFor(run, Number(url.searchParams.get("waitForFinish")) || 0, res);
      sendJson(res, 200, { data: runView(run, baseUrl()) });
    })
    .on("POST", new RegExp(`^${P}${RUN}/abort$`), (_req, res, _url, [id = ""]) => {
      const run = runOr404(res, id);
      if (!run) return;
      finish(state, run, "ABORTED", "Run was aborted by the user");
      sendJson(res, 200, { data: runView(run, baseUrl()) });
    })
    .on("GET", new RegExp(`^${P}${RUN}/log$`), (_req, res, _url, [id = ""]) => {
      const run = runOr404(res, id);
      if (!run) return;
      const text = run.log.join("\n") + "\n";
      res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
    })
    .on("GET", new RegExp(`^${P}${RUN}/dataset/items$`), (_req, res, url, [id = ""]) => {
      const run = runOr404(res, id);
      if (run) serveItems(res, url, state.datasets.get(run.datasetId)!);
    })
    .on("GET", new RegExp(`^${P}/v2/datasets/([^/]+)$`), (_req, res, _url, [id = ""]) => {
      const dataset = state.datasets.get(id);
      if (!dataset) return apiError(res, 404, "record-not-found", "Dataset was not found");
      sendJson(res, 200, { data: datasetView(dataset) });
    })
    .on("GET", new RegExp(`^${P}/v2/datasets/([^/]+)/items$`), (_req, res, url, [id = ""]) => {
      const dataset = state.datasets.get(id);
      if (!dataset) return apiError(res, 404, "record-not-found", "Dataset was not found");
      serveItems(res, url, dataset);
    });
}

/** Routes under /apify: the token check first, as Apify does, then the API. */
export function apifyHandler(state: PlatformEmulatorState, baseUrl: () => string) {
  const router = apifyRouter(state, baseUrl);
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== APIFY_PREFIX && !url.pathname.startsWith(`${APIFY_PREFIX}/`)) return false;
    const token = tokenOf(req, url);
    // A record's signed URL works without the token: the signature is the permission.
    const signed = !token && url.searchParams.has("signature");
    if (RECORD_PATH.test(url.pathname) && (req.method === "GET" || req.method === "HEAD") && (signed || token === LOCAL_APIFY_TOKEN)) {
      serveRecord(req, res, url, state, token === LOCAL_APIFY_TOKEN);
      return true;
    }
    if (!token) {
      apiError(res, 401, "token-not-provided", "Authentication token was not provided");
      return true;
    }
    if (token !== LOCAL_APIFY_TOKEN) {
      apiError(res, 401, "user-or-token-not-found", "User was not found or authentication token is not valid");
      return true;
    }
    if (await router.handle(req, res, url)) return true;
    apiError(res, 404, "page-not-found", "This API endpoint is not emulated by Local Shopify's Apify emulator");
    return true;
  };
}
