/**
 * Many links at once in the URL import (issue 16, decision 056): reading the
 * pasted text as links, one per line, before anything is sent, and the result
 * of each link once the job ran. Client-safe and pure: the Import modal checks
 * with it, the server checks again (it never trusts the browser).
 */
import { IMPORT_LINKS_MAX } from "~/constants";
import { IMPORT_LINKS_TEXT } from "~/messages";
import { parseVideoUrl, platformOfLink } from "~/rules/platform-urls";
import type { PlatformId } from "~/contracts/platforms";

/** pending: not reached yet; already: the library had it. */
export type LinkStatus = "pending" | "added" | "already" | "failed";

/** One pasted link of a links job and what became of it. */
export interface LinkResult {
  url: string;
  /** The platform its host belongs to; null for other websites. */
  platform: PlatformId | null;
  status: LinkStatus;
  /** Why it failed, in plain words (a platform's own words are third-party text: shown as text only). */
  reason: string | null;
}

export interface PastedLinks {
  /** Distinct links in the order pasted, trimmed. */
  links: string[];
  /** Lines left out because they repeat an earlier link. */
  duplicates: number;
  /** 1-based numbers of the lines that are not links. */
  invalidLines: number[];
}

/** A line that can be sent as a link: an http(s) URL with a host name. Whether it is a video is the platform's call. */
export function isWebLink(line: string): boolean {
  let url: URL;
  try {
    url = new URL(line);
  } catch {
    return false;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !/\s/.test(line);
}

/**
 * What makes two links the same: the same post of the same platform (links
 * that differ only by tracking parameters or the account in the path), else
 * the same text.
 */
export function linkKey(link: string): string {
  const platform = platformOfLink(link);
  const videoId = platform ? parseVideoUrl(platform, link)?.videoId : null;
  return platform && videoId ? `${platform}:${videoId}` : link;
}

/** The pasted text as links: blank lines skipped, repeats collapsed, lines that are not links noted. */
export function readPastedLinks(text: string): PastedLinks {
  const links: string[] = [];
  const seen = new Set<string>();
  const invalidLines: number[] = [];
  let duplicates = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    if (!isWebLink(line)) {
      invalidLines.push(index + 1);
      return;
    }
    const key = linkKey(line);
    if (seen.has(key)) {
      duplicates += 1;
      return;
    }
    seen.add(key);
    links.push(line);
  });
  return { links, duplicates, invalidLines };
}

/** Why the pasted links cannot be sent, or null when they can: a line that is not a link, or too many links. */
export function pastedLinksProblem(pasted: PastedLinks): string | null {
  if (pasted.invalidLines.length) return IMPORT_LINKS_TEXT.notLinks(pasted.invalidLines);
  if (pasted.links.length > IMPORT_LINKS_MAX) return IMPORT_LINKS_TEXT.tooMany(pasted.links.length);
  return null;
}

export interface LinkTally {
  added: number;
  already: number;
  failed: number;
  pending: number;
  /** Links with a result (added, already or failed). */
  done: number;
}

export function tallyLinks(results: readonly LinkResult[]): LinkTally {
  const tally = { added: 0, already: 0, failed: 0, pending: 0, done: 0 };
  for (const result of results) tally[result.status] += 1;
  tally.done = tally.added + tally.already + tally.failed;
  return tally;
}

/** A links job's stored results (JSON written by the server); anything malformed is left out. */
export function parseLinkResults(json: string | null | undefined): LinkResult[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is LinkResult =>
      !!entry &&
      typeof entry === "object" &&
      typeof (entry as LinkResult).url === "string" &&
      ["pending", "added", "already", "failed"].includes((entry as LinkResult).status),
  );
}
