/**
 * The layers of src/ and the imports between them: `npm run graph` prints the graph and every
 * import that breaks the rules below, and fails when there is one. A layer is a top-level
 * folder of src/ (core, store, commands, action, …) or a top-level file (main, registry,
 * index). Type-only imports count too: a layer that names another's types depends on it.
 * __tests__/e2e/layers.test.ts runs the same check (docs/development.md#code-map).
 */
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, normalize, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src')

/**
 * Each layer and the layers it may import: downwards only. The core imports nothing outside
 * itself; the store and the gateway only the core; the providers the core and the store's
 * ports; the commands the four below them; the registry (pure data naming the commands) only
 * the core; the action adapter the commands and the registry; nothing but the composition root
 * reaches the adapter.
 */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  store: ['core'],
  github: ['core'],
  providers: ['core'],
  commands: ['core', 'store', 'github', 'providers'],
  action: ['commands', 'registry'],
  // The command line (docs/cli.md): a second adapter, over the commands, the store's openers
  // and the core; nothing imports it (its bundle is an entry of its own).
  cli: ['commands', 'store', 'core'],
  registry: ['core'],
  main: ['action', 'commands', 'core', 'registry'],
  index: ['main']
}

/** The packages a layer may import besides the layers (none listed: any). */
export const PACKAGES: Readonly<Record<string, readonly string[]>> = {
  // The runner's toolkit, Node itself, and zod for the adapter's input schema.
  action: ['@actions/', 'node:', 'zod/'],
  // Node itself only: the command line loads none of the runner's toolkit.
  cli: ['node:']
}

function layerOf(file: string): string {
  const [first = '', ...rest] = relative(SRC, file).split(sep)
  return rest.length > 0 ? first : first.replace(/\.[jt]s$/, '')
}

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(e => (e.isDirectory() ? sources(join(dir, e.name)) : [join(dir, e.name)]))
  )
  return nested.flat().filter(f => f.endsWith('.ts'))
}

const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g

/** layer → the other layers it imports from, each with one example `file → import`. */
export async function layerGraph(): Promise<Map<string, Map<string, string>>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of await sources(SRC)) {
    const from = layerOf(file)
    const text = await readFile(file, 'utf8')
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (!(spec as string).startsWith('.')) continue
      const to = layerOf(normalize(join(dirname(file), spec as string)))
      if (to === from) continue
      const edges = graph.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, `${relative(SRC, file)} → ${spec}`)
      graph.set(from, edges)
    }
  }
  return graph
}

/**
 * The action adapter is reached only from the action's own entry (the composition root and the
 * bundle's library entry), whatever ALLOWED grants a new layer: the action maps the registry's
 * commands to its steps, the command line has its own subcommands, and nothing below an
 * adapter imports one — which also keeps the registry ↔ action circle from coming back.
 */
export const ADAPTER_ENTRIES: readonly string[] = ['action', 'main', 'index']

/** The breaches of ALLOWED and ADAPTER_ENTRIES in a layer graph, and every circle in it. */
export function graphViolations(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const found: string[] = []
  for (const [from, edges] of graph)
    for (const [to, example] of edges) {
      if (!(ALLOWED[from] ?? []).includes(to)) found.push(`${from} → ${to} (${example})`)
      else if (to === 'action' && !ADAPTER_ENTRIES.includes(from))
        found.push(`${from} → ${to} (${example}): only the action's entry imports the adapter`)
    }
  for (const circle of circles(graph)) found.push(`a circle: ${circle.join(' → ')}`)
  return found
}

/** Each circle of layers, once, as the path from its first layer back to it. */
function circles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  const found = new Map<string, string[]>()
  const walk = (path: readonly string[]): void => {
    const last = path[path.length - 1] as string
    for (const next of graph.get(last)?.keys() ?? []) {
      const at = path.indexOf(next)
      if (at >= 0) {
        const circle = path.slice(at)
        const key = [...circle].sort().join(',')
        if (!found.has(key)) found.set(key, [...circle, next])
      } else walk([...path, next])
    }
  }
  for (const start of graph.keys()) walk([start])
  return [...found.values()]
}

/** Every import that breaks ALLOWED, ADAPTER_ENTRIES or PACKAGES, and every circle. */
export async function violations(): Promise<string[]> {
  const found = graphViolations(await layerGraph())
  for (const file of await sources(SRC)) {
    const allowed = PACKAGES[layerOf(file)]
    if (!allowed) continue
    const text = await readFile(file, 'utf8')
    for (const [, spec] of text.matchAll(IMPORT))
      if (!(spec as string).startsWith('.') && !allowed.some(p => (spec as string).startsWith(p)))
        found.push(`${layerOf(file)} → ${spec} (${relative(SRC, file)})`)
  }
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = await layerGraph()
  for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${from} → ${[...edges.keys()].sort().join(', ')}`)
  const broken = await violations()
  for (const line of broken) console.log(`not allowed: ${line}`)
  if (broken.length > 0) process.exitCode = 1
}
