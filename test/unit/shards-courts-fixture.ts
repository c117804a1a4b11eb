import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'

// Three courts' case law, one shard each in CORPUS_1…3 (each in its own id range, as the shard
// map allocates them); the fourth binding holds every decision as one database would
// (decisions/0082, 0114).

export const COURTS = ['TJSP', 'TJRJ', 'STJ'] as const
export const BINDINGS = ['CORPUS_1', 'CORPUS_2', 'CORPUS_3'] as const

export const COURTS_MAP: ShardMap = {
  version: 1,
  entries: COURTS.map((court, i) => ({
    shard: i + 1,
    family: `jurisprudencia:${court.toLowerCase()}`,
    from: '',
    to: '~',
    idFrom: (i + 1) * SHARD_SPAN,
    idTo: (i + 2) * SHARD_SPAN,
    binding: BINDINGS[i] as string,
  })),
}
