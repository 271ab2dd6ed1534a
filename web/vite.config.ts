/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { createServer, defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn, type Rolldown } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const api = process.env.CYPHER_API ?? 'http://localhost:18380'

const ALIASES = {
  '@contracts-data': fileURLToPath(new URL('../proto-contracts/data', import.meta.url)),
  '@contracts': fileURLToPath(new URL('../proto-contracts/ts', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
}

/**
 * Every text file of the build (and the QR reader's wasm) also as `<file>.gz` (level 9), for a server that sends precompressed files
 * (the gateway's SPA handler does when the browser accepts gzip; nginx's gzip_static likewise).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'cypher-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string) => {
          for (const name of readdirSync(dir)) {
            const path = join(dir, name)
            if (statSync(path).isDirectory()) walk(path)
            else if (/\.(js|css|html|svg|json|webmanifest|txt|wasm)$/.test(name)) {
              const data = readFileSync(path)
              if (data.length > 1024) writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }))
            }
          }
        }
        walk(outDir)
      },
    },
  }
}

/** Entry screens prerendered for guests (see src/prerender.tsx). */
const PRERENDERED = ['/', '/login', '/signup']

/** The guest snapshots of the entry screens, rendered with the app's own components (Vite SSR). */
async function prerenderSnapshots(): Promise<Record<string, string>> {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    resolve: { alias: ALIASES },
    plugins: [react()],
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const { render } = (await server.ssrLoadModule('/src/prerender.tsx')) as { render: (path: string) => Promise<string> }
    const snapshots: Record<string, string> = {}
    for (const path of PRERENDERED) snapshots[path] = await render(path)
    return snapshots
  } finally {
    await server.close()
  }
}

/** Screens whose code starts downloading with the first byte of the page, next to the entry (no waterfall). */
const PRELOADED_ROUTES: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  '/login': 'src/app/routes/login.tsx',
  '/signup': 'src/app/routes/signup.tsx',
  '/reset-password': 'src/app/routes/reset-password.tsx',
  '/magic-link': 'src/app/routes/magic-link.tsx',
  '/profile-setting': 'src/app/routes/profile-setting.tsx',
  '/profile/': 'src/app/routes/profile.tsx',
  '/faq': 'src/app/routes/faq.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/policy': 'src/app/routes/policy.tsx',
}

/**
 * Adds a tiny inline script that preloads the chunks of the screen being opened (exact path, or a prefix
 * ending in '/'), so the route's code loads in parallel with the entry instead of after it.
 */
