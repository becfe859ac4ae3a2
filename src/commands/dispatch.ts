/**
 * `command: dispatch` (docs/design/dispatch.md#what-dispatch-does): it reads the run, plans
 * it, and acts on the plan with a driver through the one send protocol: intent durable before
 * the send, the outcome recorded after it, an ambiguous outcome reconciled once, and the one
 * fenced re-send.
 * Every ledger write is a compare-and-set append. A lost race is re-read and re-planned within
 * the step (a few times at most), as a re-run would: another writer (the receiver confirming
 * itself, a cancel) may append between this step's read and its write.
 */
import { dispatchMove, sendsStarted, type DispatchMove } from '../core/dispatchMove.js'
import { planRecovery, type RecoveryPlan } from '../core/planRecovery.js'
import { attemptToConfirm, isConfirmed } from '../core/receiver.js'
import type {
  Actor,
  Attempt,
  LedgerRecord,
  SubmissionState,
  Trigger,
  Writer
} from '../core/record.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import type { LookupOutcome, SendOutcome } from '../core/send/outcome.js'
import { afterLookup, afterSend, sendsLeft } from '../core/send/protocol.js'
import { absentRecord, intentRecord, sendRecord, type OutcomeRecord } from '../core/send/records.js'
import { attemptCall, type Driver } from '../providers/driver.js'
import type { Store, StoredEntry } from '../store/store.js'
import { actorFrom, triggerFor } from '../core/dispatchKey.js'
import { timestampOf } from '../core/time.js'
import type { CommandDeps } from './deps.js'
import { buildDriver, type DriverGitHub, type DriverOptions } from './dispatchDriver.js'
import type { WorkflowEvent } from './dispatchTarget.js'
import { appendRecord } from './record.js'
import { admitCommand } from './admit.js'
import { NotAdmitted } from './readRun.js'
import { nextRunRecord } from '../core/nextRunRecord.js'
import { RUN_CHAIN } from '../core/reconstruct.js'
import { LostRace, StoreError } from '../core/errors.js'
import { verifiedState } from './runView.js'
import { mayAct, selectRun, type RunChoice } from './selectRun.js'
import type { OnSuccess } from '../core/observation.js'
import { notOwnerMessage, relabelOf, retries, type Relabel } from './relabel.js'

/** Where a test may stop the process (a real SIGKILL) to prove every crash is recoverable. */
export type DispatchBoundary = 'before-intent' | 'after-intent' | 'after-send' | 'after-outcome'

export interface DispatchOptions extends RunChoice {
  /**
   * Which run (docs/design/writers.md): by run_id, by dispatch_key, or from the event. Selected from the
   * event, it acts only on a run this workflow run owns; any other is left alone (`not_owner`).
   * Its records' trigger and actor come from the event.
   */
  readonly event?: WorkflowEvent
  /** The driver that sends the work, and its settings. */
  readonly driver: DriverOptions
  readonly onBoundary?: (boundary: DispatchBoundary) => void
  /** For a step that admits the run itself: the request merged into the digest, and reuse. */
  readonly request?: unknown
  readonly reuse?: string
  /** What a successful receiver records, when this step observes it on demand. */
  readonly onSuccess?: OnSuccess
}

/** What dispatch calls on the gateway: the driver's calls, and the on-demand look-up. */
export type DispatchGitHub = DriverGitHub | 'getWorkflowRun'

export type DispatchOutcome =
  /** The provider has the work (sent now, or found by the lookup). */
  | 'submitted'
  /** Accepted earlier: nothing sent. */
  | 'observed'
  /** The plan allows no send (terminal, waiting for a person, not ours): nothing sent. */
  | 'nothing'
  | 'not_owner'
  /** The provider definitely refused (or demonstrably has nothing): the attempt failed. */
  | 'failed'
  /** The outcome is unknown and may not be guessed: an operator or a later dispatch settles it. */
  | 'unresolved'

