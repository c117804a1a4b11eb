import { describe, expect, it } from 'vitest'
import { parseServerTiming, workerTiming } from '../../scripts/bench/server-timing'

// The bench's reader of the Worker's Server-Timing header (scripts/bench, issue 18). Pure, so it
// runs here in workerd as it runs in Node.
describe('Server-Timing parser', () => {
  it('reads metrics, durations and descriptions as token or quoted-string', () => {
    expect(parseServerTiming('total;dur=12.5, db;dur=3, render;dur=4.25, cache;desc=hit')).toEqual([
      { name: 'total', dur: 12.5, desc: null },
      { name: 'db', dur: 3, desc: null },
      { name: 'render', dur: 4.25, desc: null },
      { name: 'cache', dur: null, desc: 'hit' },
    ])
    expect(workerTiming('cache;desc="hit", total;dur=1.2')).toEqual({
      total: 1.2,
      db: null,
      dbCalls: null,
      render: null,
      cache: 'hit',
    })
  })

  it('reads the D1 round trips from the db metric', () => {
    expect(workerTiming('db;dur=8.5;desc="3 consultas", total;dur=10')).toMatchObject({
      db: 8.5,
      dbCalls: 3,
    })
    expect(workerTiming('db;dur=1;desc="1 consulta", total;dur=2')?.dbCalls).toBe(1)
    expect(workerTiming('db;dur=1;desc=lenta, total;dur=2')?.dbCalls).toBeNull()
    expect(workerTiming('total;dur=2')?.dbCalls).toBeNull()
  })

  it('tolerates spaces, case, escapes, commas in quotes and several joined headers', () => {
    const metrics = parseServerTiming(' total ; DUR = 7 ; desc="a, \\"b\\"" ,cache; desc = "MISS"')
    expect(metrics).toEqual([
      { name: 'total', dur: 7, desc: 'a, "b"' },
      { name: 'cache', dur: null, desc: 'MISS' },
    ])
    expect(workerTiming(' total ; DUR = 7, cache; desc = "MISS"')?.cache).toBe('miss')
  })

  it('keeps the first dur and desc, ignores unknown parameters, skips malformed parts', () => {
    expect(parseServerTiming('total;dur=5;dur=9;foo=bar;desc=x;desc=y')).toEqual([
      { name: 'total', dur: 5, desc: 'x' },
    ])
    expect(parseServerTiming('total;dur=abc, ;dur=3, db;dur=2 garbage "x,y", cache;desc=bypass')).toEqual([
      { name: 'total', dur: null, desc: null },
      { name: 'db', dur: 2, desc: null },
      { name: 'cache', dur: null, desc: 'bypass' },
    ])
  })

  it('gives no timing without a readable total', () => {
    for (const header of [null, undefined, '', 'db;dur=3', 'total', 'total;dur=', 'total;desc=x'])
      expect(workerTiming(header), String(header)).toBeNull()
    expect(parseServerTiming('"unterminated')).toEqual([])
  })
})
