/**
 * @actions/workflow-parser imports its schema JSON without `with { type: 'json' }`, which
 * Node 24 refuses outside a bundler; supply the attribute for JSON files only. Call it before
 * the first (dynamic) import of the workflow runner: the CLI and the bench (B10) both load
 * the runner this way.
 */
import { registerHooks } from 'node:module'

let registered = false

export function allowJsonImports(): void {
  if (registered) return
  registered = true
  registerHooks({
    load(url, context, next) {
      if (url.endsWith('.json') && context.importAttributes?.type !== 'json')
        return next(url, {
          ...context,
          importAttributes: { ...context.importAttributes, type: 'json' }
        })
      return next(url, context)
    }
  })
}
