/**
 * Leaving a page with unsaved changes (BFS 4.1.5): App Bridge asks the
 * merchant to leave or stay while a save bar shows. The promise resolves when
 * nothing is unsaved or the merchant chose to leave; when they stay it never
 * resolves, so whatever waits on it simply does not happen.
 */
type SaveBarApi = { leaveConfirmation?: () => Promise<void> };

export async function confirmLeavingUnsaved(): Promise<void> {
  const saveBar = (globalThis as { shopify?: { saveBar?: SaveBarApi } }).shopify?.saveBar;
  if (saveBar?.leaveConfirmation) await saveBar.leaveConfirmation();
}
