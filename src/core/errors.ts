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
  constructor(
    readonly ref: string,
    detail: string
  ) {
    super(
      'corrupt_entry',
      `The entry at ${ref} is unreadable: ${detail}. dispatch-ledger will not overwrite it; ` +
        'inspect it with `git cat-file -p ' +
        ref +
        '` and repair or remove it by hand.'
    )
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
 * SPEC §9: a run selected from the event belongs to another workflow run. Nothing was written;
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
