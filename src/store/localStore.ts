import { Git } from './git.js'
import { IndexedStore, type LayoutOptions } from './index/indexedStore.js'
import { LocalRefs } from './index/physical.js'

/** The local repository's refs are the store: the arbiter when there is no remote. */
export class LocalStore extends IndexedStore {
  constructor(git: Git, options: LayoutOptions = {}) {
    super(new LocalRefs(git), options)
  }
}
