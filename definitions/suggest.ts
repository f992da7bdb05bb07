/** "Did you mean": the closest known name by edit distance. */

/** Levenshtein distance between two strings, case-insensitive. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The candidate closest to `name`, if it is close enough to be a plausible typo. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(name.length / 2));
  return bestDistance <= limit ? best : undefined;
}

/** A hint naming the closest candidate, else listing them (when few), else nothing. */
export function suggestion(name: string, candidates: readonly string[], noun = 'names'): string | undefined {
  const near = closest(name, candidates);
  if (near !== undefined) return `did you mean "${near}"?`;
  if (candidates.length === 0) return undefined;
  if (candidates.length <= 12) return `valid ${noun}: ${candidates.join(', ')}`;
  return undefined;
}
