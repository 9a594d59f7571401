/**
 * Pure rules of "Tag suggested products", the library's bulk review of product
 * suggestions (decisions 053, 069). Client-safe, no React.
 */

/** A suggestion's match as the merchant reads it ("59% match"). */
export function matchPercent(score: number): number {
  return Math.round(score * 100);
}

/**
 * The suggestions of one video the review offers unchecked: every one whose
 * match equals an earlier (better or equal ranked) one's. Equal matches are
 * namesakes the engine cannot tell apart (three "Denim Jacket"s at 59%); a
 * video shows one of them, so the first stays checked and the others are
 * offered for the merchant to pick instead. Suggestions come best first.
 */
export function namesakesLeftUnchecked(suggestions: ReadonlyArray<{ id: string; score: number }>): string[] {
  const seen = new Set<number>();
  const unchecked: string[] = [];
  for (const suggestion of suggestions) {
    const percent = matchPercent(suggestion.score);
    if (seen.has(percent)) unchecked.push(suggestion.id);
    else seen.add(percent);
  }
  return unchecked;
}
