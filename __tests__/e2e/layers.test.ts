/**
 * The layers of src/ import only downwards (docs/development.md#code-map): the core imports
 * nothing outside itself, the store, the gateway and the providers only the core (a provider's
 * ports are its own, which the commands fill), the commands the four below them, the registry
 * (pure data naming the commands) only the core, the action adapter only the commands (and the
 * registry), and nothing but the composition root reaches the adapter: no circle between them. The rules
 * live in scripts/importGraph.ts; `npm run graph` prints the graph and checks them too.
 */
import { expect, it } from '@jest/globals'
import { ALLOWED, graphViolations, layerGraph, violations } from '../../scripts/importGraph.js'

it('every layer imports only the layers below it', async () => {
  expect(await violations()).toEqual([])
  const graph = await layerGraph()
  expect([...graph.keys()].every(layer => layer in ALLOWED)).toBe(true)
})

it('the action adapter imports the commands and the registry, nothing else of src/', async () => {
  const graph = await layerGraph()
  expect([...(graph.get('action')?.keys() ?? [])].sort()).toEqual(['commands', 'registry'])
})

it('the registry is data over the core: it imports no adapter (the action maps its steps)', async () => {
  const graph = await layerGraph()
  expect([...(graph.get('registry')?.keys() ?? [])]).toEqual(['core'])
  const reachAction = [...graph].filter(([, edges]) => edges.has('action')).map(([from]) => from)
  expect(reachAction).toEqual(['main'])
})

it('a registry that imports the action again is a breach and a circle', () => {
  const edge = (to: string, example: string) => new Map([[to, example]])
  const found = graphViolations(
    new Map([
      ['registry', edge('action', 'registry.ts → ./action/admitStep.js')],
      ['action', edge('registry', 'action/inputs.ts → ../registry.js')]
    ])
  )
  expect(found).toEqual([
    'registry → action (registry.ts → ./action/admitStep.js)',
    'a circle: registry → action → registry'
  ])
})