export interface DispatchResult {
  readonly outcome: DispatchOutcome
  /** The driver that acted (`provider.driver` in the records). */
  readonly driver: string
  /** This workflow run owns the run (docs/design/writers.md). */
  readonly owner: boolean
  /** Requests this step sent to the provider. */
  readonly sends: number
  readonly ledger_ref: string
  readonly chain: readonly StoredEntry<LedgerRecord>[]
  readonly state: RecoveredRunState
  readonly plan: RecoveryPlan
  /** The attempt acted on, when any. */
  readonly attempt: number | null
  readonly submission_state: SubmissionState | null
  readonly external_ids: Readonly<Record<string, string>>
  /** What happened, in one or two sentences. */
  readonly message: string
  /** Whether this step admitted the run itself (one-step dispatch), and its generation. */
  readonly admitted: { readonly created: boolean; readonly generation: number }
}

/** Bounds the loop: a send, a reconcile, a failed attempt and the next send fit well within. */
const MAX_MOVES = 8
/** Lost races a step re-reads and re-plans after, before it fails (re-plan by a later step). */
const MAX_REREADS = 2

export async function dispatch(
  options: DispatchOptions,
  deps: CommandDeps<DispatchGitHub>
): Promise<DispatchResult> {
  const driver = buildDriver(options.driver, options, deps)
  const writer: LedgerWriter = {
    store: deps.store,
    trigger: triggerFor(options.event?.name ?? ''),
    actor: options.event ? actorFrom(options.event.payload) : null,
    writer: options.writer,
    now: () => timestampOf(deps.clock.now()),
    driver: driver.name
  }
  const step = (run: RunLedger) => new DispatchStep(run, driver, options.onBoundary ?? (() => {}))
  const fromEvent = !options.run_id && !options.dispatch_key
  let found = await selectRun(deps.store, options).catch((error: unknown) => {
    // Selected from the event and not admitted yet: this step admits it itself (one step).
    if (error instanceof NotAdmitted && fromEvent) return null
    throw error
  })
  // A later event for a key already admitted (a label added again): the run's receiver is
  // looked up first, so a relabel is never lost to an observer that has not run yet.
  let relabel: Relabel | null = null
  if (found && fromEvent && !found.owner) {
    relabel = await relabelOf(found, options, deps, driver)
    if (relabel.kind === 'observed') found = await selectRun(deps.store, options)
    if (relabel.kind === 'working')
      return new RunLedger(writer, found.ledger_ref, found.chain, false, {
        created: false,
        generation: found.generation
      }).result('nothing', null, relabel.message)
  }
  // An ended run: this event may open the key's next generation, admitted with its intent.
  const opens = found === null || (fromEvent && found.view.state.terminal)
  const admitted = opens ? await admitWithIntent(options, deps, writer, driver) : null
  if (admitted) {
    const run = new RunLedger(writer, admitted.ledger_ref, admitted.chain, true, {
      created: true,
      generation: admitted.generation
    })
    const first = step(run)
    const attempt = run.state.attempts[0] as RecoveredRunState['attempts'][number]
    return (
      (await first
        .settledAfter({ number: attempt.number, reason: attempt.reason })
        .catch(async (error: unknown) => {
          if (!(error instanceof LostRace)) throw error
          await run.reread(error)
          return null
        })) ?? protocol(run, first)
    )
  }
  // Another arrival admitted the key first: go on as any step that finds it admitted.
  const selected = found ?? (await selectRun(deps.store, options))
  const run = new RunLedger(writer, selected.ledger_ref, selected.chain, selected.owner, {
    created: false,
    generation: selected.generation
  })
  if (!mayAct(selected) && !retries(selected, options))
    return run.result('not_owner', null, notOwnerMessage(run.state, selected))
  return protocol(run, step(run))
}

async function protocol(run: RunLedger, step: DispatchStep): Promise<DispatchResult> {
  let rereads = 0
  for (let move = 0; move < MAX_MOVES; move++) {
    let done: DispatchResult | null
    try {
      done = await step.take(dispatchMove(run.state, run.plan))
    } catch (error) {
      // Nothing is sent on a guess: the next move is planned from the chain as it is now (a
      // send already made is counted in run.sends and looked up, never repeated blindly).
      if (!(error instanceof LostRace) || rereads++ >= MAX_REREADS) throw error
      await run.reread(error)
      continue
    }
    if (done) return done
  }
  return run.result('unresolved', null, 'The dispatch did not settle; a later dispatch re-plans.')
}

