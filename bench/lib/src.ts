/**
 * Loads the project's TypeScript sources in-process. Two gaps between src/ and Node's own
 * type stripping are bridged by module hooks, registered once before the first dynamic
 * import of a source module:
 * - src/ imports its siblings as `./x.js` (what tsc and ncc expect), so a missing relative
 *   `.js` is retried as `.ts`;
 * - src/ uses parameter properties, which strip-only mode rejects, so project `.ts` files
 *   outside bench/ and scripts/ are compiled with `stripTypeScriptTypes(…, transform)`.
 */
import { registerHooks, stripTypeScriptTypes } from 'node:module'
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { PROJECT_ROOT } from './proc.ts'

let registered = false

export function allowProjectSources(): void {
  if (registered) return
  registered = true
  // The transform is flagged experimental; say so once in the README, not on every run.
  const emit = process.emitWarning.bind(process)
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('stripTypeScriptTypes')) return
    ;(emit as (...args: unknown[]) => void)(warning, ...rest)
  }) as typeof process.emitWarning
  const roots = ['src', 'testkit'].map(dir => `${PROJECT_ROOT}/${dir}/`)
  registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ERR_MODULE_NOT_FOUND' && /^\.{1,2}\/.*\.js$/.test(specifier))
          return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
        throw error
      }
    },
    load(url, context, nextLoad) {
      if (url.startsWith('file:') && url.endsWith('.ts')) {
        const path = fileURLToPath(url)
        if (roots.some(root => path.startsWith(root))) {
          const source = stripTypeScriptTypes(readFileSync(path, 'utf8'), {
            mode: 'transform',
            sourceUrl: url
          })
          return { format: 'module', source, shortCircuit: true }
        }
      }
      return nextLoad(url, context)
    }
  })
}
