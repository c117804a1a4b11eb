/** Spec §9: the header hides only past 65 px, on moves larger than 5 px, checked every 250 ms. */
export const HEADER_HIDE_AFTER_PX = 65
export const HEADER_SCROLL_DELTA_PX = 5
export const HEADER_CHECK_INTERVAL_MS = 250

/**
 * Decides the header's visibility from the last checked and current scroll positions. Moves of
 * at most 5 px change nothing; scrolling down past 65 px hides it, any real scroll up shows it.
 */
export function nextHeaderHidden(hidden: boolean, lastY: number, y: number): boolean {
  if (Math.abs(y - lastY) <= HEADER_SCROLL_DELTA_PX) return hidden
  if (y > lastY && y > HEADER_HIDE_AFTER_PX) return true
  if (y < lastY) return false
  return hidden
}
