import { entryLocation, inspectCommand } from './index/location.js'

/**
 * Every failure the action reports is one of these: the message says what is wrong and
 * what to do; `code` lets tests and callers tell them apart without parsing text.
 */
export class DispatchLedgerError extends Error {
  constructor(
    readonly code: string,
    message: string
  ) {
    super(message)
    this.name = new.target.name
  }
}

/** Input the user or the event gave us is unusable. Nothing was written. */
export class InvalidInput extends DispatchLedgerError {
  constructor(message: string) {
    super('invalid_input', message)
  }
}

/** Same dispatch key, different request digest. Nothing was written. */
export class AdmissionConflict extends DispatchLedgerError {
  constructor(
    message: string,
    readonly stored: { run_id: string; request_digest: string }
  ) {
    super('admission_conflict', message)
  }
}

/** A stored entry cannot be trusted; we fail closed and never overwrite it. */
export class CorruptEntry extends DispatchLedgerError {
  /** Where the entry really is (an admission's bucket path in layout v2, else ref itself). */
  readonly where: string
  /** `oid`: the commit within the chain at ref that is at fault, when it is not the head. */
  constructor(
    readonly ref: string,
    detail: string,
    readonly oid?: string
  ) {
    const where = entryLocation(ref)
    super(
      'corrupt_entry',
      `The entry at ${where}${oid ? ` (commit ${oid})` : ''} cannot be trusted: ${detail}. ` +
        `dispatch-ledger will not follow or overwrite it; inspect it with ` +
        `${inspectCommand(oid ?? where)} and repair or remove it by hand.`
    )
    this.where = where
  }
}

/** A ledger chain does not verify; `sequence` is the first bad record. */
export class BrokenChain extends DispatchLedgerError {
  constructor(
    readonly sequence: number,
    detail: string
  ) {
    super('broken_chain', `The ledger chain is broken at sequence ${sequence}: ${detail}.`)
  }
}

/** A transition the state machine does not allow. Nothing was written. */
export class IllegalTransition extends DispatchLedgerError {
  constructor(message: string) {
    super('illegal_transition', message)
  }
}

/** A compare-and-set lost to another writer. Nothing was written; re-read and re-plan. */
export class LostRace extends DispatchLedgerError {
  constructor(message: string) {
    super('lost_race', message)
  }
}

/** The store itself failed (git missing, not a repository, no permission). */
export class StoreError extends DispatchLedgerError {
  constructor(message: string) {
    super('store_error', message)
  }
}

/** An input_key already recorded with a different payload. Nothing was written. */
export class InputConflict extends DispatchLedgerError {
  constructor(message: string) {
    super('input_conflict', message)
  }
}

/**
 * docs/design/writers.md: a run selected from the event belongs to another workflow run. Nothing was written;
 * `owner` is the run id of the run that was selected.
 */
export class NotOwner extends DispatchLedgerError {
  constructor(
    message: string,
    readonly owner: string
  ) {
    super('not_owner', message)
  }
}

/**
 * A ledger no admission admits: its key has no admission, or every generation of the key
 * admits another run. A run is writable only through its admission, so nothing writes to it
 * or sends for it; `why` says which of the two it is.
 */
export class OrphanRun extends DispatchLedgerError {
  constructor(
    readonly ledger_ref: string,
    readonly run_id: string,
    readonly dispatch_key: string,
    why: string
  ) {
    super(
      'orphan_run',
      `Run ${JSON.stringify(run_id)} (ledger ${ledger_ref}) is an orphan: its dispatch key ` +
        `${JSON.stringify(dispatch_key)} ${why}, and a run is writable only through its ` +
        'admission. Nothing was written and nothing was sent. A ledger like this was made by ' +
        `hand or by another tool, not by admit: inspect it with \`git log -p ${ledger_ref}\`; ` +
        `if it is not yours to keep, delete it with \`git update-ref -d ${ledger_ref}\` (and ` +
        `\`git push origin :${ledger_ref}\` on the origin).`
    )
  }
}
