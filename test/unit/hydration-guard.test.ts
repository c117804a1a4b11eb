import { describe, expect, it } from 'vitest'
import { DISCRETE } from '~/lib/hydration-guard'
import reactDom from '../../node_modules/react-dom/cjs/react-dom.production.min.js?raw'

// React 18 hydrates a root at once when one of these events reaches it while it hydrates, and a
// page whose data is still streaming then never hydrates (minified error #345, decisions/0044).
// The guard keeps them from React until the page is hydrated: it must know every one of them.
describe('the hydration guard', () => {
  it('holds back every event React would hydrate the root at once for', () => {
    const list = reactDom.match(/"(mousedown mouseup touchcancel[a-zA-Z ]+)"/)?.[1]
    expect(list, "react-dom's list of discrete replayable events").toBeTruthy()
    const reacts = (list ?? '').split(' ')
    expect(reacts).toContain('textInput')
    expect(reacts.filter((type) => !DISCRETE.includes(type))).toEqual([])
  })
})
