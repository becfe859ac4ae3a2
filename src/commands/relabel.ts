/**
 * What a later event for a key finds (docs/design/lifecycle.md): its run looked at before the
 * event is decided — a receiver still working makes the event a duplicate naming it, a
 * concluded one is recorded first (the on-demand observer, a command driver's lookup) — and
 * whether the event retries a failed run or only meets another workflow run's.
 */
import { actorFrom } from '../core/dispatchKey.js'
import { awaitedReceiver, commandAttempt, watchedRuns } from '../core/observation.js'
import { occurrenceTime } from '../core/occurrence.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import { attemptCall, type Driver } from '../providers/driver.js'
import type { CommandDeps } from './deps.js'
import type { DispatchGitHub, DispatchOptions } from './dispatch.js'
import { recordLookupEnd, recordObservations, watchRun } from './observe.js'
import type { SelectedRun } from './selectRun.js'

/** What a later event found when it looked at the key's run (docs/design/lifecycle.md). */
export type Relabel =
  | { readonly kind: 'observed' | 'as_is' }
  /** The receiver still works: the event is a duplicate, and the message names the run. */
  | { readonly kind: 'working'; readonly message: string }

/**
 * The on-demand observer: a run still waiting on its receiver is looked up with one REST read
 * (one per run an unconfirmed attempt was sent as, usually one); a concluded one is recorded
 * (the same records every observer writes) before this event is decided, so the event meets
 * the run as it really is — a receiver that died before admitting included.
 */
export async function relabelOf(
  found: SelectedRun,
  options: DispatchOptions,
  deps: CommandDeps<DispatchGitHub>,
  driver: Driver
): Promise<Relabel> {
  const state = found.view.state
  if (found.view.plan.action === 'observe_provider' && driver.name === 'command')
    return commandRelabel(found, options, deps, driver)
  const github = deps.github
  if (found.view.plan.action !== 'observe_provider' || !github?.hasToken) return { kind: 'as_is' }
  const watched = await watchRun(github, state, found.ledger_ref)
  if (watched === null) return { kind: 'as_is' }
  const awaited = awaitedReceiver(state)
  const named = (id: string) => github.runUrl?.(id) ?? id
  const duplicate = (url: string, why: string): Relabel => ({
    kind: 'working',
    message:
      `Run ${state.run_id} is still working: its receiver ${url} ${why}. ` +
      'This event is a duplicate of it; nothing was sent.'
  })
  if (watched.kind === 'unknown') {
    const id = awaited?.workflow_run_id ?? watchedRuns(state)[0] ?? ''
    return duplicate(awaited?.html_url ?? named(id), `could not be looked up (${watched.reason})`)
  }
  if (watched.kind === 'working')
    return watched.confirmed
      ? duplicate(awaited?.html_url ?? watched.run.html_url, 'has not concluded')
      : duplicate(watched.run.html_url || named(watched.run.id), 'has not admitted yet')
  await recordObservations(deps.store, [watched.sighting], {
    namespace: options.namespace,
    onSuccess: options.onSuccess ?? 'decide',
    writer: options.writer,
    actor: options.event ? actorFrom(options.event.payload) : null
  })
  return { kind: 'observed' }
}

/**
 * The on-demand observer for driver `command` (docs/design/lifecycle.md#driver-command): the
 * `lookup` command is run once for the accepted attempt; a `conclusion` it prints is recorded
 * as a receiver's would be, before this event is decided. Without one the work is taken to go
 * on, and the event is a duplicate that says how such a run ends.
 */
async function commandRelabel(
  found: SelectedRun,
  options: DispatchOptions,
  deps: CommandDeps<DispatchGitHub>,
  driver: Driver
): Promise<Relabel> {
  const state = found.view.state
  const attempt = commandAttempt(state)
  if (attempt === null) return { kind: 'as_is' }
  const lookup = await driver.lookup(attemptCall(state, attempt.number), attempt.external_ids)
  const recorded =
    lookup.kind === 'found'
      ? await recordLookupEnd(deps.store, found.ledger_ref, lookup.external_ids, {
          namespace: options.namespace,
          onSuccess: options.onSuccess ?? 'decide',
          writer: options.writer,
          actor: options.event ? actorFrom(options.event.payload) : null,
          now: deps.clock.now()
        })
      : null
  if (recorded) return { kind: 'observed' }
  const said =
    lookup.kind === 'found'
      ? 'its lookup reported no conclusion'
      : `its lookup said ${lookup.kind}: ${lookup.reason}`
  return {
    kind: 'working',
    message:
      `Run ${state.run_id} is still working: attempt ${attempt.number} was accepted and ${said}. ` +
      'This event is a duplicate of it; nothing was sent. A command-driver run ends when its ' +
      'lookup prints "conclusion" (success or failure), a record step ends it, or an operator ' +
      'does (/ledger cancel).'
  }
}

/**
 * A later event retries a failed run (docs/design/lifecycle.md#after-a-failure): selected from
 * the event, the run's attempt failed retryably, reuse is not never, and the event happened
 * after the failure was recorded (a redelivery of an earlier event carries its earlier time).
 */
export function retries(selected: SelectedRun, options: DispatchOptions): boolean {
  if (selected.selected_by !== 'event' || selected.view.plan.action !== 'retry_attempt')
    return false
  if ((options.reuse ?? 'after-terminal') === 'never' || !options.event) return false
  const happened = occurrenceTime(options.event.name, options.event.payload)
  const failed = selected.chain[selected.chain.length - 1]?.value.occurred_at
  return happened !== null && failed !== undefined && Date.parse(happened) > Date.parse(failed)
}

export function notOwnerMessage(state: RecoveredRunState, selected: SelectedRun): string {
  if (selected.selected_by === 'event' && state.terminal)
    return (
      `Run ${state.run_id} of this key has ended (${state.state}), and this event does not open ` +
      'its next generation (it did not happen after the run ended, or reuse does not allow it); ' +
      'nothing was sent.'
    )
  if (selected.selected_by === 'event' && selected.view.plan.action === 'retry_attempt')
    return (
      `Run ${state.run_id}'s attempt failed; this event did not happen after that failure (or ` +
      'reuse is never), so it is a duplicate and sends nothing. A later event, `/ledger retry`, ' +
      'or dispatch with run-id tries again.'
    )
  return (
    `Run ${state.run_id} belongs to another workflow run; this one sends nothing. ` +
    'Set run-id (or dispatch-key) to act on it deliberately, as a recovery job does.'
  )
}
