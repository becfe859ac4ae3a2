/**
 * The layers of src/ import only downwards (docs/development.md#code-map): the core imports
 * nothing outside itself, the store, the gateway and the providers only the core (a provider's
 * ports are its own, which the commands fill), the commands the four below them, the action adapter only the commands
 * (and the registry), and nothing but the composition root reaches the adapter. The rules
 * live in scripts/importGraph.ts; `npm run graph` prints the graph and checks them too.
 */
import { expect, it } from '@jest/globals'
import { ALLOWED, layerGraph, violations } from '../../scripts/importGraph.js'

it('every layer imports only the layers below it', async () => {
  expect(await violations()).toEqual([])
  const graph = await layerGraph()
  expect([...graph.keys()].every(layer => layer in ALLOWED)).toBe(true)
})

it('the action adapter imports the commands and the registry, nothing else of src/', async () => {
  const graph = await layerGraph()
  expect([...(graph.get('action')?.keys() ?? [])].sort()).toEqual(['commands', 'registry'])
})
