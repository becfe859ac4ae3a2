/**
 * One admission through the remote store, run as its own Node process so that a test can kill
 * it with a real SIGKILL at a chosen point of its push (__tests__/e2e/killedPush.test.ts):
 *
 *   node testkit/admitChild.ts --repo DIR --key KEY --run-id ID [--kill-before-push]
 *
 * The first record is fixed by the key and run id alone (testkit/fixtures.ts firstRecord), so
 * a re-run of the same admission builds byte-identical objects: that is what lets the re-run
 * attribute a push it never heard the answer of.
 *
 * stdout: `{"phase":"pushing"}` just before each push starts, then `{"result":{…}}`.
 * --kill-before-push: at the first push, before git is started, the process SIGKILLs itself.
 */
import { registerHooks, stripTypeScriptTypes } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)))

// src/ imports its siblings as `./x.js` and uses parameter properties, which Node's own type
// stripping neither resolves nor accepts: retry a missing relative `.js` as `.ts`, and compile
// the project's own files in transform mode (the same bridge bench/lib/src.ts builds).
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
        /^\.{1,2}\/.*\.js$/.test(specifier)
      )
        return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
      throw error
    }
  },
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts')) {
      const path = fileURLToPath(url)
      if ([join(ROOT, 'src'), join(ROOT, 'testkit')].some(dir => path.startsWith(`${dir}/`)))
        return {
          format: 'module',
          source: stripTypeScriptTypes(readFileSync(path, 'utf8'), {
            mode: 'transform',
            sourceUrl: url
          }),
          shortCircuit: true
        }
    }
    return nextLoad(url, context)
  }
})
// The transform mode is flagged experimental; the warning would only clutter stderr.
process.removeAllListeners('warning')

const { values: opts } = parseArgs({
  options: {
    repo: { type: 'string' },
    key: { type: 'string' },
    'run-id': { type: 'string' },
    namespace: { type: 'string', default: 'refs/dispatch-ledger' },
    digest: { type: 'string', default: 'killed-push' },
    'kill-before-push': { type: 'boolean', default: false }
  },
  strict: true
})
if (!opts.repo || !opts.key || !opts['run-id'])
  throw new Error('admitChild.ts needs --repo, --key and --run-id')

const { admit } = await import('../src/commands/admit.ts')
const { digestOf } = await import('../src/core/canonical.ts')
const { Git } = await import('../src/store/git.ts')
const { RemoteStore } = await import('../src/store/remoteStore.ts')
const { firstRecord } = await import('./fixtures.ts')

const store = new RemoteStore(new Git(opts.repo), 'origin')
const apply = store.refs.apply.bind(store.refs)
store.refs.apply = async changes => {
  if (opts['kill-before-push']) process.kill(process.pid, 'SIGKILL')
  process.stdout.write(`${JSON.stringify({ phase: 'pushing' })}\n`)
  return apply(changes)
}
const result = await admit(store, {
  namespace: opts.namespace,
  first_record: firstRecord({
    run_id: opts['run-id'],
    dispatch_key: opts.key,
    request_digest: digestOf({ test: opts.digest })
  })
})
process.stdout.write(
  `${JSON.stringify({
    result: {
      created: result.created,
      recorded: result.recorded,
      owner: result.owner,
      run_id: result.admission.run_id
    }
  })}\n`
)
