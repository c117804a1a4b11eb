// Bundles the production Worker exactly as `wrangler deploy --env production` would (dry run,
// nothing uploaded) and fails if any development route's code is in it (decisions/0021). The
// markers are the dev routers' own paths and helpers; the production code may still name the
// stand-ins' paths (guarded by isLocalDev) and the Remix build keeps the gallery page (404 there).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MARKERS = [
  '/__dev/entrar',
  '/__dev/emails',
  '/__dev/notificacoes',
  'dev-oidc:key',
  'gov.br de teste',
  'Provedor de identidade de teste',
  '/__dev/papeis',
  'Caixa de e-mails de desenvolvimento',
  'falha simulada pela galeria',
  'readMailbox',
  'standInVerdict',
  // The public sources' stand-ins (decisions/0101).
  '/__dev/fontes/falha',
  '/__dev/djen/comunicacoes',
  '/__dev/querido-diario/diarios',
  '/__dev/inlabs/materias',
  'Fontes públicas de teste',
]

const outdir = mkdtempSync(join(tmpdir(), 'jurisedge-bundle-'))
try {
  const result = spawnSync(
    'node_modules/.bin/wrangler',
    ['deploy', '--env', 'production', '--dry-run', '--outdir', outdir],
    { encoding: 'utf8' },
  )
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr)
    console.error('check-production-bundle: o empacotamento de produção falhou.')
    process.exit(1)
  }
  const code = readdirSync(outdir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(outdir, name), 'utf8'))
    .join('\n')
  const found = MARKERS.filter((marker) => code.includes(marker))
  if (found.length) {
    console.error(
      `check-production-bundle: código de desenvolvimento no pacote de produção: ${found.join(', ')}`,
    )
    process.exit(1)
  }
  console.log('check-production-bundle: nenhuma rota de desenvolvimento no pacote de produção.')
} finally {
  rmSync(outdir, { recursive: true, force: true })
}
