/**
 * `command: dispatch` (SPEC §10): the dispatch protocol of §5, done for the workflow. It reads
 * the run, plans it, and acts on the plan with a driver: intent durable before the send, the
 * outcome recorded after it, an ambiguous outcome reconciled once, and the one fenced re-send.
 * Every ledger write is a compare-and-set append; a lost race fails the step (re-plan).
 */
import {
  dispatchMove,
  idempotencyKey,
  MAX_SENDS_PER_ATTEMPT,
  MAX_SENDS_PER_STEP,
  sendsStarted
} from '../core/dispatchMove.js'
import { planRecovery, type RecoveryPlan } from '../core/planRecovery.js'
import { attemptToConfirm } from '../core/receiver.js'
import type {
  Actor,
  Attempt,
  LedgerRecord,
  SubmissionState,
  Trigger,
  Writer
} from '../core/record.js'
import type { RecoveredRunState } from '../core/reconstruct.js'
import {
  absentRecord,
  afterLookup,
  intentRecord,
  sendRecord,
  type OutcomeRecord,
  type SendOutcome
} from '../core/sendOutcome.js'
import type { AttemptCall, Driver } from '../drivers/driver.js'
import type { Store, StoredEntry } from '../store/store.js'
import { appendRecord } from './record.js'
import { verifiedState } from './runView.js'
import { mayAct, selectRun, type RunChoice } from './selectRun.js'

/** Where a test may stop the process (a real SIGKILL) to prove every crash is recoverable. */
export type DispatchBoundary = 'before-intent' | 'after-intent' | 'after-send' | 'after-outcome'

export interface DispatchOptions {
  readonly store: Store
  /**
   * Which run (SPEC §9): by run_id, by dispatch_key, or from the event. Selected from the
   * event, it acts only on a run this workflow run owns; any other is left alone (`not_owner`).
   */
  readonly choice: RunChoice
  readonly driver: Driver
  readonly trigger: Trigger
  readonly actor: Actor | null
  /** The workflow run appending (SPEC §9); null outside Actions. */
  readonly writer: Writer | null
  readonly now: () => string
  readonly onBoundary?: (boundary: DispatchBoundary) => void
}

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
  /** This workflow run owns the run (SPEC §9). */
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
}

/** Bounds the loop: a send, a reconcile, a failed attempt and the next send fit well within. */
const MAX_MOVES = 8

