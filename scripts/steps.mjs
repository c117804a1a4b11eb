// `npm test`: runs the given npm scripts in order, stops at the first failure, and prints how
// long each took (and a summary at the end, also when one failed).
//   node scripts/steps.mjs typecheck lint build …
import { spawnSync } from 'node:child_process'

const steps = process.argv.slice(2)
const times = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function summary(failed) {
  console.log('\nTempo de cada passo:')
  for (const [step, ms] of times) console.log(`  ${step.padEnd(18)} ${seconds(ms).padStart(9)}`)
  const total = times.reduce((sum, [, ms]) => sum + ms, 0)
  console.log(
    `  ${'total'.padEnd(18)} ${seconds(total).padStart(9)}${failed ? `  (falhou em ${failed})` : ''}`,
  )
}

for (const step of steps) {
  const started = Date.now()
  const result = spawnSync(npm, ['run', step], { stdio: 'inherit' })
  times.push([step, Date.now() - started])
  console.log(`\n== ${step}: ${seconds(Date.now() - started)}${result.status === 0 ? '' : ' (falhou)'}\n`)
  if (result.status !== 0) {
    summary(step)
    process.exit(result.status ?? 1)
  }
}
summary()
