export const id = 519;
export const ids = [519];
export const modules = {

/***/ 7674:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ resolveDispatch)
/* harmony export */ });
/* unused harmony export defaultRunId */
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3086);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9301);
/* harmony import */ var _core_validate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(993);




function resolveDispatch(inputs, event, env) {
    const request = inputs.request ? (0,_core_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .parseJsonInput */ .o)(inputs.request, 'request') : undefined;
    const derived = (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveDispatch */ .Qj)({
        eventName: event.name,
        payload: event.payload,
        dispatchKey: inputs.dispatchKey || undefined,
        request
    });
    return { ...derived, run_id: inputs.runId || defaultRunId(derived.dispatch_key, env) };
}
/**
 * SPEC §7: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
function defaultRunId(dispatchKey, env) {
    const runId = env.GITHUB_RUN_ID ?? '';
    if (!/^\d+$/.test(runId))
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9('GITHUB_RUN_ID is not set, so there is no default run id. Run inside a workflow, ' +
            'or set the run-id input.');
    return `gh-${runId}-${(0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .keyHash */ .aE)(dispatchKey).slice(0, 12)}`;
}


/***/ }),

/***/ 1658:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ flag)
/* harmony export */ });
function flag(value) {
    return value ? 'true' : 'false';
}


/***/ }),

/***/ 7819:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  db: () => (/* binding */ notOwned),
  MR: () => (/* binding */ runOutputs),
  TO: () => (/* binding */ runRows),
  bz: () => (/* binding */ viewRun)
});

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/core/states.ts
var states = __webpack_require__(8001);
;// CONCATENATED MODULE: ./src/core/planRecovery.ts
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
const RecoveryActionSchema = schemas/* enum */.k5n(RECOVERY_ACTIONS);
const AUTHORITY_GATES = ['dispatch', 'verification', 'human_decision'];
const AuthorityGateSchema = schemas/* enum */.k5n(AUTHORITY_GATES);
const RecoveryPlanSchema = schemas/* strictObject */.rej({
    action: RecoveryActionSchema,
    reason: schemas/* string */.YjP().min(1),
    blind_resubmission_forbidden: schemas/* boolean */.zMY(),
    authority_required: AuthorityGateSchema.nullable()
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
    if (state.terminal || (0,states/* isTerminal */.Hd)(state.state)) {
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

// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var core_canonical = __webpack_require__(1649);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/record.ts
var core_record = __webpack_require__(4130);
;// CONCATENATED MODULE: ./src/core/transition.ts
/**
 * SPEC §5: the one definition of what may be appended after what. Pure: no I/O.
 *
 * `checkAppend` is what a writer calls before a compare-and-set append; `reconstruct`
 * folds a stored chain through the same `findAppendProblem`, so an append the writer
 * accepts is exactly a link the reader verifies.
 */



const KNOWN_STATES = new Set(states/* STATES */.xj);
const INITIAL = new Set(states/* INITIAL_STATES */.m1);
/** The states that may legally follow `from` (SPEC §5, `cancelled` included). */
function legalSuccessors(from) {
    if ((0,states/* isTerminal */.Hd)(from))
        return [];
    const next = [...states/* SUCCESSORS */.a9[from]];
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
        return illegal(`${JSON.stringify(next.state)} is not a ledger state`, `use one of ${states/* STATES */.xj.join(', ')}`);
    }
    if (previous === null) {
        if (!INITIAL.has(next.state)) {
            return illegal(`a ledger must start with admitted or proposed, not ${next.state}`, 'write the admitted (or proposed) record first, through admission');
        }
    }
    else {
        if ((0,states/* isTerminal */.Hd)(previous.state)) {
            return illegal(`${describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`, 'the run is over; a new request needs a new dispatch key and a new run');
        }
        if (!(0,states/* isLegalTransition */.nD)(previous.state, next.state)) {
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
function checkAppend(previous, next, previousDigest = previous === null ? null : digestOf(previous)) {
    const problem = findAppendProblem(previous, previousDigest, next);
    if (problem === null)
        return;
    if (problem.chain)
        throw new BrokenChain(problem.sequence, `${problem.what}; ${problem.fix}`);
    throw new IllegalTransition(`Cannot append ledger record ${problem.sequence}: ${problem.what}. Nothing was written; ${problem.fix}.`);
}

;// CONCATENATED MODULE: ./src/core/reconstruct.ts
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
        throw new errors/* BrokenChain */.rF(1, `record 1 is missing: the ledger holds no records; ${STORED}`);
    }
    const canonical = options.canonical;
    if (canonical !== undefined && canonical.length !== records.length) {
        throw new errors/* InvalidInput */.o9(`reconstruct was given ${records.length} records but ${canonical.length} canonical texts; pass one text per record or none`);
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
        const parsed = core_record/* RecordSchema */.X2.safeParse(record);
        if (!parsed.success) {
            const authority = record?.authority;
            const granted = authority && typeof authority === 'object'
                ? Object.keys(authority).filter(flag => authority[flag] !== false)
                : [];
            const what = granted.length > 0
                ? `record ${position} sets authority.${granted.join(', authority.')} to something other than false (a record is evidence, never a grant)`
                : `record ${position} is not a valid record: ${firstIssue(parsed.error)}`;
            throw new errors/* BrokenChain */.rF(position, `${what}; ${STORED}`);
        }
        const problem = findAppendProblem(previous, previousDigest, record);
        if (problem !== null) {
            throw new errors/* BrokenChain */.rF(position, `${problem.what}; ${STORED}`);
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
        previousDigest = text === undefined ? (0,core_canonical/* digestOf */.ol)(record) : `sha256:${(0,core_canonical/* sha256Hex */.fg)(text)}`;
    }
    const head = previous;
    return {
        run_id: head.run_id,
        dispatch_key: head.idempotency.dispatch_key,
        request_digest: head.idempotency.request_digest,
        state: head.state,
        terminal: (0,states/* isTerminal */.Hd)(head.state),
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

;// CONCATENATED MODULE: ./src/action/runView.ts


/** Reconstructs a chain (verifying it) and plans; null when there is no ledger. */
function viewRun(chain) {
    if (!chain || chain.length === 0)
        return null;
    const texts = chain.map(entry => entry.json);
    const canonical = texts.every(text => text !== undefined) ? texts : undefined;
    const state = reconstruct(chain.map(entry => entry.value), { headOid: chain[chain.length - 1]?.oid, canonical });
    return { state, plan: planRecovery(state) };
}
/**
 * What a workflow run that does not own the dispatch may do: nothing. Its outputs still show
 * the owning run's state, but its plan must never tell it to dispatch someone else's run.
 */
function notOwned(view, ownerRunId) {
    if (!view)
        return null;
    return {
        state: view.state,
        plan: {
            action: 'none',
            reason: `Run ${ownerRunId}, admitted by another workflow run, owns this dispatch; this workflow run must not act on it.`,
            blind_resubmission_forbidden: true,
            authority_required: null
        }
    };
}
/** The run outputs of SPEC §7; empty strings when there is no ledger to read. */
function runOutputs(view) {
    return {
        state: view?.state.state ?? '',
        terminal: view ? String(view.state.terminal) : '',
        sequence: view ? String(view.state.sequence) : '',
        recovery_action: view?.plan.action ?? '',
        recovery_reason: view?.plan.reason ?? '',
        blind_resubmission_forbidden: view ? String(view.plan.blind_resubmission_forbidden) : '',
        authority_required: view?.plan.authority_required ?? ''
    };
}
function runRows(view) {
    if (!view)
        return [['state', '(no ledger)']];
    return [
        ['state', `${view.state.state}${view.state.terminal ? ' (terminal)' : ''}`],
        ['sequence', String(view.state.sequence)],
        ['next action', view.plan.action],
        ['why', view.plan.reason]
    ];
}


/***/ }),

/***/ 3086:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AC: () => (/* binding */ triggerFor),
/* harmony export */   M2: () => (/* binding */ actorFrom),
/* harmony export */   Qj: () => (/* binding */ deriveDispatch)
/* harmony export */ });
/* unused harmony export KEY_SCHEME */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8816);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _admission_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8306);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4130);





/** SPEC §7, "Dispatch key derivation (scheme v1)". */
const KEY_SCHEME = 'v1';
const PositiveInt = zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .aig().int().positive();
const NonEmpty = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().min(1);
const Sha = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/);
const JsonObject = zod__WEBPACK_IMPORTED_MODULE_4__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_4__/* .unknown */ .L5J());
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().regex(/^[a-z][a-z_]*$/);
const POSITIVE_INT = 'a positive integer';
const SHA = '40 or 64 lowercase hex digits';
function deriveDispatch(input) {
    const override = input.dispatchKey;
    if (override !== undefined && override !== '') {
        checkKeyLength(override, null);
        // Event-independent on purpose: a key the user chose converges across events.
        return finish(override, { scheme: KEY_SCHEME, dispatch_key: override }, input);
    }
    const derive = Object.hasOwn(DERIVATIONS, input.eventName)
        ? DERIVATIONS[input.eventName]
        : undefined;
    if (derive === undefined)
        throw noDerivation(input.eventName);
    const reader = new PayloadReader(input.eventName, input.payload);
    const { event, key, fields } = derive(reader);
    checkKeyLength(key, input.eventName);
    // Only fields that name the intended work: never the sender or any timestamp.
    return finish(key, { scheme: KEY_SCHEME, event, ...fields }, input);
}
function finish(key, base, input) {
    const request = input.request === undefined ? base : { ...base, request: input.request };
    let request_digest;
    try {
        request_digest = (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .digestOf */ .ol)(request);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9('The request input has no JSON form. Set request to a JSON value (an object, array, string, number, boolean or null).');
    }
    return { dispatch_key: key, request, request_digest };
}
function checkKeyLength(key, eventName) {
    const bytes = Buffer.byteLength(key, 'utf8');
    const source = eventName === null
        ? 'The dispatch-key input'
        : `The dispatch key derived from the ${eventName} event`;
    if (bytes > _admission_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_KEY_BYTES */ .Xd) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${_admission_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_KEY_BYTES */ .Xd}. ` +
            'Set the dispatch-key input to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = _admission_js__WEBPACK_IMPORTED_MODULE_2__/* .DispatchKeySchema */ .Hr.safeParse(key);
    if (!parsed.success) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
    }
}
const DISPATCH_KEY_EXAMPLES = {
    schedule: 'nightly/${{ github.sha }}',
    workflow_run: 'workflow_run/${{ github.event.workflow_run.id }}',
    workflow_call: '${{ inputs.ticket }}'
};
function noDerivation(eventName) {
    const example = DISPATCH_KEY_EXAMPLES[eventName] ?? `${eventName || 'deploy'}/\${{ github.sha }}`;
    const what = eventName === ''
        ? 'GITHUB_EVENT_NAME is empty, so no dispatch key can be derived.'
        : `The event "${eventName}" has no dispatch key derivation.`;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`${what} Set the dispatch-key input to a key that names this dispatch ` +
        `(for example \`dispatch-key: ${example}\`); runs with the same key are admitted once.`);
}
const DERIVATIONS = {
    issues: p => {
        const repoId = p.repositoryId();
        const number = p.required('issue.number', PositiveInt, POSITIVE_INT);
        const action = p.required('action', ActionName, 'an action name such as "opened"');
        if (action === 'labeled') {
            const label = p.required('label.name', NonEmpty, 'a non-empty label name');
            return {
                event: 'issues',
                key: `v1/issues/${repoId}/${number}/labeled/${label}`,
                fields: { repository_id: repoId, number, action, label }
            };
        }
        return {
            event: 'issues',
            key: `v1/issues/${repoId}/${number}/${action}`,
            fields: { repository_id: repoId, number, action }
        };
    },
    pull_request: p => pullRequest(p),
    // The target variant runs in the base repository's context but names the same work.
    pull_request_target: p => pullRequest(p),
    issue_comment: p => {
        const repoId = p.repositoryId();
        const commentId = p.required('comment.id', PositiveInt, POSITIVE_INT);
        const body = p.required('comment.body', zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), 'a string');
        // An edit keeps the key and changes the digest, so it surfaces as a conflict.
        return {
            event: 'issue_comment',
            key: `v1/issue_comment/${repoId}/${commentId}`,
            fields: { repository_id: repoId, comment_id: commentId, body_sha256: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .sha256Hex */ .fg)(body) }
        };
    },
    workflow_dispatch: p => {
        const repoId = p.repositoryId();
        const workflow = p.required('workflow', NonEmpty, 'the workflow file path');
        const inputs = p.optional('inputs', JsonObject, 'an object') ?? {};
        const chosen = inputs['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(inputs));
        return {
            event: 'workflow_dispatch',
            key: `v1/workflow_dispatch/${repoId}/${workflow}/${last}`,
            fields: { repository_id: repoId, workflow, inputs }
        };
    },
    repository_dispatch: p => {
        const repoId = p.repositoryId();
        // Actions puts the API's event_type in `action`; a hand-made payload may keep the API name.
        const typeField = p.has('event_type') && !p.has('action') ? 'event_type' : 'action';
        const eventType = p.required(typeField, NonEmpty, 'the event_type string');
        const clientPayload = p.optional('client_payload', JsonObject, 'an object') ?? {};
        const chosen = clientPayload['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(clientPayload));
        return {
            event: 'repository_dispatch',
            key: `v1/repository_dispatch/${repoId}/${eventType}/${last}`,
            fields: { repository_id: repoId, event_type: eventType, client_payload: clientPayload }
        };
    },
    push: p => {
        const repoId = p.repositoryId();
        const ref = p.required('ref', NonEmpty, 'a git ref such as "refs/heads/main"');
        const after = p.required('after', Sha, SHA);
        return {
            event: 'push',
            key: `v1/push/${repoId}/${ref}/${after}`,
            fields: { repository_id: repoId, ref, after }
        };
    }
};
function pullRequest(p) {
    const repoId = p.repositoryId();
    const number = p.required('pull_request.number', PositiveInt, POSITIVE_INT);
    const headSha = p.required('pull_request.head.sha', Sha, SHA);
    const action = p.required('action', ActionName, 'an action name such as "opened"');
    // Only `labeled` names a label; an `unlabeled` label must not split the key from the digest.
    const label = action === 'labeled' ? p.required('label.name', NonEmpty, 'a non-empty label name') : null;
    const base = `v1/pull_request/${repoId}/${number}/${headSha}`;
    return {
        event: 'pull_request',
        key: label === null ? base : `${base}/labeled/${label}`,
        fields: { repository_id: repoId, number, head_sha: headSha, label }
    };
}
/** Reads fields of an untrusted event payload; every failure names the field and the event. */
class PayloadReader {
    eventName;
    root;
    constructor(eventName, payload) {
        this.eventName = eventName;
        if (!isPlainObject(payload)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`The ${eventName} event payload is not a JSON object (got ${describe(payload)}). ${HINT}`);
        }
        this.root = payload;
    }
    repositoryId() {
        return this.required('repository.id', PositiveInt, POSITIVE_INT);
    }
    has(path) {
        const value = this.lookup(path);
        return value !== undefined && value !== null;
    }
    required(path, schema, expected) {
        const value = this.lookup(path);
        if (value === undefined) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`The ${this.eventName} event payload is missing ${path} (expected ${expected}). ${HINT}`);
        }
        return this.check(path, value, schema, expected);
    }
    /** Absent and null both mean "not given". */
    optional(path, schema, expected) {
        const value = this.lookup(path);
        if (value === undefined || value === null)
            return undefined;
        return this.check(path, value, schema, expected);
    }
    check(path, value, schema, expected) {
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`The ${this.eventName} event payload has an invalid ${path} (expected ${expected}, got ${describe(value)}). ${HINT}`);
        }
        return parsed.data;
    }
    lookup(path) {
        let node = this.root;
        for (const part of path.split('.')) {
            // Own properties only: a payload must not reach us through a prototype.
            if (!isPlainObject(node) || !Object.hasOwn(node, part))
                return undefined;
            node = node[part];
        }
        return node;
    }
}
const HINT = 'Is GITHUB_EVENT_PATH the event of this workflow run?';
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'number' && !Number.isInteger(value))
        return `the number ${value}`;
    if (typeof value === 'number')
        return `the integer ${value}`;
    if (typeof value === 'string')
        return value === '' ? 'an empty string' : 'a string';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