export async function dispatch(options: DispatchOptions): Promise<DispatchResult> {
  const selected = await selectRun(options.store, options.choice)
  const run = new RunLedger(options, selected.ledger_ref, selected.chain, selected.owner)
  if (!mayAct(selected))
    return run.result(
      'not_owner',
      null,
      `Run ${run.state.run_id} belongs to another workflow run; this one sends nothing. ` +
        'Set run-id (or dispatch-key) to act on it deliberately, as a recovery job does.'
    )
  const boundary = options.onBoundary ?? (() => {})
  const driver = options.driver
  let sends = 0
  const send = async (call: AttemptCall, attempt: Attempt, note: string | null) => {
    boundary('before-intent')
    const intent = intentRecord(driver.name, attempt, driver.intentIds(call))
    await run.append(note ? { ...intent, fields: { ...intent.fields, note } } : intent)
    boundary('after-intent')
    sends++
    const outcome = await driver.send(call, run.externalIds(attempt.number))
    run.sends = sends
    boundary('after-send')
    const record = sendRecord(driver.name, outcome, run.submission(attempt.number))
    if (record) await run.append(record)
    boundary('after-outcome')
    return outcome
  }

  for (let move = 0; move < MAX_MOVES; move++) {
    const next = dispatchMove(run.state, run.plan)
    if (next.kind === 'nothing') return run.result('nothing', null, next.reason)
    if (next.kind === 'observe') {
      const confirmed = await confirm(run, driver)
      return run.result(
        'observed',
        next.attempt,
        `Attempt ${next.attempt} was accepted earlier; nothing was sent.${confirmed} ${run.plan.reason}`
      )
    }
    const call = callFor(run.state, next.attempt.number)
    if (next.kind === 'send') {
      if (sends >= MAX_SENDS_PER_STEP)
        return run.result(
          'failed',
          next.attempt.number,
          'This step already sent twice; a later dispatch goes on.'
        )
      const outcome = await send(call, next.attempt, null)
      const done = finished(run, outcome, next.attempt.number)
      if (done) return done
      continue // ambiguous: reconcile once, straight away
    }

    // reconcile: look the attempt up, adopt what the provider has, or settle what it allows
    const lookup = await driver.lookup(call, run.externalIds(next.attempt.number))
    const sendsLeft = Math.min(
      MAX_SENDS_PER_STEP - sends,
      MAX_SENDS_PER_ATTEMPT - sendsStarted(run.records(), next.attempt.number)
    )
    switch (afterLookup(lookup, { fenced: driver.fenced, sendsLeft })) {
      case 'adopt': {
        const ids = lookup.kind === 'found' ? lookup.external_ids : {}
        await run.append(
          sendRecord(driver.name, { kind: 'submitted', external_ids: ids }, null) as OutcomeRecord,
          'provider_observation'
        )
        return run.result(
          'submitted',
          next.attempt.number,
          `The lookup found attempt ${next.attempt.number} at the provider; adopted, nothing sent again.`
        )
      }
      case 'fail_and_retry':
        await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation')
        continue // the plan is now retry_attempt: the next attempt is sent
      case 'fail_only':
        await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation')
        return run.result(
          'failed',
          next.attempt.number,
          `The provider has nothing for attempt ${next.attempt.number}; this step may not send again, so a later dispatch starts the next attempt.`
        )
      case 'resend': {
        const outcome = await send(
          call,
          next.attempt,
          `fenced re-send of attempt ${next.attempt.number}: ${reasonOf(lookup)}`
        )
        const done = finished(run, outcome, next.attempt.number)
        if (done) return done
        return run.result(
          'unresolved',
          next.attempt.number,
          `The fenced re-send of attempt ${next.attempt.number} ended with an unknown outcome too (${outcome.kind === 'ambiguous' ? outcome.reason : ''}). A later dispatch reconciles again; nothing is guessed.`
        )
      }
      case 'unresolved':
        return run.result(
          'unresolved',
          next.attempt.number,
          `Attempt ${next.attempt.number} may or may not be at the provider (${reasonOf(lookup)}), and ` +
            (driver.fenced
              ? 'it was already sent twice. A later dispatch reconciles again, or an operator resolves it.'
              : 'the provider is not fenced, so it is not sent again. An operator must resolve it (look the work up and record what the provider has).')
        )
    }
  }
  return run.result('unresolved', null, 'The dispatch did not settle; a later dispatch re-plans.')
}

/**
 * An accepted attempt whose receiver is not confirmed yet: look it up, and when a receiver has
 * admitted, record the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function confirm(run: RunLedger, driver: Driver): Promise<string> {
  const attempt = attemptToConfirm(run.state)
  if (attempt === null) return ''
  const lookup = await driver.lookup(callFor(run.state, attempt.number), attempt.external_ids)
  if (lookup.kind !== 'found') return ' No receiver has admitted it yet.'
  await run.append(
    sendRecord(
      driver.name,
      { kind: 'submitted', external_ids: lookup.external_ids },
      null
    ) as OutcomeRecord,
    'provider_observation'
  )
  return ' Its receiver has admitted: the ledger now names that run.'
}

function finished(run: RunLedger, outcome: SendOutcome, attempt: number): DispatchResult | null {
  if (outcome.kind === 'submitted')
    return run.result('submitted', attempt, `Attempt ${attempt} was sent and accepted.`)
  if (outcome.kind === 'refused') return run.result('failed', attempt, outcome.message)
  return null
}

function callFor(state: RecoveredRunState, attempt: number): AttemptCall {
  return {
    dispatch_key: state.dispatch_key,
    run_id: state.run_id,
    attempt,
    idempotency_key: idempotencyKey(state.run_id, attempt)
  }
}

function reasonOf(lookup: { kind: string; reason?: string }): string {
  return lookup.reason ?? lookup.kind
}

/** The run as this step sees it: the chain, its verified state and plan, kept current. */
class RunLedger {
  state: RecoveredRunState
  plan: RecoveryPlan
  sends = 0
  private chain: StoredEntry<LedgerRecord>[]

  constructor(
    private readonly options: DispatchOptions,
    readonly ledger_ref: string,
    chain: StoredEntry<LedgerRecord>[],
    private readonly owner: boolean
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

  result(outcome: DispatchOutcome, attempt: number | null, message: string): DispatchResult {
    const at = attempt ?? this.state.current_attempt
    const current = this.state.attempts.find(a => a.number === at)
    return {
      outcome,
      owner: this.owner,
      sends: this.sends,
      ledger_ref: this.ledger_ref,
      chain: this.chain,
      state: this.state,
      plan: this.plan,
      attempt: at,
      submission_state: current?.submission_state ?? null,
      external_ids: current?.external_ids ?? {},
      message
    }
  }
}