/**
 * One-step dispatch (docs/design/dispatch.md#one-step): the admission, the first record and the
 * intent of attempt 1 in ONE create-only write, so the quick start is one step and one push
 * before the send. Null when another arrival admitted the key first (nothing was written).
 */
async function admitWithIntent(
  options: DispatchOptions,
  deps: CommandDeps<DriverGitHub>,
  writer: LedgerWriter,
  driver: Driver
): Promise<{ ledger_ref: string; chain: StoredEntry<LedgerRecord>[]; generation: number } | null> {
  options.onBoundary?.('before-intent')
  const outcome = await admitCommand(
    {
      namespace: options.namespace,
      event: options.event as WorkflowEvent,
      request: options.request,
      reuse: options.reuse,
      writer: options.writer,
      follow: chain => [intentAfter(chain, writer, driver)]
    },
    deps
  )
  if (outcome.conflict) throw outcome.conflict
  const result = outcome.result
  if (!result?.created || result.chain === null) return null
  options.onBoundary?.('after-intent')
  return {
    ledger_ref: result.admission.ledger_ref,
    chain: result.chain,
    generation: result.admission.generation
  }
}

/** The intent of the run's first attempt, after its first record. */
function intentAfter(
  chain: readonly StoredEntry<LedgerRecord>[],
  writer: LedgerWriter,
  driver: Driver
): LedgerRecord {
  const state = verifiedState(chain)
  const move = dispatchMove(state, planRecovery(state))
  if (move.kind !== 'send') throw new StoreError(`A new run cannot be sent: ${state.state}.`)
  const intent = intentRecord(
    driver.name,
    move.attempt,
    driver.intentIds(attemptCall(state, move.attempt.number))
  )
  const next = nextRunRecord(chain, state, {
    ...intent,
    occurred_at: writer.now(),
    trigger: writer.trigger,
    actor: writer.actor,
    writer: writer.writer
  })
  if ('duplicate' in next) throw new StoreError('A new run already holds its intent.')
  return next.record
}

/**
 * One step's moves through the one send protocol (core/send/protocol.ts): the intent durable
 * before each send, the outcome recorded after it, an unclear outcome looked up once.
 */
class DispatchStep {
  constructor(
    private readonly run: RunLedger,
    private readonly driver: Driver,
    private readonly boundary: (boundary: DispatchBoundary) => void
  ) {}

  /** Acts on one move; null when the step goes on (re-planned from what it recorded). */
  async take(next: DispatchMove): Promise<DispatchResult | null> {
    const run = this.run
    switch (next.kind) {
      case 'nothing':
        return run.result('nothing', null, next.reason)
      case 'observe': {
        const confirmed = await confirm(run, this.driver)
        return run.result(
          'observed',
          next.attempt,
          `Attempt ${next.attempt} was accepted earlier; nothing was sent.${confirmed} ${run.plan.reason}`
        )
      }
      case 'send':
        if (sendsLeft(run.sends) <= 0)
          return run.result(
            'failed',
            next.attempt.number,
            'This step already sent twice; a later dispatch goes on.'
          )
        return this.settled(await this.send(next.attempt, null), next.attempt.number)
      case 'reconcile':
        return this.reconcile(next.attempt)
    }
  }

  private async send(attempt: Attempt, note: string | null): Promise<SendOutcome> {
    const { run, driver } = this
    const call = attemptCall(run.state, attempt.number)
    this.boundary('before-intent')
    const intent = intentRecord(driver.name, attempt, driver.intentIds(call))
    await run.append(note ? { ...intent, fields: { ...intent.fields, note } } : intent)
    this.boundary('after-intent')
    return this.sendRecorded(attempt)
  }

  /** The send of an attempt whose intent is durable, then its outcome recorded. */
  private async sendRecorded(attempt: Attempt): Promise<SendOutcome> {
    const { run, driver } = this
    run.sends++
    const outcome = await driver.send(
      attemptCall(run.state, attempt.number),
      run.externalIds(attempt.number)
    )
    this.boundary('after-send')
    const record = sendRecord(driver.name, outcome, run.submission(attempt.number))
    if (record) await run.appendUnlessSettled(record, { attempt: attempt.number, by: 'submitted' })
    this.boundary('after-outcome')
    return outcome
  }

