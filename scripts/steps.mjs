// `npm test`: runs the given npm scripts in order, stops at the first failure, and prints how
// long each took (and a summary at the end, also when one failed). Scripts joined by `+` run at
// the same time (e.g. the unit tests while the e2e database is built: decisions/0069); the step
// ends when all of them have, and fails if any did.
//   node scripts/steps.mjs typecheck lint build test:unit+prepare:e2e test:e2e
import { spawn } from 'node:child_process'

const steps = process.argv.slice(2)
const times = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function summary(failed) {
  console.log('\nTempo de cada passo:')
  for (const [step, ms] of times) console.log(`  ${step.padEnd(22)} ${seconds(ms).padStart(9)}`)
  const total = times.reduce((sum, [, ms]) => sum + ms, 0)
  console.log(
    `  ${'total'.padEnd(22)} ${seconds(total).padStart(9)}${failed ? `  (falhou em ${failed})` : ''}`,
  )
}

/** Runs one npm script; resolves with its exit status and prints its own time. */
function runScript(script) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit' })
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0)
      console.log(`\n== ${script}: ${seconds(Date.now() - started)}${status === 0 ? '' : ' (falhou)'}\n`)
      resolve(status)
    })
  })
}

for (const step of steps) {
  const started = Date.now()
  const statuses = await Promise.all(step.split('+').map(runScript))
  times.push([step, Date.now() - started])
  const failed = statuses.find((status) => status !== 0)
  if (failed !== undefined) {
    summary(step)
    process.exit(failed)
  }
}
summary()
