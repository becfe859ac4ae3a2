/**
 * What an operator must look at besides the runs a scan plans: runs whose admission names a
 * ledger that is not there (a deleted ledger ref: the run cannot be read, so no plan can be
 * made for it), and operations held for a person (an effect whose outcome is unknown, or one in
 * conflict: another actor holds what it would make, it was found more than once, or what it
 * made differs from its intent). Both are listed from the store in one session, so the
 * command line's `status` never hides a run it could not read.
 */
import { DispatchLedgerError } from '../core/errors.js'
import { answerIdName } from '../core/effect/decide.js'
import { OPERATION_CHAIN, foldOperation } from '../core/effect/operationChain.js'
import {
  KIND_NOUN,
  operationRef,
  type OperationRecord,
  type OperationState
} from '../core/effect/operation.js'
import { admissionsPrefix, operationsPrefix, runsPrefix } from '../core/refs.js'
import type { Memo, Store } from '../store/store.js'
import { listerOf } from './generations.js'

/** An admission whose run's ledger does not exist. */
export interface MissingLedger {
  readonly admission_ref: string
  readonly run_id: string
  readonly dispatch_key: string
  readonly ledger_ref: string
  readonly problem: string
}

/** An operation an operator must decide, whatever its kind. */
export interface HeldOperation {
  readonly operation_ref: string
  readonly operation_id: string | null
  readonly kind: string | null
  readonly state: OperationState | null
  readonly sequence: number | null
  readonly updated_at: string | null
  /** what the operator does next (or why the operation cannot be read) */
  readonly next: string
  /** why it cannot be read; null when it verifies */
  readonly error: string | null
}

/** The states in which nothing more happens until a person decides, and what they do. */
const HELD: Readonly<Partial<Record<OperationState, (head: OperationRecord) => string>>> = {
  unknown: ({ operation_id: id, intent }) =>
    `its outcome is unknown: find out whether it happened, then comment \`/ledger resolve-effect ${id} committed ${answerIdName(intent.kind)}\` or \`/ledger resolve-effect ${id} not-committed\``,
  conflict: ({ intent, observation }) => {
    const noun = KIND_NOUN[intent.kind]
    // The reason recorded with the conflict: what the lookup or the read-back saw.
    const why =
      observation ??
      `another actor holds what this ${noun} would make, or the ${noun} made differs from its intent`
    return (
      `this ${noun} is in conflict: ${why}. Nothing more is sent for it: look at what that names, deal ` +
      `with it by hand, and give the step a new operation-id if the ${noun} must still be made`
    )
  }
}

/** What an admission says, kept by its git id: admissions never change under one id. */
interface AdmissionSays {
  readonly run_id: string
  readonly dispatch_key: string
  readonly ledger_ref: string
}

/**
 * Admissions whose ledger is none of `ledgers` (every ledger the caller listed, live and
 * archived; null: those listed here). Each admission is read once; with a memo, once per admission id ever.
 */
export async function missingLedgers(
  { namespace }: { readonly namespace: string },
  { store }: { readonly store: Store & { readonly memo?: Memo } },
  ledgers: ReadonlySet<string> | null
): Promise<MissingLedger[]> {
  return store.read(async reader => {
    const lister = listerOf(store, reader)
    const listed = await lister.listRefs(admissionsPrefix(namespace))
    // null: the ledgers there are, listed here in the same session.
    const known =
      ledgers ?? new Set((await lister.listRefs(runsPrefix(namespace))).map(entry => entry.ref))
    const missing: MissingLedger[] = []
    for (const { ref, oid } of listed) {
      const key = `admission-says:v1:${oid}`
      let says = store.memo?.get(key) as AdmissionSays | undefined
      if (typeof says?.ledger_ref !== 'string') {
        try {
          const entry = await reader.readAdmission(ref)
          if (!entry) continue
          const { run_id, dispatch_key, ledger_ref } = entry.value
          says = { run_id, dispatch_key, ledger_ref }
          store.memo?.set(key, says)
        } catch (error) {
          // A corrupt admission is verify's to report; it is no missing ledger.
          if (!(error instanceof DispatchLedgerError)) throw error
          continue
        }
      }
      if (known.has(says.ledger_ref)) continue
      missing.push({
        admission_ref: ref,
        ...says,
        problem:
          `the admission ${ref} admits run ${says.run_id}, whose ledger ${says.ledger_ref} does ` +
          'not exist: it was deleted (by hand or by a tool), so the run cannot be read or ' +
          'planned. `dispatch-ledger verify` lists it; removing the admission as well lets the ' +
          'key be admitted afresh.'
      })
    }
    return missing
  })
}

/** One operation as status lists it (held or not), or null when there is no such operation. */
export async function readOperation(
  { namespace, operation_id }: { readonly namespace: string; readonly operation_id: string },
  { store }: { readonly store: Store }
): Promise<(HeldOperation & { readonly held: boolean }) | null> {
  const ref = operationRef(namespace, operation_id)
  return store.read(async reader => {
    const chain = await reader.readChain(ref, OPERATION_CHAIN)
    if (!chain) return null
    const op = foldOperation(
      chain.map(e => e.value),
      { headOid: chain[chain.length - 1]?.oid }
    )
    const head = chain[chain.length - 1]!.value
    const held = HELD[op.state]
    return {
      operation_ref: ref,
      operation_id: op.operation_id,
      kind: op.intent.kind,
      state: op.state,
      sequence: op.sequence,
      updated_at: head.occurred_at,
      next: held
        ? held(head)
        : op.final
          ? 'nothing: it has ended'
          : 'nothing yet: the step that owns it goes on',
      error: null,
      held: held !== undefined
    }
  })
}

/** Every operation whose state holds it for an operator, or that cannot be read. */
export async function heldOperations(
  { namespace }: { readonly namespace: string },
  { store }: { readonly store: Store }
): Promise<HeldOperation[]> {
  return store.read(async reader => {
    const listed = await listerOf(store, reader).listRefs(operationsPrefix(namespace))
    const held: HeldOperation[] = []
    for (const { ref } of listed) {
      try {
        const chain = await reader.readChain(ref, OPERATION_CHAIN)
        if (!chain) continue
        const op = foldOperation(
          chain.map(e => e.value),
          { headOid: chain[chain.length - 1]?.oid }
        )
        const next = HELD[op.state]
        if (!next) continue
        const head = chain[chain.length - 1]!.value
        held.push({
          operation_ref: ref,
          operation_id: op.operation_id,
          kind: op.intent.kind,
          state: op.state,
          sequence: op.sequence,
          updated_at: head.occurred_at,
          next: next(head),
          error: null
        })
      } catch (error) {
        if (!(error instanceof DispatchLedgerError)) throw error
        held.push({
          operation_ref: ref,
          operation_id: null,
          kind: null,
          state: null,
          sequence: null,
          updated_at: null,
          next: 'it does not verify: `dispatch-ledger verify` names what is wrong',
          error: error.message
        })
      }
    }
    return held
  })
}
