export type Cron = { expression: string; matches(date: Date): boolean }
export type FireResult = { ok: boolean; status: number; outcome: string }
export function readCrons(path?: string): string[]
export function parseCron(expression: string): Cron
export function nextFire(cron: Cron, after: number): number
export function portOf(args: readonly string[], fallback?: number): number
export function fire(port: number, cron: string, time?: number): Promise<FireResult>
export function tickLine(expression: string, time: number, result: FireResult, ms: number): string
