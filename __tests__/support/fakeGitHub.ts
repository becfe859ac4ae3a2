/**
 * Fakes for the tests of one file. `fake()` hands out one shared fake, reset, unless a test
 * needs options of its own (then a fresh one, stopped after the test). After each test, every
 * answer the fakes it used gave must be GitHub's shape (docs/development.md#the-fake-github-api's schema check).
 */
import { afterAll, afterEach, expect } from '@jest/globals'
import { start, type FakeGitHub } from '../../testkit/fakeGitHub/client.ts'
import { responseViolations } from '../../testkit/fakeGitHub/openapiCheck.ts'

export function fakesPerTest(): (options?: Parameters<typeof start>[0]) => Promise<FakeGitHub> {
  const used: FakeGitHub[] = []
  let shared: FakeGitHub | undefined
  afterEach(async () => {
    for (const gh of used.splice(0)) {
      await gh.settled()
      const violations = responseViolations(await gh.exchanges())
      if (gh !== shared) await gh.stop()
      expect(violations).toEqual([])
    }
  })
  afterAll(async () => shared?.stop())
  return async options => {
    let gh: FakeGitHub
    if (options === undefined) {
      shared ??= await start()
      gh = shared
      await gh.reset()
    } else gh = await start(options)
    used.push(gh)
    return gh
  }
}
