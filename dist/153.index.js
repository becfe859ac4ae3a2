export const id = 153;
export const ids = [153];
export const modules = {

/***/ 987:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ verifiedState),
/* harmony export */   c: () => (/* binding */ readRun)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4461);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9301);



/** Finds a run and reads its whole chain in one read session; unknown runs are an error. */
async function readRun(store, namespace, selector) {
    return store.read(async (reader) => {
        let ledger_ref;
        let admission = null;
        if (selector.by === 'run_id')
            ledger_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRef */ .DH)(namespace, selector.run_id);
        else {
            const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .admissionRef */ .Rp)(namespace, selector.dispatch_key);
            admission = (await reader.readAdmission(ref))?.value ?? null;
            if (!admission)
                throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ${ref}). ` +
                    'Check dispatch-key and namespace, or admit it first.');
            ledger_ref = admission.ledger_ref;
        }
        const chain = await reader.readChain(ledger_ref);
        if (!chain)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(selector.by === 'run_id'
                ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
                    'Check run-id and namespace.'
                : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
                    `${admission?.run_id}, whose ledger ${ledger_ref} is missing. A replay of admit ` +
                    'from that run writes its first record.');
        return { ledger_ref, admission, chain };
    });
}
/** Reconstructs a stored chain (verifying it), reusing the canonical texts the reader checked. */
function verifiedState(chain) {
    const texts = chain.map(entry => entry.json);
    return (0,_core_reconstruct_js__WEBPACK_IMPORTED_MODULE_1__/* .reconstruct */ .f)(chain.map(entry => entry.value), {
        headOid: chain[chain.length - 1]?.oid,
        canonical: texts.every(text => text !== undefined) ? texts : undefined
    });
}


/***/ }),

/***/ 5183:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lA: () => (/* binding */ planRecovery)
/* harmony export */ });
/* unused harmony exports RECOVERY_ACTIONS, RecoveryActionSchema, AUTHORITY_GATES, AuthorityGateSchema, RecoveryPlanSchema */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8001);
/**
 * SPEC §6: the one next action that is safe for a recovered run. Pure: a function of the
 * RecoveredRunState alone. The plan grants nothing; `authority_required` names the gate
 * that must independently allow the step.
 */



const RECOVERY_ACTIONS = [
    'none',
    'reconcile_provider',
    'observe_provider',
    'preview',
    'admit',
    'dispatch',
    'retry_attempt',
    'await_operator',
    'normalize',
    'request_verification',
    'observe_verification',
    'retry_verification',
    'request_human_decision',
    'await_human_decision'
];
const RecoveryActionSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(RECOVERY_ACTIONS);
const AUTHORITY_GATES = ['dispatch', 'verification', 'human_decision'];
const AuthorityGateSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(AUTHORITY_GATES);
const RecoveryPlanSchema = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .strictObject */ .rej({
    action: RecoveryActionSchema,
    reason: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._minLength */ .m9(1)),
    blind_resubmission_forbidden: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY(),
    authority_required: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .nullable */ .mee(AuthorityGateSchema)
});
function ids(attempt) {
    const entries = Object.entries(attempt.external_ids);
    if (entries.length === 0)
        return '';
    return ` (${entries.map(([name, value]) => `${name} ${value}`).join(', ')})`;
}
function failureText(state) {
    return state.last_failure ? ` with ${state.last_failure.code}` : '';
}
const RECONCILE_TAIL = 'look the work up at the provider by its dispatch key and adopt what it has, and submit ' +
    'only if the provider demonstrably has nothing; a provider that cannot be looked up by ' +
    'key must be reported ambiguous and left to an operator';
/**
 * SPEC §6, rules in the table's order. Never converts an unknown outcome into "not sent".
 */
function planRecovery(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt) ?? null;
    const ambiguous = state.attempts.find(a => a.unresolved_ambiguous) ?? null;
    // Work may be (or is) at the provider unless the newest attempt definitely failed; then
    // any submission that is not the outcome of a provider lookup would be a blind duplicate.
    const inFlight = ambiguous !== null || (current !== null && !current.failed);
    const plan = (action, reason, authority_required = null) => ({
        action,
        reason,
        blind_resubmission_forbidden: action === 'reconcile_provider' || action === 'observe_provider' || inFlight,
        authority_required
    });
    // 1. terminal or admission_blocked
    if (state.terminal || (0,_states_js__WEBPACK_IMPORTED_MODULE_1__/* .isTerminal */ .Hd)(state.state)) {
        switch (state.state) {
            case 'decided':
                return plan('none', state.decision
                    ? `The run is finished: ${state.decision.by} ${state.decision.outcome} it. Nothing is left to do.`
                    : 'The run is finished: a human decision was recorded. Nothing is left to do.');
            case 'admission_blocked':
                return plan('none', 'Admission was blocked for this run, so nothing was or will be dispatched for it; a new request needs a new dispatch key.');
            default:
                return plan('none', 'The run was cancelled; nothing is left to do, and nothing may be dispatched for it again.');
        }
    }
    // 2. any attempt whose submission is ambiguous and not later resolved
    if (ambiguous !== null) {
        return plan('reconcile_provider', `The provider call of attempt ${ambiguous.number} ended with an unknown outcome, so the work may exist at the provider; ${RECONCILE_TAIL}. Record what the lookup found: dispatched with submitted and the external ids, or attempt_failed if the provider has nothing.`, 'dispatch');
    }
    // 3./4. dispatched: by the newest attempt's submission
    if (state.state === 'dispatched') {
        const number = current?.number ?? state.current_attempt ?? '?';
        if (current?.submission_state === 'submitted') {
            return plan('observe_provider', `The provider accepted attempt ${number}${ids(current)}; keep observing it by the recorded external ids (or its dispatch key) and never submit it again.`);
        }
        const why = current?.submission_state == null
            ? `Attempt ${number} was dispatched but no provider submission was recorded, so the provider call may have gone out before the coordinator stopped`
            : `The provider call of attempt ${number} may have gone out before the coordinator stopped (the ledger holds only the intent, ${current.submission_state})`;
        return plan('reconcile_provider', `${why}; ${RECONCILE_TAIL}.`, 'dispatch');
    }
    switch (state.state) {
        case 'proposed':
            return plan('preview', 'The run is proposed but not previewed; produce the preview and record it as previewed before anything is admitted.');
        case 'previewed':
            return plan('admit', 'The run has been previewed; admit it (or record admission_blocked) before anything is dispatched.');
        case 'admitted':
            return plan('dispatch', 'The run is admitted and nothing has been sent to the provider; if the dispatch gate allows it, record the intent (dispatched, not_submitted) first, then call the provider and record what it answered.', 'dispatch');
        case 'attempt_failed': {
            const number = current?.number ?? state.current_attempt ?? 0;
            const retryable = current?.retryable ?? state.last_failure?.retryable ?? false;
            if (retryable) {
                return plan('retry_attempt', `Attempt ${number} definitely failed${failureText(state)} and the failure is retryable; if the dispatch gate allows it, start attempt ${number + 1}, recording the intent before calling the provider.`, 'dispatch');
            }
            return plan('await_operator', `Attempt ${number} failed${failureText(state)} and the failure is not retryable; an operator must decide whether to start a new attempt or cancel the run.`);
        }
        case 'candidate_observed':
            return plan('normalize', 'The provider produced a candidate; normalize it into the form verification expects and record normalized.');
        case 'normalized':
            return plan('request_verification', 'The candidate is normalized; request verification if the verification gate allows it.', 'verification');
        case 'verification_requested':
            return plan('observe_verification', 'Verification was requested; wait for its result and record evidence_ready or verification_error. Do not request it again while it runs.');
        case 'verification_error':
            return plan('retry_verification', `Verification ended in an error${failureText(state)}; request it again if the verification gate allows it, or cancel the run.`, 'verification');
        case 'evidence_ready':
            return plan('request_human_decision', 'The evidence is ready; ask a human for a decision and record awaiting_human_decision.');
        case 'awaiting_human_decision':
            return plan('await_human_decision', 'A human decision was requested; wait for it. Only a person the human_decision gate allows may record decided.', 'human_decision');
    }
    // Unreachable for a state reconstruct produced; fail safe rather than guess.
    return plan('await_operator', `The run is in state ${String(state.state)}, which no recovery rule covers; an operator must inspect the ledger.`);
}


/***/ }),

/***/ 4461:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ reconstruct),
/* harmony export */   j: () => (/* binding */ dispatchAttemptFor)
/* harmony export */ });
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4130);
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8001);
/* harmony import */ var _transition_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7596);
/**
 * SPEC §5 "Reconstruct": fold a run's whole chain into a RecoveredRunState, verifying
 * every link with the same rules a writer's append obeys. Pure: no I/O. Linear: each
 * record is validated once and digested once.
 */





const STORED = 'the stored ledger does not verify (it was altered or written without these checks); ' +
    "inspect the run's ledger ref and repair it by hand. Nothing was planned from it";
function firstIssue(error) {
    const issue = error.issues[0];
    if (issue === undefined)
        return 'it is invalid';
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the record';
    return `${where} ${issue.message}`;
}
function applyProvider(attempt, provider) {
    if (provider === null)
        return;
    attempt.submission_state = provider.submission_state;
    attempt.driver = provider.driver;
    const ids = Object.keys(provider.external_ids);
    if (ids.length > 0)
        attempt.external_ids = { ...attempt.external_ids, ...provider.external_ids };
}
/**
 * Verify `records` (oldest first, the whole chain) and fold them into the run's state.
 * Throws `BrokenChain` naming the first sequence that does not verify; an empty list is
 * a broken chain at sequence 1. No record is ever skipped.
 */
function reconstruct(records, options = {}) {
    if (records.length === 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(1, `record 1 is missing: the ledger holds no records; ${STORED}`);
    }
    const canonical = options.canonical;
    if (canonical !== undefined && canonical.length !== records.length) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`reconstruct was given ${records.length} records but ${canonical.length} canonical texts; pass one text per record or none`);
    }
    const attempts = new Map();
    let previous = null;
    let previousDigest = null;
    let currentAttempt = null;
    let lastFailure = null;
    let decision = null;
    for (let index = 0; index < records.length; index++) {
        const record = records[index];
        const position = index + 1;
        const parsed = _record_js__WEBPACK_IMPORTED_MODULE_2__/* .RecordSchema */ .X2.safeParse(record);
        if (!parsed.success) {
            const authority = record?.authority;
            const granted = authority && typeof authority === 'object'
                ? Object.keys(authority).filter(flag => authority[flag] !== false)
                : [];
            const what = granted.length > 0
                ? `record ${position} sets authority.${granted.join(', authority.')} to something other than false (a record is evidence, never a grant)`
                : `record ${position} is not a valid record: ${firstIssue(parsed.error)}`;
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(position, `${what}; ${STORED}`);
        }
        const problem = (0,_transition_js__WEBPACK_IMPORTED_MODULE_4__/* .findAppendProblem */ .xC)(previous, previousDigest, record);
        if (problem !== null) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(position, `${problem.what}; ${STORED}`);
        }
        if (record.state === 'dispatched' || record.state === 'attempt_failed') {
            // findAppendProblem guarantees both states carry an attempt.
            const number = record.attempt.number;
            let attempt = attempts.get(number);
            if (attempt === undefined) {
                attempt = {
                    number,
                    reason: record.attempt.reason,
                    submission_state: null,
                    external_ids: {},
                    driver: null,
                    unresolved_ambiguous: false,
                    failed: false,
                    retryable: null
                };
                attempts.set(number, attempt);
            }
            currentAttempt = number;
            applyProvider(attempt, record.provider);
            if (record.state === 'dispatched') {
                const submission = record.provider?.submission_state;
                if (submission === 'ambiguous')
                    attempt.unresolved_ambiguous = true;
                else if (submission === 'submitted')
                    attempt.unresolved_ambiguous = false;
            }
            else {
                attempt.failed = true;
                attempt.retryable = record.failure.retryable;
                attempt.unresolved_ambiguous = false;
            }
        }
        if (record.failure !== null)
            lastFailure = record.failure;
        if (record.decision !== null)
            decision = record.decision;
        previous = record;
        const text = canonical?.[index];
        previousDigest = text === undefined ? (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .digestOf */ .ol)(record) : `sha256:${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .sha256Hex */ .fg)(text)}`;
    }
    const head = previous;
    return {
        run_id: head.run_id,
        dispatch_key: head.idempotency.dispatch_key,
        request_digest: head.idempotency.request_digest,
        state: head.state,
        terminal: (0,_states_js__WEBPACK_IMPORTED_MODULE_3__/* .isTerminal */ .Hd)(head.state),
        sequence: head.ledger_sequence,
        head_oid: options.headOid ?? null,
        head_digest: previousDigest,
        attempts: [...attempts.values()].sort((a, b) => a.number - b.number),
        current_attempt: currentAttempt,
        last_failure: lastFailure,
        decision,
        records: records.length,
        updated_at: head.occurred_at
    };
}
/**
 * The attempt a `dispatched` record appended now must carry, or null when the run's
 * state does not allow a dispatch: attempt 1 after `admitted`, the same attempt for a
 * submission update after `dispatched`, the next number after `attempt_failed`.
 */
function dispatchAttemptFor(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    switch (state.state) {
        case 'admitted':
            return { number: 1, reason: 'initial' };
        case 'dispatched':
            return current ? { number: current.number, reason: current.reason } : null;
        case 'attempt_failed':
            return { number: (state.current_attempt ?? 0) + 1, reason: 'retry' };
        default:
            return null;
    }
}


/***/ }),

/***/ 7596:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ff: () => (/* binding */ checkAppend),
/* harmony export */   xC: () => (/* binding */ findAppendProblem)
/* harmony export */ });
/* unused harmony exports legalSuccessors, requiredAttemptNumber */
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _states_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8001);
/**
 * SPEC §5: the one definition of what may be appended after what. Pure: no I/O.
 *
 * `checkAppend` is what a writer calls before a compare-and-set append; `reconstruct`
 * folds a stored chain through the same `findAppendProblem`, so an append the writer
 * accepts is exactly a link the reader verifies.
 */



const KNOWN_STATES = new Set(_states_js__WEBPACK_IMPORTED_MODULE_2__/* .STATES */ .xj);
const INITIAL = new Set(_states_js__WEBPACK_IMPORTED_MODULE_2__/* .INITIAL_STATES */ .m1);
/** The states that may legally follow `from` (SPEC §5, `cancelled` included). */
function legalSuccessors(from) {
    if ((0,_states_js__WEBPACK_IMPORTED_MODULE_2__/* .isTerminal */ .Hd)(from))
        return [];
    const next = [..._states_js__WEBPACK_IMPORTED_MODULE_2__/* .SUCCESSORS */ .a9[from]];
    if (!next.includes('cancelled'))
        next.push('cancelled');
    return next;
}
/**
 * The attempt number a record in `nextState` appended after `previous` must carry, or
 * null when the state machine puts no constraint on it (or the transition is illegal).
 *
 * - the first `dispatched` after `admitted` is attempt 1;
 * - a `dispatched` after `dispatched` is a submission update: same number;
 * - a `dispatched` after `attempt_failed` is a new attempt: failed number + 1;
 * - an `attempt_failed` fails the attempt the previous `dispatched` record carries.
 */
function requiredAttemptNumber(previous, nextState) {
    if (previous === null)
        return null;
    const current = previous.attempt?.number ?? null;
    if (nextState === 'dispatched') {
        if (previous.state === 'admitted')
            return 1;
        if (previous.state === 'dispatched')
            return current;
        if (previous.state === 'attempt_failed')
            return current === null ? null : current + 1;
        return null;
    }
    if (nextState === 'attempt_failed' && previous.state === 'dispatched')
        return current;
    return null;
}
function describe(record) {
    return `record ${record.ledger_sequence} (${record.state})`;
}
const REBUILD = 're-read the ledger head and build the record on top of it';
/**
 * The first problem with appending `next` after `previous`, or null when the link is
 * sound. `previousDigest` must be `digestOf(previous)` (null when there is no previous);
 * it is a parameter so a fold digests every record exactly once.
 */
function findAppendProblem(previous, previousDigest, next) {
    const sequence = previous === null ? 1 : previous.ledger_sequence + 1;
    const chain = (what, fix = REBUILD) => ({
        chain: true,
        sequence,
        what,
        fix
    });
    const illegal = (what, fix) => ({
        chain: false,
        sequence,
        what,
        fix
    });
    // --- the chain itself -------------------------------------------------------------
    if (next.ledger_sequence !== sequence) {
        return chain(previous === null
            ? `the first record must have ledger_sequence 1, not ${String(next.ledger_sequence)}`
            : `the record after sequence ${previous.ledger_sequence} must have ledger_sequence ${sequence}, not ${String(next.ledger_sequence)}`);
    }
    if (previous === null) {
        if (next.previous_record_digest !== null) {
            return chain(`record 1 must have previous_record_digest null, not ${String(next.previous_record_digest)}`, 'a first record has no predecessor; set previous_record_digest to null');
        }
    }
    else {
        if (next.previous_record_digest !== previousDigest) {
            return chain(`previous_record_digest is ${String(next.previous_record_digest)}, but the digest of record ${previous.ledger_sequence} is ${String(previousDigest)}`);
        }
        if (next.run_id !== previous.run_id) {
            return chain(`run_id ${JSON.stringify(next.run_id)} differs from the ledger's run_id ${JSON.stringify(previous.run_id)}`, 'a ledger holds one run; append to the ledger of the run the record is about');
        }
        if (next.idempotency?.dispatch_key !== previous.idempotency.dispatch_key) {
            return chain(`idempotency.dispatch_key ${JSON.stringify(next.idempotency?.dispatch_key)} differs from the ledger's ${JSON.stringify(previous.idempotency.dispatch_key)}`, 'every record of a run carries the dispatch key the run was admitted under');
        }
        if (next.idempotency.request_digest !== previous.idempotency.request_digest) {
            return chain(`idempotency.request_digest ${String(next.idempotency.request_digest)} differs from the ledger's ${previous.idempotency.request_digest}`, 'every record of a run carries the request digest the run was admitted with');
        }
    }
    // --- what a record may claim ------------------------------------------------------
    const authority = (next.authority ?? {});
    const granted = Object.keys(authority).filter(flag => authority[flag] !== false);
    if (next.authority == null || granted.length > 0) {
        return illegal(next.authority == null
            ? `${describe(next)} has no authority block`
            : `${describe(next)} sets authority.${granted.join(', authority.')} to something other than false`, 'a record is evidence, never a grant: every authority flag must be false');
    }
    // --- the state machine ------------------------------------------------------------
    if (!KNOWN_STATES.has(next.state)) {
        return illegal(`${JSON.stringify(next.state)} is not a ledger state`, `use one of ${_states_js__WEBPACK_IMPORTED_MODULE_2__/* .STATES */ .xj.join(', ')}`);
    }
    if (previous === null) {
        if (!INITIAL.has(next.state)) {
            return illegal(`a ledger must start with admitted or proposed, not ${next.state}`, 'write the admitted (or proposed) record first, through admission');
        }
    }
    else {
        if ((0,_states_js__WEBPACK_IMPORTED_MODULE_2__/* .isTerminal */ .Hd)(previous.state)) {
            return illegal(`${describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`, 'the run is over; a new request needs a new dispatch key and a new run');
        }
        if (!(0,_states_js__WEBPACK_IMPORTED_MODULE_2__/* .isLegalTransition */ .nD)(previous.state, next.state)) {
            return illegal(`${previous.state} cannot be followed by ${next.state}`, `from ${previous.state} the ledger may only move to ${legalSuccessors(previous.state).join(' or ')}`);
        }
    }
    // --- fields a state requires ------------------------------------------------------
    if (next.state === 'dispatched') {
        if (next.attempt == null) {
            return illegal(`${describe(next)} carries no attempt`, 'a dispatched record must say which attempt it is about ({number, reason})');
        }
        const required = requiredAttemptNumber(previous, 'dispatched');
        if (required === null) {
            return illegal(`${describe(previous)} carries no attempt number to continue from`, 'repair the previous record; a dispatched or attempt_failed record must carry its attempt');
        }
        if (next.attempt.number !== required) {
            const why = previous?.state === 'dispatched'
                ? `a dispatched record after dispatched is a submission update for the same attempt, ${required}`
                : previous?.state === 'attempt_failed'
                    ? `a dispatched record after attempt ${required - 1} failed starts attempt ${required}`
                    : 'the first dispatched record after admitted is attempt 1';
            return illegal(`${describe(next)} carries attempt ${next.attempt.number}, but ${why}`, `set attempt.number to ${required}`);
        }
        if (next.provider?.submission_state === 'definite_failure') {
            return illegal(`${describe(next)} records submission_state definite_failure`, 'a definite provider refusal is recorded as attempt_failed with failure.retryable, not as dispatched');
        }
    }
    if (next.state === 'attempt_failed') {
        const required = requiredAttemptNumber(previous, 'attempt_failed');
        if (next.attempt == null || next.attempt.number !== required) {
            return illegal(next.attempt == null
                ? `${describe(next)} carries no attempt`
                : `${describe(next)} carries attempt ${next.attempt.number}, but the attempt in flight is ${String(required)}`, `an attempt_failed record must carry the number of the attempt it fails (${String(required)})`);
        }
        if (next.failure == null) {
            return illegal(`${describe(next)} carries no failure`, 'say why the attempt failed: failure {code, classification, retryable}');
        }
        if (next.provider?.submission_state === 'ambiguous') {
            return illegal(`${describe(next)} records submission_state ambiguous`, 'an unknown outcome is not a failure: record it as dispatched with submission_state ambiguous and reconcile with the provider by the dispatch key');
        }
    }
    if (next.state === 'candidate_observed' &&
        previous?.state === 'dispatched' &&
        previous.provider?.submission_state === 'ambiguous') {
        return illegal(`attempt ${String(previous.attempt?.number)}'s submission is still ambiguous`, 'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found');
    }
    if (next.state === 'decided' && next.decision == null) {
        return illegal(`${describe(next)} carries no decision`, 'a decided record must carry decision {outcome, by}');
    }
    return null;
}
/**
 * Throw unless `next` may be appended after `previous` (null: `next` would be record 1).
 * Chain problems (sequence, previous digest, run id, dispatch key, request digest) throw
 * `BrokenChain`; everything else throws `IllegalTransition`. Nothing is written either way.
 */
function checkAppend(previous, next, previousDigest = previous === null ? null : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .digestOf */ .ol)(previous)) {
    const problem = findAppendProblem(previous, previousDigest, next);
    if (problem === null)
        return;
    if (problem.chain)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BrokenChain */ .rF(problem.sequence, `${problem.what}; ${problem.fix}`);
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .IllegalTransition */ .sK(`Cannot append ledger record ${problem.sequence}: ${problem.what}. Nothing was written; ${problem.fix}.`);
}


/***/ })

};
