/**
 * Whether a value's JSON text would be longer than `budget` code units. The walk is iterative (depth
 * cannot overflow the stack) and stops as soon as the budget is spent, so a huge, deep or cyclic input
 * costs at most `budget` steps. Sizes follow `JSON.stringify` closely; values JSON cannot hold count as
 * `null`.
 */
export function exceedsJsonSize(value: unknown, budget: number): boolean {
  const pending: unknown[] = [value];
  let size = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      size += next.length + 2;
    } else if (typeof next === 'number') {
      size += String(next).length;
    } else if (typeof next === 'boolean') {
      size += next ? 4 : 5;
    } else if (Array.isArray(next)) {
      size += 2 + next.length;
      if (size > budget) return true;
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      size += 2;
      for (const key in next) {
        if (!Object.hasOwn(next, key)) continue;
        size += key.length + 4;
        if (size > budget) return true;
        pending.push((next as Record<string, unknown>)[key]);
      }
    } else {
      size += 4;
    }
    if (size > budget) return true;
  }
  return false;
}
