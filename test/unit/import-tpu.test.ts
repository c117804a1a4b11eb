import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tpuClasses, tpuMovements, tpuSubjects } from '~/db/schema-corpus'
import { importTpu, parseTpu } from '~/domain/corpus/import/formats/tpu'
import { stripBom } from '~/domain/corpus/import/text'
import { deps } from './helpers'
import { sharedFile } from './shared-data'

const file = (path: string) => ({ name: path.split('/').pop() ?? path, content: stripBom(sharedFile(path)) })

describe('tpu importer (CNJ TPU CSVs)', () => {
  it('reads classes, assuntos and movimentos with their hierarchy', () => {
    const classes = parseTpu(file('tpu/tpu-classes.csv'))
    expect(classes.kind).toBe('classes')
    expect(classes.rows).toHaveLength(834)
    expect(classes.rows.find((r) => r.code === 7)?.name).toBe('PROCEDIMENTO COMUM CÍVEL')
    expect(parseTpu(file('tpu/tpu-assuntos.csv')).rows).toHaveLength(5415)
    const moves = parseTpu(file('tpu/tpu-movimentos-julgamento.csv'))
    expect(moves.kind).toBe('movimentos')
    expect(moves.rows.find((r) => r.code === 193)?.name).toMatch(/^Julgamento/i)
  })

  it('loads all three into D1, and a second import changes nothing', async () => {
    const db = deps().db
    const files = ['tpu/tpu-classes.csv', 'tpu/tpu-assuntos.csv', 'tpu/tpu-movimentos-julgamento.csv'].map(
      file,
    )
    const first = await importTpu(db, files)
    expect(first.issues).toEqual([])
    expect(first.counts.imported).toBe(834 + 5415 + 283)
    const [procedimento] = await db.select().from(tpuClasses).where(eq(tpuClasses.code, 7))
    expect(procedimento?.name).toBe('PROCEDIMENTO COMUM CÍVEL')
    expect(procedimento?.path).not.toBe('')
    expect((await db.select().from(tpuSubjects)).length).toBe(5415)
    expect((await db.select().from(tpuMovements)).length).toBe(283)

    const again = await importTpu(db, files)
    expect(again.counts).toEqual({ imported: 0, updated: 0, unchanged: 834 + 5415 + 283, skipped: 0 })
  })

  it('skips bad rows with file, position and reason, and imports the rest', async () => {
    const content =
      '"codnivel1","codnivel2","codnivel3","codnivel4","codnivel5","codclasse","descclasse"\n"2","NULL","NULL","NULL","NULL","abc","SEM CÓDIGO"\n"2","NULL","NULL","NULL","NULL","999001",""\n"2","NULL","NULL","NULL","NULL","999002","CLASSE DE TESTE"\n'
    const result = await importTpu(deps().db, [{ name: 'ruim.csv', content }])
    expect(result.counts).toMatchObject({ imported: 1, skipped: 2 })
    expect(result.issues).toEqual([
      { file: 'ruim.csv', position: 'linha 2', reason: 'código inválido: "abc"' },
      { file: 'ruim.csv', position: 'linha 3', reason: 'descrição vazia' },
    ])
  })
})
