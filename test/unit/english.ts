/**
 * English a person must never read: zod's and Hono's default texts, JavaScript errors, HTTP
 * reason phrases. Whole words only, so Portuguese ("inválido", "itens", "caracteres") passes.
 */
const ENGLISH =
  /\b(expected|received|invalid|too (small|big|long|short)|must|should|string|number|boolean|required|unexpected|undefined|null|NaN|object|array|failed|malformed|bad request|unsupported|payload|not found|forbidden|unauthorized|internal server|method not allowed|input|characters?|items|greater|less than|cannot|unknown|error)\b/i

export function englishIn(message: string): string | null {
  return ENGLISH.exec(message)?.[0] ?? null
}

/** A stack trace or an engine's own words in an answer. */
export const STACK = /\bat [\w.<>]+ \(|\.(ts|js):\d+:\d+|TypeError|SyntaxError|ZodError|D1_ERROR|SQLITE_/

/** The messages an answer shows: JSON `message`, `errors`, `fields`; an HTML page's title. */
export async function visibleMessages(response: Response): Promise<{ messages: string[]; raw: string }> {
  const raw = await response.text()
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      const body = JSON.parse(raw) as Record<string, unknown>
      const messages: string[] = []
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        if (typeof body.message === 'string') messages.push(body.message)
        if (Array.isArray(body.errors))
          messages.push(...body.errors.filter((e): e is string => typeof e === 'string'))
        if (body.fields && typeof body.fields === 'object')
          messages.push(...Object.values(body.fields).filter((e): e is string => typeof e === 'string'))
      }
      return { messages, raw }
    } catch {
      return { messages: [raw], raw }
    }
  }
  if (type.includes('html')) {
    const title = /<title>([^<]*)<\/title>/.exec(raw)?.[1]
    return { messages: title ? [title] : [], raw }
  }
  return { messages: raw ? [raw] : [], raw }
}
