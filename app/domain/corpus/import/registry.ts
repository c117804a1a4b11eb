import type { Database } from '~/db/client.server'
import { importTpu } from './formats/tpu'
import type { ImportFile, ImportResult } from './types'

export type Importer = {
  description: string
  run: (db: Database, files: ImportFile[]) => Promise<ImportResult>
}

/** `npm run import -- <format> <file...>`: every format the importer knows. */
export const IMPORTERS: Record<string, Importer> = {
  tpu: {
    description: 'Tabelas Processuais Unificadas do CNJ (classes, assuntos, movimentos) em CSV',
    run: importTpu,
  },
  // formats: one line per format, kept in alphabetical order
}
