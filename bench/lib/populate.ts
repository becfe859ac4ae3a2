/** Fills a repository with admitted runs through the project's own commands, in-process. */
import { allowProjectSources } from './src.ts'

export async function populateRuns(
  repo: string,
  runs: number,
  options: { namespace?: string; dispatched?: boolean } = {}
): Promise<void> {
  allowProjectSources()
  const { Git } = await import('../../src/store/git.ts')
  const { LocalStore } = await import('../../src/store/localStore.ts')
  const { admit } = await import('../../src/commands/admit.ts')
  const { appendRecord } = await import('../../src/commands/record.ts')
  const { makeRecord, REQUEST_DIGEST } = await import('../../testkit/fixtures.ts')
  const namespace = options.namespace ?? 'refs/dispatch-ledger'
  const store = new LocalStore(new Git(repo))
  for (let i = 0; i < runs; i++) {
    const run_id = `bench-run-${i}`
    const first_record = makeRecord({
      run_id,
      idempotency: {
        dispatch_key: `bench/populate/${i}`,
        request_digest: REQUEST_DIGEST,
        input_key: null
      }
    })
    const admitted = await admit(store, { namespace, first_record })
    if (!admitted.created || !admitted.chain) throw new Error(`populate: run ${i} was not created`)
    if (options.dispatched && i % 2 === 0) {
      await appendRecord(
        store,
        {
          ledger_ref: admitted.admission.ledger_ref,
          state: 'dispatched',
          fields: {
            provider: {
              driver: 'fake',
              submission_state: 'submitted',
              external_ids: { job: `j${i}` }
            }
          },
          occurred_at: '2025-01-01T00:00:10Z',
          trigger: 'provider_observation',
          actor: null,
          writer: null
        },
        admitted.chain
      )
    }
  }
}