const TRIGGER_BY_EVENT = {
    issues: 'issue',
    pull_request: 'pull_request',
    pull_request_target: 'pull_request',
    issue_comment: 'issue_comment',
    workflow_dispatch: 'workflow_dispatch',
    repository_dispatch: 'repository_dispatch',
    workflow_call: 'workflow_call',
    push: 'push',
    schedule: 'schedule',
    // A workflow_run follows another run: in this product that is recovery.
    workflow_run: 'recovery'
};
function triggerFor(eventName) {
    return Object.hasOwn(TRIGGER_BY_EVENT, eventName)
        ? TRIGGER_BY_EVENT[eventName]
        : 'webhook';
}
/** The payload's sender as a record actor; null when absent or malformed (never fatal). */
function actorFrom(payload) {
    if (!isPlainObject(payload) || !Object.hasOwn(payload, 'sender'))
        return null;
    const sender = payload['sender'];
    if (!isPlainObject(sender))
        return null;
    const parsed = _record_js__WEBPACK_IMPORTED_MODULE_3__/* .ActorSchema */ .Js.safeParse({ login: sender['login'], id: sender['id'] });
    return parsed.success ? parsed.data : null;
}


/***/ }),

/***/ 993:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ parseJsonInput),
/* harmony export */   z: () => (/* binding */ parseOrThrow)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);

/** Parses untrusted input with a schema; the error names the first bad field. */
function parseOrThrow(schema, value, what) {
    const parsed = schema.safeParse(value);
    if (parsed.success)
        return parsed.data;
    const issues = parsed.error.issues.slice(0, 3).map(issue => {
        const where = issue.path.length ? issue.path.join('.') : what;
        return `${where}: ${issue.message}`;
    });
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`${what} is invalid — ${issues.join('; ')}`);
}
/** Parses a JSON text input; the error names the input. */
function parseJsonInput(text, input) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The ${input} input is not valid JSON (${error.message}). ` +
            `Pass a JSON value, for example ${input}: '{"model": "large"}'.`);
    }
}


/***/ })

};
