/**
 * The layers of src/ and the imports between them: `npm run graph`. A layer is a top-level
 * folder of src/ (core, store, commands, action, …) or a top-level file (main, registry,
 * index). Type-only imports count too: a layer that names another's types depends on it.
 * __tests__/e2e/layers.test.ts holds the rules (docs/development.md#code-map).
 */
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, normalize, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src')

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

/** layer → the other layers it imports from, each with one example `file → import`. */
export async function layerGraph(): Promise<Map<string, Map<string, string>>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of await sources(SRC)) {
    const from = layerOf(file)
    const text = await readFile(file, 'utf8')
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = layerOf(normalize(join(dirname(file), spec as string)))
      if (to === from) continue
      const edges = graph.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, `${relative(SRC, file)} → ${spec}`)
      graph.set(from, edges)
    }
  }
  return graph
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = await layerGraph()
  for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${from} → ${[...edges.keys()].sort().join(', ')}`)
}