  /** One-step dispatch: the intent came with the admission; send, record, settle. */
  async settledAfter(attempt: Attempt): Promise<DispatchResult | null> {
    return this.settled(await this.sendRecorded(attempt), attempt.number)
  }

  /** The result of a send, or null when it must be looked up (a run's refusal is final). */
  private settled(outcome: SendOutcome, attempt: number): DispatchResult | null {
    switch (afterSend(outcome, this.driver, true)) {
      case 'committed':
      case 'record':
        return this.run.result('submitted', attempt, `Attempt ${attempt} was sent and accepted.`)
      case 'fail':
      case 'stop':
        return this.run.result('failed', attempt, reasonOf(outcome))
      case 'lookup':
        return null
    }
  }

  /** Looks the attempt up, adopts what the provider has, or settles what the lookup allows. */
  private async reconcile(attempt: Attempt): Promise<DispatchResult | null> {
    const { run, driver } = this
    const n = attempt.number
    const lookup = await driver.lookup(attemptCall(run.state, n), run.externalIds(n))
    const left = sendsLeft(run.sends, sendsStarted(run.records(), n))
    switch (afterLookup(lookup, { fenced: driver.fenced, sendsLeft: left })) {
      case 'adopt':
        await run.appendUnlessSettled(adopted(driver, lookup), {
          attempt: n,
          by: 'submitted',
          trigger: 'provider_observation'
        })
        return run.result(
          'submitted',
          n,
          `The lookup found attempt ${n} at the provider; adopted, nothing sent again.`
        )
      case 'fail_and_retry':
        await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation')
        return null // the plan is now retry_attempt: the next attempt is sent
      case 'fail_only':
        await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation')
        return run.result(
          'failed',
          n,
          `The provider has nothing for attempt ${n}; this step may not send again, so a later dispatch starts the next attempt.`
        )
      case 'resend': {
        const outcome = await this.send(
          attempt,
          `fenced re-send of attempt ${n}: ${reasonOf(lookup)}`
        )
        return (
          this.settled(outcome, n) ??
          run.result(
            'unresolved',
            n,
            `The fenced re-send of attempt ${n} ended with an unknown outcome too (${reasonOf(outcome)}). A later dispatch reconciles again; nothing is guessed.`
          )
        )
      }
      case 'unresolved':
      case 'conflict':
      case 'stop':
        return run.result('unresolved', n, unresolvedMessage(n, reasonOf(lookup), driver.fenced))
    }
  }
}

function unresolvedMessage(attempt: number, reason: string, fenced: boolean): string {
  return (
    `Attempt ${attempt} may or may not be at the provider (${reason}), and ` +
    (fenced
      ? 'it was already sent twice. A later dispatch reconciles again, or an operator resolves it.'
      : 'the provider is not fenced, so it is not sent again. An operator must resolve it (look the work up and record what the provider has).')
  )
}

/** The record of what a lookup found: the attempt `submitted` with the provider's ids. */
function adopted(driver: Driver, lookup: LookupOutcome): OutcomeRecord {
  const ids = lookup.kind === 'found' ? lookup.external_ids : {}
  return sendRecord(driver.name, { kind: 'submitted', external_ids: ids }, null) as OutcomeRecord
}

/**
 * An accepted attempt whose receiver is not confirmed yet: look it up, and when a receiver has
 * admitted, record the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function confirm(run: RunLedger, driver: Driver): Promise<string> {
  const attempt = attemptToConfirm(run.state)
  if (attempt === null) return ''
  const lookup = await driver.lookup(attemptCall(run.state, attempt.number), attempt.external_ids)
  if (lookup.kind !== 'found') return ' No receiver has admitted it yet.'
  await run.appendUnlessSettled(adopted(driver, lookup), {
    attempt: attempt.number,
    by: 'confirmed',
    trigger: 'provider_observation'
  })
  return ' Its receiver has admitted: the ledger now names that run.'
}

function reasonOf(outcome: SendOutcome | LookupOutcome): string {
  if (outcome.kind === 'refused') return outcome.message
  return 'reason' in outcome && outcome.reason !== undefined ? outcome.reason : outcome.kind
}

/** Who writes the run's records, and how they are dated. */
interface LedgerWriter {
  readonly store: Store
  readonly trigger: Trigger
  readonly actor: Actor | null
  /** The workflow run appending (docs/design/writers.md); null outside Actions. */
  readonly writer: Writer | null
  readonly now: () => string
  readonly driver: string
}

