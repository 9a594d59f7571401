/**
 * The app's DTOs as the browser receives them, with every field at its
 * "nothing yet" value: a test names only the fields its case is about.
 */
import { eventMeasures, type ChannelDto, type ImportJobDto } from "~/rules/api-types";
import type { PerformanceFigures } from "~/rules/performance-ranking";

/** A channel import of @creator on TikTok, running, nothing fetched yet. */
export function importJob(changes: Partial<ImportJobDto> = {}): ImportJobDto {
  return {
    id: "job-1",
    kind: "channel",
    platform: "tiktok",
    input: "creator",
    channel_id: null,
    status: "running",
    progress: { fetched: 0, saved: 0, total: null },
    videos_added: 0,
    error: null,
    started_at: null,
    finished_at: null,
    ...changes,
  };
}

/** A connected account, never synced, without a profile picture or follower count. */
export function connectedAccount(changes: Partial<ChannelDto> & Pick<ChannelDto, "platform" | "username">): ChannelDto {
  return {
    id: `channel-${changes.username}`,
    display_name: null,
    avatar_url: null,
    follower_count: null,
    last_synced_at: null,
    last_sync_error: null,
    ...changes,
  };
}

/** A video's or a widget's Analytics figures: nothing seen, nothing sold, no rate to show. */
export function performanceFigures(values: Partial<PerformanceFigures> = {}): PerformanceFigures {
  return {
    // Every beacon event's figure at 0, from the events' registry (decision 075).
    ...eventMeasures(() => 0, "video"),
    clicks: 0,
    play_rate: null,
    average_watch_ms: null,
    click_through_rate: null,
    orders: 0,
    revenue: 0,
    ...values,
  };
}
