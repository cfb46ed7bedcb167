/**
 * String lengths in JSON Schema count code points (2020-12 Validation §6.3.1), not UTF-16 code units:
 * "😀" is one character. A lone surrogate counts as one.
 */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/** Whether `text` has more than `max` code points; counts only when the UTF-16 length leaves it open. */
export function isLongerThan(text: string, max: number): boolean {
  return text.length > max && codePointLength(text) > max;
}

/** Whether `text` has fewer than `min` code points; counts only when the UTF-16 length leaves it open. */
export function isShorterThan(text: string, min: number): boolean {
  if (text.length < min) return true;
  if (Math.ceil(text.length / 2) >= min) return false;
  return codePointLength(text) < min;
}
