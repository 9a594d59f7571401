import { vi } from "vitest";

/**
 * The browser API calls the Import dialog makes, as mocks for
 * `vi.mock("~/browser/api-client", ...)`: no account connected, no import
 * running, and an import job's read that never answers unless a test says so.
 */
export function importDialogApiMock() {
  return {
    ApiError: class extends Error {},
    fetchActiveImportJobs: vi.fn(() => Promise.resolve([])),
    fetchConnectedAccounts: vi.fn(() => Promise.resolve({ channels: [], autoSync: false })),
    fetchImportJob: vi.fn(() => new Promise(() => undefined)),
    importChannel: vi.fn(),
    importLinks: vi.fn(),
    importSingleVideo: vi.fn(),
    deleteChannel: vi.fn(),
    syncChannel: vi.fn(),
    cancelImportJob: vi.fn(),
  };
}
