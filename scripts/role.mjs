// Grants or revokes a role (decisions/0048). Roles are never self-service: only someone with
// access to the database (this command) gives them, and each grant or revocation is written to
// the audit trail in the same statement batch.
//
//   npm run role -- grant <e-mail> revisor            local D1 (JURISEDGE_STATE or .wrangler/state)
//   npm run role -- revoke <e-mail> revisor
//   npm run role -- list
//   npm run role -- grant <e-mail> revisor --remote   production D1 (wrangler.toml [env.production])
import { spawnSync } from 'node:child_process'
import { persistArgs } from './lib/state.mjs'

const ROLES = ['revisor']
const args = process.argv.slice(2)
const remote = args.includes('--remote')
const [command, email, role] = args.filter((arg) => arg !== '--remote')

function fail(message) {
  console.error(`role: ${message}`)
  console.error(
    'uso: npm run role -- grant|revoke <e-mail> revisor [--remote]  |  npm run role -- list [--remote]',
  )
  process.exit(1)
}

function d1(sql) {
  const target = remote ? ['--remote', '--env', 'production'] : ['--local', ...persistArgs([])]
  const result = spawnSync(
    'node_modules/.bin/wrangler',
    ['d1', 'execute', 'DB', ...target, '--json', '--command', sql],
    { encoding: 'utf8' },
  )
  if (result.status !== 0) fail(`o banco recusou o comando.\n${result.stderr || result.stdout}`)
  return JSON.parse(result.stdout)
}

if (command === 'list') {
  const [answer] = d1(
    "SELECT u.email, r.role, datetime(r.granted_at / 1000, 'unixepoch') AS granted FROM user_roles r JOIN users u ON u.id = r.user_id ORDER BY r.granted_at",
  )
  console.table(answer?.results ?? [])
  process.exit(0)
}
if (command !== 'grant' && command !== 'revoke') fail('comando desconhecido.')
// Checked here, so the values are safe to write into the SQL text.
if (!/^[^\s@'"\\;]+@[^\s@'"\\;]+$/.test(email ?? '')) fail('informe um e-mail válido.')
if (!ROLES.includes(role)) fail(`papel desconhecido (conhecidos: ${ROLES.join(', ')}).`)
const address = email.toLowerCase()
const user = `(SELECT id FROM users WHERE email = '${address}' AND merged_into_id IS NULL)`
const [found] = d1(`SELECT id FROM users WHERE email = '${address}' AND merged_into_id IS NULL`)
if (!found?.results?.length) fail(`nenhuma conta com o e-mail ${address}.`)
const change =
  command === 'grant'
    ? `INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (${user}, '${role}')`
    : `DELETE FROM user_roles WHERE user_id = ${user} AND role = '${role}'`
const action = command === 'grant' ? 'conceder' : 'revogar'
d1(`${change}; INSERT INTO audit_log (actor_id, subject_kind, subject_id, action, reason, details)
  SELECT NULL, 'papel', ${user}, '${action}', 'npm run role${remote ? ' --remote' : ''}', json_object('role', '${role}') WHERE changes() = 1;`)
console.log(
  `role: ${command === 'grant' ? 'concedido' : 'revogado'} o papel ${role} para ${address}${remote ? ' (produção)' : ''}.`,
)
