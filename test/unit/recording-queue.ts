/**
 * A Queue that keeps what it is given instead of delivering it, so a test can deliver the
 * messages itself (under injected faults) or read the delay each one asked for.
 */
export function recordingQueue() {
  const sent: unknown[] = []
  const delays: (number | undefined)[] = []
  const queue = {
    send: async (body: unknown, options?: { delaySeconds?: number }) => {
      sent.push(body)
      delays.push(options?.delaySeconds)
    },
    sendBatch: async (messages: Iterable<{ body: unknown; delaySeconds?: number }>) => {
      for (const m of messages) {
        sent.push(m.body)
        delays.push(m.delaySeconds)
      }
    },
  } as unknown as Queue
  /** Forgets what was sent so far (a test reading one step at a time). */
  const clear = () => {
    sent.length = 0
    delays.length = 0
  }
  return { sent, delays, queue, clear }
}
