/** The files whose calls have not moved onto the registry yet (decisions/0070). */
export const NOT_MOVED: string[]
export function endpointStrings(root?: string): Map<string, string[]>
export function problems(found: Map<string, string[]>, notMoved?: string[]): string[]
