/**
 * Keeps the reader's discrete events (keys, presses, focus, input) from React while it hydrates
 * the document, as they were before it loaded: their default actions still happen (a link
 * navigates, a field takes the character), and on a page the edge keeps, the bootstrap holds a
 * press that needs the application and replays it after (decisions/0040).
 *
 * Why: React 18 answers a discrete event on a root still hydrating by hydrating it at once, and
 * the Suspense boundaries Remix streams its data in (after `</html>`) then stop that render with
 * "Root did not complete" (minified error #345): the page never hydrated. The key-up or
 * pointer-up of the very intent that started the load was enough once the modules were cached
 * (decisions/0044).
 */
/**
 * Every event React 18 hydrates the root at once for (react-dom's `discreteReplayableEvents`,
 * read by test/unit/hydration-guard.test.ts), and the focus and form events around them. Chrome's
 * `textInput` comes with every typed character: missing it, typing while the page hydrated
 * still broke it (decisions/0044).
 */
export const DISCRETE = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'textInput',
  'input',
  'change',
  'pointerdown',
  'pointerup',
  'pointercancel',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
  'auxclick',
  'contextmenu',
  'touchstart',
  'touchend',
  'touchcancel',
  'focusin',
  'focusout',
  'submit',
  'reset',
  'compositionstart',
  'compositionend',
  'paste',
  'cut',
  'copy',
  'dragstart',
  'dragend',
  'drop',
]

/** Until the root layout marks the page hydrated (`data-hydrated`), then it removes itself. */
export function guardHydration(): void {
  const root = document.documentElement
  const guard = (event: Event) => {
    if (root.dataset.hydrated) {
      for (const type of DISCRETE) removeEventListener(type, guard, true)
      return
    }
    // Window, capture phase: before React's listeners on the document, and not the default action.
    event.stopPropagation()
    if (event.type === 'submit') focusEmptySearch(event)
  }
  for (const type of DISCRETE) addEventListener(type, guard, true)
}

/**
 * Spec §4: an empty search focuses its box and sends nothing. The search form does it once
 * hydrated and the bootstrap before (decisions/0056); this covers the moments in between.
 */
function focusEmptySearch(event: Event) {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-suggest')) return
  const field = form.elements.namedItem('q')
  if (!(field instanceof HTMLInputElement) || field.value.trim()) return
  event.preventDefault()
  field.focus()
}
