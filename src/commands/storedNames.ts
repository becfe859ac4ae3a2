/**
 * docs/design/writers.md "Stored entries are checked against their names". A ref's name is a hash of what
 * the entry under it must say: an admission names the key it admits and the ledger of its run;
 * a ledger's records carry the run id whose hash names it. An entry that says otherwise was
 * written by hand or by something else, and is never followed: reading fails closed, naming
 * the ref, so nothing is ever written outside the namespace.
 */
import type { Admission } from '../core/admission.js'
import { CorruptEntry } from '../core/errors.js'
import type { LedgerRecord } from '../core/record.js'
import { admissionRef, ledgerRef } from '../core/refs.js'
import type { StoredEntry } from '../store/store.js'

/** The admission at admission_ref must admit the key that names it, for a run in namespace. */
export function checkAdmissionNames(
  namespace: string,
  admission_ref: string,
  admission: Admission
): Admission {
  if (admissionRef(namespace, admission.dispatch_key) !== admission_ref)
    throw new CorruptEntry(admission_ref, 'it holds a different dispatch key than its ref names')
  const expected = ledgerRef(namespace, admission.run_id)
  if (admission.ledger_ref !== expected)
    throw new CorruptEntry(
      admission_ref,
      `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
        `${JSON.stringify(admission.run_id)} (${expected})`
    )
  return admission
}

/**
 * The chain at ledger_ref must be the ledger of the run whose id names it. Record 1 is
 * checked here; that every later record carries the same run id is part of verifying the chain
 * (reconstruct), which names the first sequence that differs.
 */
export function checkChainNames(
  namespace: string,
  ledger_ref: string,
  chain: readonly StoredEntry<LedgerRecord>[]
): void {
  const first = chain[0]
  if (first === undefined || ledgerRef(namespace, first.value.run_id) === ledger_ref) return
  throw new CorruptEntry(
    ledger_ref,
    `record 1 belongs to run ${JSON.stringify(first.value.run_id)}, whose ledger is not this ` +
      'ref (a copied chain?)',
    chain.length > 1 ? first.oid : undefined
  )
}
