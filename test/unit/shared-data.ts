import { inject } from 'vitest'

declare module 'vitest' {
  interface ProvidedContext {
    sharedDataDir: string
    sharedData: Record<string, string>
  }
}

/**
 * Text of a real sample from ../shared/data (see its SOURCES.md), BOM kept as in the file.
 * Fails with a clear message when the folder is not next to the repository.
 */
export function sharedFile(path: string): string {
  const files = inject('sharedData')
  const content = files[path]
  if (content === undefined) {
    throw new Error(
      Object.keys(files).length === 0
        ? `Os dados de exemplo não foram encontrados em ${inject('sharedDataDir')}. Os testes dos importadores leem as amostras reais de ../shared/data (ou de SHARED_DATA_DIR).`
        : `Arquivo de exemplo ausente em shared/data: ${path}`,
    )
  }
  return content
}

export function sharedFiles(prefix: string): { name: string; content: string }[] {
  return Object.entries(inject('sharedData'))
    .filter(([path]) => path.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, content]) => ({ name: path.split('/').pop() ?? path, content }))
}
