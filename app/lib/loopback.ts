/** A host name (no port) that can only be this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]'
}
