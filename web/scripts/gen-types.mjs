// `npm run gen:types`: the API payload types, generated from the gateway's merged OpenAPI.
// Source: ../proto-contracts/openapi/gateway.json (written by `make contracts`), or CONTRACTS_SOURCE
// (a file or an http(s) URL such as a running identity's /openapi.json) while a service is being built.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const source = process.env.CONTRACTS_SOURCE ?? resolve(here, '../../proto-contracts/openapi/gateway.json')
const output = resolve(here, '../../proto-contracts/ts/api.d.ts')

if (!/^https?:/.test(source) && !existsSync(source)) {
  console.error(`gen:types: ${source} does not exist; run \`make contracts\` first`)
  process.exit(1)
}
mkdirSync(dirname(output), { recursive: true })
const bin = resolve(here, '../node_modules/.bin/openapi-typescript')
const result = spawnSync(bin, [source, '--output', output, '--root-types', '--root-types-no-schema-prefix'], {
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
