/**
 * Saved views of the Video Library (Polaris index filters): a name with the
 * tab, search, platform filter and order (decision 082) it restores, kept per shop. Spec 5's
 * view-name rules: required, at most 40 characters, unique ignoring case
 * (the schema's nameKey), and a rename must change the name.
 */
import { z } from "zod";
import { prisma, type LibraryView } from "~/db.server";
import { VIEW_NAME_MAX_LENGTH } from "~/constants";
import { API_TEXT, LIBRARY_TEXT } from "~/messages";
import { LIBRARY_SORTS, LIBRARY_TABS, type LibraryViewDto, type VideoListQuery } from "~/rules/api-types";
import { textInput } from "~/rules/text-input";
import { normalizeSearch, parseLibrarySort, parseLibraryTab, parsePlatformFilter, sortOf } from "~/rules/video-list-query";
import { DomainValidationError, RecordNotFoundError, isUniqueViolation } from "~/rules/domain-errors";

export type LibraryViewQuery = Omit<VideoListQuery, "page">;

/** A view's filters as the API receives them; unknown platform ids are dropped by the model, as in a library URL. */
export const libraryViewQueryInput = z.object({
  tab: z.enum(LIBRARY_TABS, { error: API_TEXT.oneOf("query.tab", LIBRARY_TABS) }).optional(),
  search: textInput("query.search", { collapseSpaces: true }).max(500, "query.search is too long").optional(),
  platforms: z.array(z.string().max(40)).max(10, "query.platforms has too many values").optional(),
  sort: z.enum(LIBRARY_SORTS, { error: API_TEXT.oneOf("query.sort", LIBRARY_SORTS) }).optional(),
});

export type LibraryViewQueryInput = z.infer<typeof libraryViewQueryInput>;

/** Names compare ignoring case and surrounding/repeated spaces. */
function viewNameKey(name: string): string {
  return normalizeViewName(name).toLowerCase();
}

function normalizeViewName(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}

function validViewName(name: string): string {
  const normalized = normalizeViewName(name);
  if (!normalized) throw new DomainValidationError(LIBRARY_TEXT.viewNameRequired);
  if ([...normalized].length > VIEW_NAME_MAX_LENGTH) throw new DomainValidationError(LIBRARY_TEXT.viewNameTooLong);
  return normalized;
}

/** Stored filters are re-read with the URL parser's rules, so an old or hand-edited row cannot break the page. */
function storedQuery(view: LibraryView): LibraryViewQuery {
  let platforms: string[] = [];
  try {
    const parsed: unknown = JSON.parse(view.platforms);
    if (Array.isArray(parsed)) platforms = parsed.filter((value): value is string => typeof value === "string");
  } catch {
    // unreadable: no platform filter
  }
  return {
    tab: parseLibraryTab(view.tab),
    search: normalizeSearch(view.search),
    platforms: parsePlatformFilter(platforms),
    ...sortOf(parseLibrarySort(view.sort)),
  };
}

function queryColumns(query: LibraryViewQueryInput | undefined) {
  return {
    tab: parseLibraryTab(query?.tab),
    search: normalizeSearch(query?.search),
    platforms: JSON.stringify(parsePlatformFilter(query?.platforms ?? [])),
    sort: parseLibrarySort(query?.sort),
  };
}

function toLibraryViewDto(view: LibraryView): LibraryViewDto {
  return { id: view.id, name: view.name, query: storedQuery(view) };
}

export async function listLibraryViews(shopId: string): Promise<LibraryViewDto[]> {
  const views = await prisma.libraryView.findMany({ where: { shopId }, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
  return views.map(toLibraryViewDto);
}

async function requireView(shopId: string, viewId: string): Promise<LibraryView> {
  const view = await prisma.libraryView.findFirst({ where: { id: viewId, shopId } });
  if (!view) throw new RecordNotFoundError("View");
  return view;
}

async function nextPosition(shopId: string): Promise<number> {
  const last = await prisma.libraryView.aggregate({ where: { shopId }, _max: { position: true } });
  return (last._max.position ?? -1) + 1;
}

/** Writes a view; the unique (shopId, nameKey) key turns a racing duplicate into the same readable error. */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainValidationError(LIBRARY_TEXT.viewNameTaken(name));
    throw error;
  }
}

async function ensureNameFree(shopId: string, name: string, exceptViewId?: string) {
  const clash = await prisma.libraryView.findFirst({
    where: { shopId, nameKey: viewNameKey(name), ...(exceptViewId ? { id: { not: exceptViewId } } : {}) },
    select: { id: true },
  });
  if (clash) throw new DomainValidationError(LIBRARY_TEXT.viewNameTaken(name));
}

export async function createLibraryView(shopId: string, input: { name: string; query?: LibraryViewQueryInput }): Promise<LibraryViewDto> {
  const name = validViewName(input.name);
  await ensureNameFree(shopId, name);
  const view = await withUniqueName(name, async () =>
    prisma.libraryView.create({
      data: { shopId, name, nameKey: viewNameKey(name), position: await nextPosition(shopId), ...queryColumns(input.query) },
    }),
  );
  return toLibraryViewDto(view);
}

/**
 * Renames a view and/or saves new filters into it. A rename must change the
 * name (spec 5); changing only its case counts as a change.
 */
export async function updateLibraryView(shopId: string, viewId: string, input: { name?: string; query?: LibraryViewQueryInput }): Promise<LibraryViewDto> {
  const view = await requireView(shopId, viewId);
  const data: Partial<Pick<LibraryView, "name" | "nameKey" | "tab" | "search" | "platforms" | "sort">> = {};
  if (input.name !== undefined) {
    const name = validViewName(input.name);
    if (name === view.name) throw new DomainValidationError(LIBRARY_TEXT.viewNameUnchanged);
    await ensureNameFree(shopId, name, view.id);
    Object.assign(data, { name, nameKey: viewNameKey(name) });
  }
  if (input.query !== undefined) Object.assign(data, queryColumns(input.query));
  const updated = await withUniqueName(data.name ?? view.name, () => prisma.libraryView.update({ where: { id: view.id }, data }));
  return toLibraryViewDto(updated);
}

/** "<name> copy", then "<name> copy 2", ...; the base is shortened so the result fits in 40 characters. */
function duplicateViewName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " copy" : ` copy ${n}`;
    const base = [...name]
      .slice(0, VIEW_NAME_MAX_LENGTH - suffix.length)
      .join("")
      .trimEnd();
    const candidate = `${base}${suffix}`;
    if (!taken.has(viewNameKey(candidate))) return candidate;
  }
}

export async function duplicateLibraryView(shopId: string, viewId: string): Promise<LibraryViewDto> {
  const view = await requireView(shopId, viewId);
  const keys = await prisma.libraryView.findMany({ where: { shopId }, select: { nameKey: true } });
  const name = duplicateViewName(view.name, new Set(keys.map((row) => row.nameKey)));
  const copy = await withUniqueName(name, async () =>
    prisma.libraryView.create({
      data: {
        shopId,
        name,
        nameKey: viewNameKey(name),
        position: await nextPosition(shopId),
        tab: view.tab,
        search: view.search,
        platforms: view.platforms,
        sort: view.sort,
      },
    }),
  );
  return toLibraryViewDto(copy);
}

export async function deleteLibraryView(shopId: string, viewId: string): Promise<void> {
  const { count } = await prisma.libraryView.deleteMany({ where: { id: viewId, shopId } });
  if (!count) throw new RecordNotFoundError("View");
}
