import type { Git } from './git.js'
import { IndexedStore, type LayoutOptions } from './index/indexedStore.js'
import { RemoteRefs, type RemoteOptions } from './index/physical.js'

/**
 * docs/design/arbiter.md: the repository's remote is the arbiter, since every job runs on a
 * fresh machine. Objects are written locally, then one push per write decides; local refs
 * follow what the remote holds so later steps in the job read locally.
 */
export class RemoteStore extends IndexedStore {
  constructor(git: Git, name: string, options: LayoutOptions & RemoteOptions = {}) {
    super(new RemoteRefs(git, name, { warn: options.warn, refusal: options.refusal }), options)
  }
}
