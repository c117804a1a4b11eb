import type { ImportTarget } from '../store/target.server'
import { importConstituicao } from './formats/constituicao'
import { importDatajud } from './formats/datajud'
import { importDiario } from './formats/diario'
import { importDjen } from './formats/djen'
import { importDou } from './formats/dou'
import { importJurisprudencia } from './formats/jurisprudencia'
import { importTpu } from './formats/tpu'
import type { ImportFile, ImportResult } from './types'

export type { ImportTarget }

export type Importer = {
  description: string
  run: (target: ImportTarget, files: ImportFile[]) => Promise<ImportResult>
}

/** `npm run import -- <format> <file...>`: every format the importer knows. */
export const IMPORTERS: Record<string, Importer> = {
  constituicao: {
    description: 'Constituição Federal de 1988 (texto até a EC 108/2020, abjur/constituicao) em CSV',
    run: (target, files) => importConstituicao(target, files),
  },
  datajud: {
    description: 'Metadados de processos da API pública do DataJud (CNJ), resposta _search em JSON',
    run: (target, files) => importDatajud(target, files),
  },
  diario: {
    description:
      'Diários oficiais municipais (Querido Diário): texto extraído pelo Apache Tika (.txt) e metadados opcionais (.tika_metadata.json)',
    run: (target, files) => importDiario(target, files),
  },
  djen: {
    description: 'Comunicações do Diário de Justiça Eletrônico Nacional (API Comunica do CNJ) em JSON',
    run: (target, files) => importDjen(target, files),
  },
  dou: {
    description: 'Diário Oficial da União no XML do INLABS (uma matéria por arquivo)',
    run: (target, files) => importDou(target, files),
  },
  jurisprudencia: {
    description: 'Ementas de acórdãos do TJAL (conjunto de Lage-Freitas et al.) em CSV',
    run: (target, files) => importJurisprudencia(target.corpus, files),
  },
  tpu: {
    description: 'Tabelas Processuais Unificadas do CNJ (classes, assuntos, movimentos) em CSV',
    run: (target, files) => importTpu(target, files),
  },
  // formats: one line per format, kept in alphabetical order
}