function preloadRouteChunks(): Plugin {
  return {
    name: 'cypher-preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
        const entry = chunks.find((chunk) => chunk.isEntry)
        const inEntry = new Set<string>()
        const collect = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return
          into.add(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type === 'chunk') chunk.imports.forEach((name) => collect(name, into))
        }
        if (entry) collect(entry.fileName, inEntry)
        // the app itself: boot.ts imports main.tsx dynamically, after the first paint
        const app = chunks.find((item) => item.facadeModuleId?.endsWith('src/main.tsx'))
        const appFiles = new Set<string>()
        if (app) collect(app.fileName, appFiles)
        appFiles.forEach((file) => inEntry.add(file))
        const map: Record<string, string[]> = {}
        for (const [path, source] of Object.entries(PRELOADED_ROUTES)) {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(source))
          if (!chunk) continue
          const files = new Set<string>()
          collect(chunk.fileName, files)
          map[path] = [...files].filter((file) => !inEntry.has(file)).map((file) => `/${file}`)
        }
        // Nothing is fetched before the first paint (a preload would hold it back): the page keeps the list and
        // boot.ts preloads it once the static shell is on screen.
        const appList = [...appFiles].map((file) => `/${file}`)
        const script = `(function(){var m=${JSON.stringify(map)},p=location.pathname,f=m[p];if(!f)for(var k in m)if(k.slice(-1)==='/'&&p.indexOf(k)===0)f=m[k];window.__cypherPreload=${JSON.stringify(appList)}.concat(f||[])})()`
        // The stylesheet of the first paint is small: inlined, it costs no request before the page shows.
        let page = html
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${asset.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`)
          if (link.test(page)) page = page.replace(link, `<style>${String(asset.source)}</style>`)
        }
        // Guest snapshots: shown at once for their path, replaced when the app renders (never for a browser
        // that may hold a session: its header would say Log in for a moment). The snapshot is inert: a tap or
        // keystroke before the app has taken over would otherwise be lost; the app lifts it on its first commit.
        const snapshots = await prerenderSnapshots()
        const templates = Object.entries(snapshots)
          .map(([path, markup]) => `<template data-path="${path}">${markup}</template>`)
          .join('')
        const show = `(function(){try{if(localStorage.getItem('cypher.session')==='1')return}catch(e){}var t=document.querySelector('template[data-path="'+location.pathname+'"]');if(!t)return;var r=document.getElementById('root');r.innerHTML=t.innerHTML;r.inert=true;if(/(^|;\\s*)cookie=/.test(document.cookie)){var b=r.querySelector('[data-testid=cookie-banner]');if(b)b.remove()}})()`
        page = page.replace('<div id="root">', `${templates}<div id="root">`).replace(
          /(<div id="root">[\s\S]*?<\/div><\/div>)/,
          `$1<script>${show}</script>`,
        )
        return { html: page, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }] }
      },
    },
  }
}

/**
 * react-router ships its build with the developer warnings on under every export condition; the production
 * build is the same code with them off (one flag), about 0.6 kB gzip less in the first screen's code.
 */
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
}

/**
 * A dynamic import's preload list without the chunks its importer has already loaded statically: the routes'
 * lists in the app's chunk no longer name React's, MUI's or the store's chunks (already running by then). The
 * same files load as before; the start chunk is shorter.
 */
function skipLoadedPreloads() {
  let bundle: Rolldown.OutputBundle | undefined
  const loaded = new Map<string, Set<string>>()
  const closure = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return into
    into.add(fileName)
    const chunk = bundle?.[fileName]
    if (chunk?.type === 'chunk') chunk.imports.forEach((name) => closure(name, into))
    return into
  }
  const plugin: Plugin = {
    name: 'cypher-skip-loaded-preloads',
    apply: 'build',
    // before Vite's own generateBundle writes the preload lists
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output
        loaded.clear()
      },
    },
  }
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_file, deps, { hostId, hostType }) => {
    if (hostType !== 'js' || !bundle?.[hostId]) return deps
    if (!loaded.has(hostId)) loaded.set(hostId, closure(hostId, new Set()))
    const have = loaded.get(hostId)!
    return deps.filter((dep) => !have.has(dep))
  }
  return { plugin, resolveDependencies }
}

const preloads = skipLoadedPreloads()

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: [
      ...(mode === 'production' ? [REACT_ROUTER_PRODUCTION] : []),
      ...Object.entries(ALIASES).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  plugins: [
    react(),
    preloads.plugin,
    preloadRouteChunks(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'robots.txt'],
      manifest: {
        name: 'Cypher',
        short_name: 'Cypher',
        description: 'Events, battles, organizations and studios of the breaking community',
        theme_color: '#111111',
        background_color: '#111111',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//, /^\/metrics/, /^\/healthz/, /^\/readyz/],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    fs: { allow: ['..'] },
    proxy: { '/api': { target: api, changeOrigin: false }, '/dev': { target: api } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    chunkSizeWarningLimit: 600,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 30_000,
    // Vitest's default for a run is one worker less than the machine's cores: one worker on our 2-core CI,
    // with half the machine idle; the tests also wait on timers (docs/development.md, The test budget)
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()),
    // a worker keeps its modules and its document between files: MUI and the app are imported once per worker,
    // not once per file (192 s → 98 s for the suite on 2 cores). What a test changes of the window is undone after
    // it (src/testing/setup.ts; mocks restored by restoreMocks above), and each render makes its own store.
    isolate: false,
  },
}))
