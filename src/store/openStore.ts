import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { InvalidInput } from '../core/errors.js'
import { Git } from './git.js'
import { LocalStore } from './localStore.js'
import type { Store } from './store.js'

export interface StoreOptions {
  readonly repositoryPath: string
  readonly remote: string
  readonly env: NodeJS.ProcessEnv
}

/** The store the inputs ask for, rooted at the repository path. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const path = resolve(options.repositoryPath || options.env.GITHUB_WORKSPACE || process.cwd())
  const info = await stat(path).catch(() => null)
  if (!info?.isDirectory())
    throw new InvalidInput(
      `The repository path ${path} is not a directory. Check the repository out first ` +
        '(actions/checkout) or set repository-path.'
    )
  return new LocalStore(new Git(path, options.env))
}
