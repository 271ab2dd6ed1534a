// The SPA's security headers for the web image's nginx, from the built index.html: the same
// Content-Security-Policy the gateway sends when it serves the page (gateway/src/gateway/spa.py; a test keeps
// the two equal), with the sha256 of each inline script this build wrote. Prints an nginx snippet that every
// location of web-nginx.conf includes (an add_header in a location hides the server's).
//   node deploy/docker/security-headers.mjs web/dist/index.html [--policy]
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

const page = readFileSync(process.argv[2])
const text = page.toString('latin1')
const hashes = [...text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
  .map((match) => Buffer.from(match[1], 'latin1'))
  .filter((script) => script.toString('latin1').trim())
  .map((script) => ` 'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  .join('')
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval'${hashes}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com',
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

if (process.argv.includes('--policy')) {
  process.stdout.write(policy)
} else {
  process.stdout.write(
    [
      `add_header Content-Security-Policy "${policy}" always;`,
      'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
      'add_header X-Content-Type-Options "nosniff" always;',
      '',
    ].join('\n'),
  )
}