/** The run as this step sees it: the chain, its verified state and plan, kept current. */
class RunLedger {
  state: RecoveredRunState
  plan: RecoveryPlan
  sends = 0
  private chain: StoredEntry<LedgerRecord>[]

  constructor(
    private readonly options: LedgerWriter,
    readonly ledger_ref: string,
    chain: StoredEntry<LedgerRecord>[],
    private readonly owner: boolean,
    private readonly admitted: DispatchResult['admitted']
  ) {
    this.chain = chain
    this.state = verifiedState(chain)
    this.plan = planRecovery(this.state)
  }

  records(): LedgerRecord[] {
    return this.chain.map(entry => entry.value)
  }

  submission(attempt: number): SubmissionState | null {
    return this.state.attempts.find(a => a.number === attempt)?.submission_state ?? null
  }

  externalIds(attempt: number): Readonly<Record<string, string>> {
    return this.state.attempts.find(a => a.number === attempt)?.external_ids ?? {}
  }

  async append(record: OutcomeRecord, trigger?: Trigger): Promise<void> {
    const result = await appendRecord(
      this.options.store,
      {
        ledger_ref: this.ledger_ref,
        state: record.state,
        fields: record.fields,
        occurred_at: this.options.now(),
        trigger: trigger ?? this.options.trigger,
        actor: this.options.actor,
        writer: this.options.writer
      },
      this.chain
    )
    this.chain = result.chain
    this.state = verifiedState(this.chain)
    this.plan = planRecovery(this.state)
  }

  /** The chain read again from the arbiter after `lost`, and the run re-planned from it. */
  async reread(lost: LostRace): Promise<void> {
    const chain = await this.options.store.read(reader =>
      reader.readChain(this.ledger_ref, RUN_CHAIN, { refresh: true })
    )
    if (chain === null) throw lost
    this.chain = chain
    this.state = verifiedState(chain)
    this.plan = planRecovery(this.state)
  }

  /**
   * A record about an attempt, unless another writer settled the attempt first: the
   * receiver's own confirmation (docs/design/dispatch.md#the-receiver-confirms-itself) can land
   * between this step's read and its write, so this compare-and-set then loses; re-read, the
   * attempt is already `submitted` (or confirmed) and names the run that works, and nothing
   * more is written. Any other lost race is rethrown: the step re-reads and re-plans (protocol).
   */
  async appendUnlessSettled(
    record: OutcomeRecord,
    settled: {
      readonly attempt: number
      readonly by: 'submitted' | 'confirmed'
      readonly trigger?: Trigger
    }
  ): Promise<void> {
    try {
      await this.append(record, settled.trigger)
    } catch (error) {
      if (!(error instanceof LostRace)) throw error
      await this.reread(error)
      const now = this.state.attempts.find(a => a.number === settled.attempt)
      const done =
        this.state.state === 'dispatched' &&
        now?.submission_state === 'submitted' &&
        (settled.by === 'submitted' || isConfirmed(now))
      if (!done) throw error
    }
  }

  result(outcome: DispatchOutcome, attempt: number | null, message: string): DispatchResult {
    const at = attempt ?? this.state.current_attempt
    const current = this.state.attempts.find(a => a.number === at)
    return {
      outcome,
      driver: this.options.driver,
      owner: this.owner,
      sends: this.sends,
      ledger_ref: this.ledger_ref,
      chain: this.chain,
      state: this.state,
      plan: this.plan,
      attempt: at,
      submission_state: current?.submission_state ?? null,
      external_ids: current?.external_ids ?? {},
      admitted: this.admitted,
      message
    }
  }
}
