/**
 * The layers of src/ import only downwards (docs/development.md#code-map): the core imports
 * nothing outside itself, the store and the providers only the core (and the providers the
 * store's ports), the gateway only the core, the commands the four below them, and nothing
 * but the composition root reaches the action adapter. `npm run graph` prints the graph.
 */
import { expect, it } from '@jest/globals'
import { layerGraph } from '../../scripts/importGraph.js'

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  store: ['core'],
  github: ['core'],
  providers: ['core', 'store'],
  commands: ['core', 'store', 'github', 'providers'],
  // Not yet "commands only": the steps still build providers and stores and read core
  // helpers (errors, key derivation); see docs/development.md#code-map.
  action: ['commands', 'core', 'store', 'github', 'providers', 'registry'],
  registry: ['action', 'core'],
  main: ['action', 'core', 'store', 'github', 'registry'],
  index: ['main']
}

it('every layer imports only the layers below it', async () => {
  const graph = await layerGraph()
  const climbs: string[] = []
  for (const [from, edges] of graph)
    for (const [to, example] of edges)
      if (!(ALLOWED[from] ?? []).includes(to)) climbs.push(`${from} → ${to} (${example})`)
  expect(climbs).toEqual([])
  expect([...graph.keys()].every(layer => layer in ALLOWED)).toBe(true)
})
