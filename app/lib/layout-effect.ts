import { useEffect, useLayoutEffect } from 'react'

/**
 * A layout effect in the browser, a plain (unused) effect on the server, where React warns about
 * layout effects. For a field's state that follows what the reader typed before the page hydrated
 * (decisions/0040): set in the hydration's own commit, it is in place before any later render
 * (the focus the root layout replays is a synchronous one) could write an older value back over
 * the field and lose keys (decisions/0056).
 */
export const useHydrationLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
