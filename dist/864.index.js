export const id = 864;
export const ids = [864];
export const modules = {

/***/ 4864:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  admitStep: () => (/* reexport */ admitStep),
  planStep: () => (/* reexport */ planStep),
  previewStep: () => (/* reexport */ previewStep),
  recordStep: () => (/* reexport */ recordStep),
  scanStep: () => (/* reexport */ scanStep)
});

// EXTERNAL MODULE: ./src/core/admission.ts
var core_admission = __webpack_require__(8306);
// EXTERNAL MODULE: ./src/core/entry.ts
var entry = __webpack_require__(5263);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/record.ts
var core_record = __webpack_require__(4130);
// EXTERNAL MODULE: ./src/core/refs.ts
var core_refs = __webpack_require__(9301);
// EXTERNAL MODULE: ./src/core/states.ts
var states = __webpack_require__(8001);
;// CONCATENATED MODULE: ./src/core/validate.ts

/** Parses untrusted input with a schema; the error names the first bad field. */
function parseOrThrow(schema, value, what) {
    const parsed = schema.safeParse(value);
    if (parsed.success)
        return parsed.data;
    const issues = parsed.error.issues.slice(0, 3).map(issue => {
        return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    });
    throw new errors/* InvalidInput */.o9(`${what} is invalid: ${issues.join('; ')}.`);
}
/** Parses a JSON text input; the error names the input. */
function parseJsonInput(text, input) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new InvalidInput(`The ${input} input is not valid JSON (${error.message}). ` +
            `Pass a JSON value, for example ${input}: '{"model": "large"}'.`);
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/core/schema.ts + 1 modules
var schema = __webpack_require__(1183);
// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var core_canonical = __webpack_require__(1649);
;// CONCATENATED MODULE: ./src/core/dispatchKey.ts






/** SPEC §7, "Dispatch key derivation (scheme v1)". */
const KEY_SCHEME = 'v1';
const PositiveInt = schemas/* int */.Whr().check(api/* _positive */.NC());
const NonEmpty = schemas/* string */.YjP().check(api/* _minLength */.m9(1));
const Sha = schemas/* string */.YjP().check(api/* _regex */.Fk(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/));
const JsonObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = schemas/* string */.YjP().check(api/* _regex */.Fk(/^[a-z][a-z_]*$/));
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
        request_digest = (0,core_canonical/* digestOf */.ol)(request);
    }
    catch {
        throw new errors/* InvalidInput */.o9('The `request` has no JSON form. Give the `request` as a JSON value (an object, array, string, number, boolean or null).');
    }
    return { dispatch_key: key, request, request_digest };
}
function checkKeyLength(key, eventName) {
    const bytes = Buffer.byteLength(key, 'utf8');
    const source = eventName === null
        ? 'The `dispatch_key`'
        : `The dispatch key derived from the ${eventName} event`;
    if (bytes > core_admission/* MAX_KEY_BYTES */.Xd) {
        throw new errors/* InvalidInput */.o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${core_admission/* MAX_KEY_BYTES */.Xd}. ` +
            'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = core_admission/* DispatchKeySchema */.Hr.safeParse(key);
    if (!parsed.success) {
        throw new errors/* InvalidInput */.o9(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
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
    return new errors/* InvalidInput */.o9(`${what} Set the \`dispatch_key\` to a key that names this dispatch ` +
        `(for example \`${example}\`); runs with the same key are admitted once.`);
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
        const body = p.required('comment.body', schemas/* string */.YjP(), 'a string');
        // An edit keeps the key and changes the digest, so it surfaces as a conflict.
        return {
            event: 'issue_comment',
            key: `v1/issue_comment/${repoId}/${commentId}`,
            fields: { repository_id: repoId, comment_id: commentId, body_sha256: (0,core_canonical/* sha256Hex */.fg)(body) }
        };
    },
    workflow_dispatch: p => {
        const repoId = p.repositoryId();
        const workflow = p.required('workflow', NonEmpty, 'the workflow file path');
        const inputs = p.optional('inputs', JsonObject, 'an object') ?? {};
        const chosen = inputs['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,core_canonical/* sha256Hex */.fg)((0,core_canonical/* canonicalJson */.dj)(inputs));
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
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,core_canonical/* sha256Hex */.fg)((0,core_canonical/* canonicalJson */.dj)(clientPayload));
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
            throw new errors/* InvalidInput */.o9(`The ${eventName} event payload is not a JSON object (got ${describe(payload)}). ${HINT}`);
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
            throw new errors/* InvalidInput */.o9(`The ${this.eventName} event payload is missing ${path} (expected ${expected}). ${HINT}`);
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
            throw new errors/* InvalidInput */.o9(`The ${this.eventName} event payload has an invalid ${path} (expected ${expected}, got ${describe(value)}). ${HINT}`);
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
    const parsed = core_record/* ActorSchema */.Js.safeParse({ login: sender['login'], id: sender['id'] });
    return parsed.success ? parsed.data : null;
}

;// CONCATENATED MODULE: ./src/core/time.ts

/** SPEC §9 "Time": entries are dated from 2000 to 9999; anything else is a broken clock. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(10000, 0, 1) - 1000;
/**
 * An entry's timestamp from a clock reading: RFC 3339 UTC, whole seconds (a commit's own
 * timestamp has no finer grain). A clock outside 2000–9999 is an error, never a record: git
 * rejects commits dated before 1970, and such a date is never the truth.
 */
function time_timestampOf(now) {
    const ms = now.getTime();
    if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST)
        throw new errors/* InvalidInput */.o9(`The clock reads ${Number.isFinite(ms) ? now.toISOString() : 'an invalid time'}, outside ` +
            '2000-01-01 to 9999-12-31. Nothing was written; fix the machine clock (NTP) and run again.');
    return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

;// CONCATENATED MODULE: ./src/core/newRecord.ts


/** A complete record from the fields a caller knows; everything else takes its empty value. */
function newRecord(fields) {
    return {
        schema: core_record/* RECORD_SCHEMA */.ep,
        run_id: fields.run_id,
        ledger_sequence: fields.ledger_sequence,
        previous_record_digest: fields.previous_record_digest,
        state: fields.state,
        occurred_at: fields.occurred_at,
        trigger: fields.trigger,
        actor: fields.actor,
        idempotency: {
            dispatch_key: fields.dispatch_key,
            request_digest: fields.request_digest,
            input_key: fields.input_key ?? null
        },
        attempt: fields.attempt ?? null,
        provider: fields.provider ?? null,
        failure: fields.failure ?? null,
        evidence: fields.evidence ?? [],
        decision: fields.decision ?? null,
        note: fields.note ?? null,
        authority: { ...core_record/* NO_AUTHORITY */.Ce },
        writer: fields.writer
    };
}
/** The clock's reading as an entry timestamp (whole seconds, 2000–9999: see timestampOf). */
function nowTimestamp(now = new Date()) {
    return timestampOf(now);
}

// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/core/writer.ts
var core_writer = __webpack_require__(7416);
;// CONCATENATED MODULE: ./src/commands/dispatchTarget.ts





function resolveDispatch(options) {
    const derived = deriveDispatch({
        eventName: options.event.name,
        payload: options.event.payload,
        dispatchKey: options.dispatch_key || undefined,
        request: options.request
    });
    const run_id = options.run_id
        ? (0,core_text/* checkRunId */.np)(options.run_id)
        : defaultRunId(derived.dispatch_key, options.writer);
    return {
        ...derived,
        run_id,
        dispatch_key_hash: (0,core_refs/* keyHash */.aE)(derived.dispatch_key),
        admission_ref: (0,core_refs/* admissionRef */.Rp)(options.namespace, derived.dispatch_key),
        ledger_ref: (0,core_refs/* ledgerRef */.DH)(options.namespace, run_id)
    };
}
/**
 * SPEC §7: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
function defaultRunId(dispatchKey, writer) {
    if (writer === null)
        throw new errors/* InvalidInput */.o9('This process is not a workflow run (GITHUB_RUN_ID is not set), so there is no default ' +
            '`run_id`. Run inside a workflow, or give the `run_id`.');
    return `${(0,core_writer/* defaultRunIdPrefix */.se)(writer)}${(0,core_refs/* keyHash */.aE)(dispatchKey).slice(0, 12)}`;
}

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
    reason: schemas/* string */.YjP().check(api/* _minLength */.m9(1)),
    blind_resubmission_forbidden: schemas/* boolean */.zMY(),
    authority_required: schemas/* nullable */.mee(AuthorityGateSchema)
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
function transition_describe(record) {
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
            ? `${transition_describe(next)} has no authority block`
            : `${transition_describe(next)} sets authority.${granted.join(', authority.')} to something other than false`, 'a record is evidence, never a grant: every authority flag must be false');
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
            return illegal(`${transition_describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`, 'the run is over; a new request needs a new dispatch key and a new run');
        }
        if (!(0,states/* isLegalTransition */.nD)(previous.state, next.state)) {
            return illegal(`${previous.state} cannot be followed by ${next.state}`, `from ${previous.state} the ledger may only move to ${legalSuccessors(previous.state).join(' or ')}`);
        }
    }
    // --- fields a state requires ------------------------------------------------------
    if (next.state === 'dispatched') {
        if (next.attempt == null) {
            return illegal(`${transition_describe(next)} carries no attempt`, 'a dispatched record must say which attempt it is about ({number, reason})');
        }
        const required = requiredAttemptNumber(previous, 'dispatched');
        if (required === null) {
            return illegal(`${transition_describe(previous)} carries no attempt number to continue from`, 'repair the previous record; a dispatched or attempt_failed record must carry its attempt');
        }
        if (next.attempt.number !== required) {
            const why = previous?.state === 'dispatched'
                ? `a dispatched record after dispatched is a submission update for the same attempt, ${required}`
                : previous?.state === 'attempt_failed'
                    ? `a dispatched record after attempt ${required - 1} failed starts attempt ${required}`
                    : 'the first dispatched record after admitted is attempt 1';
            return illegal(`${transition_describe(next)} carries attempt ${next.attempt.number}, but ${why}`, `set attempt.number to ${required}`);
        }
        if (next.provider?.submission_state === 'definite_failure') {
            return illegal(`${transition_describe(next)} records submission_state definite_failure`, 'a definite provider refusal is recorded as attempt_failed with failure.retryable, not as dispatched');
        }
    }
    if (next.state === 'attempt_failed') {
        const required = requiredAttemptNumber(previous, 'attempt_failed');
        if (next.attempt == null || next.attempt.number !== required) {
            return illegal(next.attempt == null
                ? `${transition_describe(next)} carries no attempt`
                : `${transition_describe(next)} carries attempt ${next.attempt.number}, but the attempt in flight is ${String(required)}`, `an attempt_failed record must carry the number of the attempt it fails (${String(required)})`);
        }
        if (next.failure == null) {
            return illegal(`${transition_describe(next)} carries no failure`, 'say why the attempt failed: failure {code, classification, retryable}');
        }
        if (next.provider?.submission_state === 'ambiguous') {
            return illegal(`${transition_describe(next)} records submission_state ambiguous`, 'an unknown outcome is not a failure: record it as dispatched with submission_state ambiguous and reconcile with the provider by the dispatch key');
        }
    }
    if (next.state === 'candidate_observed' &&
        previous?.state === 'dispatched' &&
        previous.provider?.submission_state === 'ambiguous') {
        return illegal(`attempt ${String(previous.attempt?.number)}'s submission is still ambiguous`, 'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found');
    }
    if (next.state === 'decided' && next.decision == null) {
        return illegal(`${transition_describe(next)} carries no decision`, 'a decided record must carry decision {outcome, by}');
    }
    return null;
}
/**
 * Throw unless `next` may be appended after `previous` (null: `next` would be record 1).
 * Chain problems (sequence, previous digest, run id, dispatch key, request digest) throw
 * `BrokenChain`; everything else throws `IllegalTransition`. Nothing is written either way.
 */
function checkAppend(previous, next, previousDigest = previous === null ? null : (0,core_canonical/* digestOf */.ol)(previous)) {
    const problem = findAppendProblem(previous, previousDigest, next);
    if (problem === null)
        return;
    if (problem.chain)
        throw new errors/* BrokenChain */.rF(problem.sequence, `${problem.what}; ${problem.fix}`);
    throw new errors/* IllegalTransition */.sK(`Cannot append ledger record ${problem.sequence}: ${problem.what}. Nothing was written; ${problem.fix}.`);
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

;// CONCATENATED MODULE: ./src/commands/runView.ts


/** Reconstructs a chain (verifying it, so a broken one throws) and plans its next action. */
function viewChain(chain) {
    const state = verifiedState(chain);
    return { state, plan: planRecovery(state) };
}
/** viewChain, or null when there is no ledger. */
function viewRun(chain) {
    return chain && chain.length > 0 ? viewChain(chain) : null;
}
/** Reconstructs a stored chain (verifying it), reusing the canonical texts the reader checked. */
function verifiedState(chain) {
    const texts = chain.map(entry => entry.json);
    return reconstruct(chain.map(entry => entry.value), {
        headOid: chain[chain.length - 1]?.oid,
        canonical: texts.every(text => text !== undefined) ? texts : undefined
    });
}

;// CONCATENATED MODULE: ./src/commands/admit.ts













/**
 * `command: admit`: derive the dispatch from the event (or the given key), build the first
 * record, and admit it (SPEC §4). A conflict is a result, not a throw, so the caller decides
 * whether it fails the step.
 */
async function admitCommand(store, options) {
    const target = resolveDispatch(options);
    const initial = states/* InitialStateSchema */.TG.safeParse(options.initial_state ?? 'admitted');
    if (!initial.success)
        throw new errors/* InvalidInput */.o9(`The \`initial_state\` must be admitted or proposed, not ${JSON.stringify(options.initial_state)}.`);
    const first = newRecord({
        run_id: target.run_id,
        ledger_sequence: 1,
        previous_record_digest: null,
        state: initial.data,
        occurred_at: time_timestampOf(options.now ?? new Date()),
        trigger: triggerFor(options.event.name),
        actor: actorFrom(options.event.payload),
        writer: options.writer,
        dispatch_key: target.dispatch_key,
        request_digest: target.request_digest
    });
    try {
        const result = await admit(store, { namespace: options.namespace, first_record: first });
        return { target, result, conflict: null, view: result.owner ? viewRun(result.chain) : null };
    }
    catch (error) {
        if (!(error instanceof errors/* AdmissionConflict */.EH))
            throw error;
        return { target, result: null, conflict: error, view: null };
    }
}
/**
 * SPEC §4. Optimistic: write the two entries and try the create-only transaction first
 * (two git processes for a first arrival); only a refused create reads what is there.
 */
async function admit(store, request) {
    const first = checkFirstRecord(request.first_record);
    const { dispatch_key, request_digest } = first.idempotency;
    const run_id = first.run_id;
    const admission_ref = (0,core_refs/* admissionRef */.Rp)(request.namespace, dispatch_key);
    const admission = {
        schema: core_admission/* ADMISSION_SCHEMA */.uW,
        dispatch_key,
        request_digest,
        run_id,
        ledger_ref: (0,core_refs/* ledgerRef */.DH)(request.namespace, run_id),
        admitted_at: request.admitted_at ?? first.occurred_at
    };
    const [admissionOid, recordOid] = (await store.writeEntries([
        (0,entry/* admissionCommit */.Dk)(admission),
        (0,entry/* recordCommit */.rN)(first, null)
    ]));
    const outcome = await store.createRefs([
        { ref: admission_ref, oid: admissionOid },
        { ref: admission.ledger_ref, oid: recordOid }
    ]);
    if (outcome === 'created') {
        const chain = [{ oid: recordOid, value: first }];
        return { admission, admission_ref, created: true, recorded: true, owner: true, chain };
    }
    const found = await readAdmitted(store, admission_ref, run_id);
    if (!found.admission) {
        // The create was refused but there is no admission: our ledger ref exists on its own.
        throw new errors/* StoreError */.AD(`The run id ${JSON.stringify(run_id)} already has a ledger at ${admission.ledger_ref} ` +
            `but no admission at ${admission_ref}. Run ids must be unique per dispatch; ` +
            'give a different `run_id`, or inspect the ledger by hand.');
    }
    const stored = found.admission.value;
    if (stored.dispatch_key !== dispatch_key)
        throw new errors/* CorruptEntry */.Ob(admission_ref, 'it holds a different dispatch key than its ref names');
    if (stored.ledger_ref !== (0,core_refs/* ledgerRef */.DH)(request.namespace, stored.run_id))
        throw new errors/* CorruptEntry */.Ob(admission_ref, 'its ledger_ref does not match its run_id');
    if (stored.request_digest !== request_digest) {
        throw new errors/* AdmissionConflict */.EH(`The dispatch key ${JSON.stringify(dispatch_key)} is already admitted for run ` +
            `${stored.run_id} with request ${stored.request_digest}, but this request is ` +
            `${request_digest}. Nothing was written. A changed request needs a new dispatch key; ` +
            'set `on_conflict` to output to handle this in the workflow instead of failing.', { run_id: stored.run_id, request_digest: stored.request_digest });
    }
    const base = { admission: stored, admission_ref, created: false };
    if (stored.run_id !== run_id) {
        // Another run owns the key: its ledger is neither read nor ever completed by us.
        return { ...base, recorded: false, owner: false, chain: null };
    }
    if (found.chain)
        return { ...base, recorded: false, owner: true, chain: found.chain };
    // Our admission without its ledger (a crash of a non-atomic writer, or a hand edit):
    // write the first record, create-only, so racing replays write it once.
    const completed = await store.createRefs([{ ref: stored.ledger_ref, oid: recordOid }]);
    if (completed === 'created')
        return { ...base, recorded: true, owner: true, chain: [{ oid: recordOid, value: first }] };
    const again = await store.read(reader => reader.readChain(stored.ledger_ref));
    return { ...base, recorded: false, owner: true, chain: again };
}
/**
 * The stored admission and, when the run is ours, its chain, in one read session. Another
 * run's chain is not ours to act on, so it is not read (a remote store saves a fetch).
 */
async function readAdmitted(store, admission_ref, run_id) {
    return store.read(async (reader) => {
        const admission = await reader.readAdmission(admission_ref);
        const ours = admission?.value.run_id === run_id;
        const chain = ours ? await reader.readChain(admission.value.ledger_ref) : null;
        return { admission, chain };
    });
}
/** SPEC §4: an invalid first record is rejected before any ref is written. */
function checkFirstRecord(record) {
    const parsed = parseOrThrow(core_record/* RecordSchema */.X2, record, 'The first record');
    if (parsed.ledger_sequence !== 1)
        throw new errors/* InvalidInput */.o9(`The first record must have ledger_sequence 1, not ${parsed.ledger_sequence}.`);
    if (parsed.previous_record_digest !== null)
        throw new errors/* InvalidInput */.o9('The first record must have previous_record_digest null.');
    if (!states/* INITIAL_STATES */.m1.includes(parsed.state))
        throw new errors/* InvalidInput */.o9(`A run must start in state ${states/* INITIAL_STATES */.m1.join(' or ')}, not ${parsed.state}. ` +
            'Set the `initial_state` to admitted or proposed.');
    return parsed;
}

// EXTERNAL MODULE: ./src/action/inputs.ts
var action_inputs = __webpack_require__(1729);
;// CONCATENATED MODULE: ./src/action/report.ts
function flag(value) {
    return value ? 'true' : 'false';
}

;// CONCATENATED MODULE: ./src/action/runReport.ts


/**
 * A workflow run that does not own the dispatch may do nothing with it: its plan must never
 * tell it to dispatch someone else's run, so it is `none`, whatever the owner's state.
 */
function notOwnedOutputs(ownerRunId) {
    return {
        ...runOutputs(null),
        recovery_action: 'none',
        recovery_reason: `Run ${ownerRunId}, admitted by another workflow run, owns this dispatch; this workflow run must not act on it.`,
        blind_resubmission_forbidden: 'true'
    };
}
/** Which run, which key, where it lives: the outputs every run-level command sets. */
function runIdentityOutputs(state, ledger_ref, store) {
    return {
        run_id: state.run_id,
        dispatch_key: state.dispatch_key,
        dispatch_key_hash: (0,core_refs/* keyHash */.aE)(state.dispatch_key),
        request_digest: state.request_digest,
        ledger_ref,
        store
    };
}
/** The identity, ownership and run outputs of a selected run (plan, record, dispatch). */
function selectedRunOutputs(selected, store) {
    return {
        ...runIdentityOutputs(selected.view.state, selected.ledger_ref, store),
        owner: flag(selected.owner),
        ...runOutputs(selected.view)
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
        authority_required: view?.plan.authority_required ?? '',
        attempt: view?.state.current_attempt ? String(view.state.current_attempt) : ''
    };
}
/** The summary rows describing a run's state and plan. */
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

;// CONCATENATED MODULE: ./src/action/admitStep.ts





/** `command: admit`: inputs to admitCommand; its outcome to outputs and a summary. */
async function admitStep(inputs, context) {
    const outcome = await admitCommand(context.store, {
        namespace: inputs.namespace,
        event: context.event,
        dispatch_key: inputs.dispatchKey,
        request: (0,action_inputs/* jsonInput */.$1)(inputs.request, 'request'),
        run_id: inputs.runId,
        initial_state: inputs.initialState,
        writer: context.writer
    });
    return outcome.conflict
        ? conflictReport(inputs, outcome, context.store.name)
        : admittedReport(outcome, context.store.name);
}
function keyOutputs(target, store) {
    return {
        dispatch_key: target.dispatch_key,
        dispatch_key_hash: target.dispatch_key_hash,
        request_digest: target.request_digest,
        admission_ref: target.admission_ref,
        store
    };
}
function admittedReport(outcome, store) {
    const { target, view } = outcome;
    const result = outcome.result;
    const runId = result.admission.run_id;
    const meaning = result.created
        ? 'This workflow run admitted the dispatch: it is the one run for this key. Dispatch the work.'
        : result.owner
            ? `This workflow run already admitted this dispatch (a re-run or an exact replay); nothing new was admitted. Go on with the next action: ${view?.plan.action ?? 'none'}.`
            : `Another workflow run admitted this dispatch first (run ${runId}). Do not dispatch: the work belongs to that run.`;
    return {
        outputs: {
            ...keyOutputs(target, store),
            run_id: runId,
            owner: flag(result.owner),
            created: flag(result.created),
            recorded: flag(result.recorded),
            ledger_ref: result.admission.ledger_ref,
            conflict: 'false',
            ...(result.owner ? runOutputs(view) : notOwnedOutputs(runId))
        },
        summary: {
            title: 'dispatch-ledger: admit',
            meaning,
            rows: [
                ['dispatch key', target.dispatch_key],
                ['request digest', target.request_digest],
                ['run id', runId],
                ['created', flag(result.created)],
                ['owner', flag(result.owner)],
                ['store', store],
                ...(result.owner ? runRows(view) : [])
            ]
        }
    };
}
function conflictReport(inputs, outcome, store) {
    const { target } = outcome;
    const conflict = outcome.conflict;
    return {
        outputs: {
            ...keyOutputs(target, store),
            run_id: conflict.stored.run_id,
            owner: flag(conflict.stored.run_id === target.run_id),
            created: 'false',
            recorded: 'false',
            ledger_ref: (0,core_refs/* ledgerRef */.DH)(inputs.namespace, conflict.stored.run_id),
            conflict: 'true'
        },
        summary: {
            title: 'dispatch-ledger: admit — conflict',
            meaning: conflict.message,
            rows: [
                ['dispatch key', target.dispatch_key],
                ['this request', target.request_digest],
                ['admitted request', conflict.stored.request_digest],
                ['admitted run id', conflict.stored.run_id],
                ['store', store]
            ]
        },
        failure: inputs.onConflict === 'fail' ? conflict.message : undefined
    };
}

;// CONCATENATED MODULE: ./src/commands/readRun.ts


/** Finds a run and reads its whole chain in one read session; unknown runs are an error. */
async function readRun(store, namespace, selector) {
    return store.read(async (reader) => {
        let ledger_ref;
        let admission = null;
        if (selector.by === 'run_id')
            ledger_ref = (0,core_refs/* ledgerRef */.DH)(namespace, selector.run_id);
        else {
            const ref = (0,core_refs/* admissionRef */.Rp)(namespace, selector.dispatch_key);
            admission = (await reader.readAdmission(ref))?.value ?? null;
            if (!admission)
                throw new errors/* InvalidInput */.o9(`The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ${ref}). ` +
                    'Check dispatch-key and namespace, or admit it first.');
            ledger_ref = admission.ledger_ref;
        }
        const chain = await reader.readChain(ledger_ref);
        if (!chain)
            throw new errors/* InvalidInput */.o9(selector.by === 'run_id'
                ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
                    'Check run-id and namespace.'
                : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
                    `${admission?.run_id}, whose ledger ${ledger_ref} is missing. A replay of admit ` +
                    'from that run writes its first record.');
        return { ledger_ref, admission, chain };
    });
}
/** Kept here for callers that imported it before the run view had its own module. */


;// CONCATENATED MODULE: ./src/commands/selectRun.ts






/**
 * SPEC §9: select a run by run_id, by dispatch_key, or from the event; read, verify and plan it.
 * Sweeps and recovery workflows (schedule, workflow_run) name the run, so they never need
 * the triggering event. Reading fails closed on a stored entry that does not match its name.
 */
async function selectRun(store, choice) {
    const { selector, selected_by } = chooseSelector(choice);
    const found = await readRun(store, choice.namespace, selector);
    const view = viewChain(found.chain);
    if (choice.run_id && choice.dispatch_key && choice.dispatch_key !== view.state.dispatch_key)
        throw new errors/* InvalidInput */.o9(`Run ${JSON.stringify(choice.run_id)} belongs to dispatch key ` +
            `${JSON.stringify(view.state.dispatch_key)}, not ${JSON.stringify(choice.dispatch_key)}. ` +
            'Give one of the `run_id` and the `dispatch_key`, or both matching.');
    const first = found.chain[0]?.value;
    const owner = (0,core_writer/* ownsRun */.ti)({ run_id: view.state.run_id, first_writer: first?.writer ?? null }, choice.writer);
    return { ...found, view, selected_by, owner };
}
/**
 * SPEC §9: a run selected from the event may be written only by the workflow run that owns
 * it; naming it by run_id or dispatch_key acts on it deliberately (a recovery or operator job).
 * `dispatch` does nothing when this is false; `record` fails (see requireMayAct).
 */
function mayAct(selected) {
    return selected.selected_by !== 'event' || selected.owner;
}
/** Throws NotOwner, naming the owner and the deliberate way, unless mayAct(selected). */
function requireMayAct(selected, what) {
    if (mayAct(selected))
        return;
    const owner = selected.view.state.run_id;
    const writer = selected.chain[0]?.value.writer;
    throw new errors/* NotOwner */.ts(`This workflow run does not own run ${owner}` +
        (writer ? ` (admitted by workflow run ${writer.github_run_id})` : '') +
        `, so it did not ${what}; nothing was written. The run was selected from the event, ` +
        'which acts only for the owner. To act on another run deliberately (a recovery or ' +
        'operator job), give its `run_id`.', owner);
}
function chooseSelector(choice) {
    if (choice.run_id)
        return { selector: { by: 'run_id', run_id: (0,core_text/* checkRunId */.np)(choice.run_id) }, selected_by: 'run_id' };
    if (choice.dispatch_key)
        return {
            selector: { by: 'dispatch_key', dispatch_key: choice.dispatch_key },
            selected_by: 'dispatch_key'
        };
    if (!choice.event?.name)
        throw new errors/* InvalidInput */.o9('No run was named and there is no event to derive its key from. Give the `run_id` or ' +
            'the `dispatch_key`.');
    const derived = deriveDispatch({ eventName: choice.event.name, payload: choice.event.payload });
    return {
        selector: { by: 'dispatch_key', dispatch_key: derived.dispatch_key },
        selected_by: 'event'
    };
}

;// CONCATENATED MODULE: ./src/commands/plan.ts

/**
 * `command: plan`: select a run, reconstruct it from its ledger (verifying the chain) and plan
 * the one safe next action. Writes nothing, so any workflow run may plan any run.
 */
function planCommand(store, choice) {
    return selectRun(store, choice);
}

;// CONCATENATED MODULE: ./src/action/ledgerSummary.ts

/** The run's records as a table and its path through the state machine as a mermaid diagram. */
function ledgerMarkdown(chain, terminal) {
    const rows = chain.map(({ value: r }) => [
        String(r.ledger_sequence),
        r.state,
        r.occurred_at,
        r.attempt ? `${r.attempt.number} (${r.attempt.reason})` : '',
        r.provider ? r.provider.submission_state : '',
        r.failure ? `${r.failure.code}${r.failure.retryable ? ' (retryable)' : ''}` : '',
        r.decision ? `${r.decision.outcome} by ${r.decision.by}` : '',
        r.idempotency.input_key ?? '',
        r.trigger
    ].map(cell => (0,core_text/* inertText */.UJ)(cell.length > 80 ? `${cell.slice(0, 77)}...` : cell)));
    const header = [
        'seq',
        'state',
        'at',
        'attempt',
        'submission',
        'failure',
        'decision',
        'input key',
        'trigger'
    ];
    const table = [
        `| ${header.join(' | ')} |`,
        `|${header.map(() => '---').join('|')}|`,
        ...rows.map(cells => `| ${cells.join(' | ')} |`)
    ].join('\n');
    // States are enum values, safe to print; edges carry the sequence that took them.
    const lines = ['stateDiagram-v2', `  [*] --> ${chain[0]?.value.state ?? 'unknown'}`];
    for (let i = 1; i < chain.length; i++)
        lines.push(`  ${chain[i - 1]?.value.state} --> ${chain[i]?.value.state} : ${i + 1}`);
    if (terminal)
        lines.push(`  ${chain[chain.length - 1]?.value.state} --> [*]`);
    return `\n#### Ledger\n\n${table}\n\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n`;
}

;// CONCATENATED MODULE: ./src/action/planStep.ts



/** `command: plan`: reconstruct a run (verifying the chain) and report its one safe next action. */
async function planStep(inputs, context) {
    const selected = await planCommand(context.store, {
        namespace: inputs.namespace,
        run_id: inputs.runId,
        dispatch_key: inputs.dispatchKey,
        event: context.event,
        writer: context.writer
    });
    const { view } = selected;
    return {
        outputs: selectedRunOutputs(selected, context.store.name),
        summary: {
            title: `dispatch-ledger: plan — ${view.plan.action}`,
            meaning: view.plan.reason,
            rows: [
                ['run id', view.state.run_id],
                ['dispatch key', view.state.dispatch_key],
                ['store', context.store.name],
                ...runRows(view)
            ],
            extra: ledgerMarkdown(selected.chain, view.state.terminal)
        }
    };
}

;// CONCATENATED MODULE: ./src/commands/preview.ts


/**
 * `command: preview`: derive the dispatch and look its key up, writing nothing. Only our own
 * run's ledger is read: another run's is not ours to act on.
 */
async function previewCommand(store, options) {
    const target = resolveDispatch(options);
    const found = await store.read(async (reader) => {
        const admission = await reader.readAdmission(target.admission_ref);
        const ours = admission?.value.run_id === target.run_id;
        const chain = ours ? await reader.readChain(admission.value.ledger_ref) : null;
        return { admission: admission?.value ?? null, chain };
    });
    const stored = found.admission;
    const owner = stored !== null && stored.run_id === target.run_id;
    const verdict = stored === null
        ? 'create'
        : stored.request_digest !== target.request_digest
            ? 'conflict'
            : owner
                ? 'replay'
                : 'duplicate';
    return { target, stored, verdict, owner, view: viewRun(found.chain) };
}

;// CONCATENATED MODULE: ./src/action/previewStep.ts




/** `command: preview`: what admit would do, from previewCommand; writes nothing. */
async function previewStep(inputs, context) {
    const outcome = await previewCommand(context.store, {
        namespace: inputs.namespace,
        event: context.event,
        dispatch_key: inputs.dispatchKey,
        request: (0,action_inputs/* jsonInput */.$1)(inputs.request, 'request'),
        run_id: inputs.runId,
        writer: context.writer
    });
    const { target, stored, view } = outcome;
    const runId = stored?.run_id ?? target.run_id;
    const meaning = previewStep_describe(outcome);
    return {
        outputs: {
            dispatch_key: target.dispatch_key,
            dispatch_key_hash: target.dispatch_key_hash,
            request_digest: target.request_digest,
            admission_ref: target.admission_ref,
            ledger_ref: stored?.ledger_ref ?? target.ledger_ref,
            run_id: runId,
            owner: flag(outcome.owner),
            created: 'false',
            recorded: 'false',
            conflict: flag(outcome.verdict === 'conflict'),
            store: context.store.name,
            ...(stored === null || outcome.owner ? runOutputs(view) : notOwnedOutputs(runId)),
            ...(stored ? {} : { recovery_action: 'admit', recovery_reason: meaning })
        },
        summary: {
            title: 'dispatch-ledger: preview',
            meaning,
            rows: [
                ['dispatch key', target.dispatch_key],
                ['request digest', target.request_digest],
                ['run id', runId],
                ['admitted', flag(stored !== null)],
                ['store', context.store.name],
                ...runRows(view)
            ]
        }
    };
}
function previewStep_describe({ verdict, stored, target }) {
    switch (verdict) {
        case 'create':
            return `Not admitted yet: admit would create run ${target.run_id}.`;
        case 'conflict':
            return `Admitted for run ${stored?.run_id} with a different request (${stored?.request_digest}); admit would report a conflict.`;
        case 'replay':
            return 'Already admitted by this workflow run; admit would be an exact replay.';
        case 'duplicate':
            return `Already admitted by another workflow run (${stored?.run_id}); admit would return that run.`;
    }
}

;// CONCATENATED MODULE: ./src/commands/record.ts














/**
 * `command: record`: select the run (SPEC §9 ownership applies when it is selected from the
 * event), validate the new record against its head, and append it by compare-and-set.
 */
async function recordCommand(store, options) {
    const state = states/* StateSchema */.XJ.safeParse(options.state);
    if (!state.success)
        throw new errors/* InvalidInput */.o9(`The \`state\` must be one of ${states/* STATES */.xj.join(', ')}; got ${JSON.stringify(options.state)}.`);
    const fields = parseRecordFields(options.fields);
    const occurred_at = time_timestampOf(options.now ?? new Date());
    const selected = await selectRun(store, options);
    requireMayAct(selected, `record ${state.data}`);
    const appended = await appendRecord(store, {
        ledger_ref: selected.ledger_ref,
        state: state.data,
        fields,
        occurred_at,
        trigger: triggerFor(options.event.name),
        actor: actorFrom(options.event.payload),
        writer: options.writer
    }, selected.chain);
    return { ...appended, selected, view: viewChain(appended.chain) };
}
const RECORD_EXAMPLE = '{"note": "checked by hand"}';
/** The `record` fields: a JSON object of the fields a caller may set, authority never. */
function parseRecordFields(value) {
    if (value === undefined)
        return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new errors/* InvalidInput */.o9(`The \`record\` must be a JSON object, for example ${RECORD_EXAMPLE}.`);
    if ('authority' in value)
        throw new errors/* InvalidInput */.o9('The `record` may not set authority: a record is evidence, never a grant, and every ' +
            'authority flag is false. Remove the authority field.');
    return parseOrThrow(core_record/* RecordInputSchema */.FR, value, 'The `record`');
}
/** The fields an input_key's payload is compared on: the state and what the caller gave. */
const PAYLOAD_FIELDS = ['attempt', 'provider', 'failure', 'evidence', 'decision', 'note'];
/**
 * SPEC §5 append: verify the chain as read (readRun), validate the new record against its head,
 * write it with the head as parent and move the ref only if it still points at that head.
 * A lost race is reported, never retried: the caller re-reads and re-plans.
 */
async function appendRecord(store, request, chain) {
    const current = verifiedState(chain);
    const inputKey = request.fields.input_key;
    if (inputKey) {
        const earlier = chain.find(entry => entry.value.idempotency.input_key === inputKey);
        if (earlier) {
            const differs = differingField(earlier.value, request);
            if (differs)
                throw new errors/* InputConflict */.dq(`The input_key ${JSON.stringify(inputKey)} is already recorded at sequence ` +
                    `${earlier.value.ledger_sequence} with a different ${differs}. Nothing was written. ` +
                    'Use a new input_key for a different input.');
            return { record: earlier, duplicate: true, chain: [...chain] };
        }
    }
    const head = chain[chain.length - 1];
    const next = newRecord({
        ...request.fields,
        attempt: request.fields.attempt ?? defaultAttempt(request.state, current),
        run_id: current.run_id,
        ledger_sequence: current.sequence + 1,
        previous_record_digest: current.head_digest,
        state: request.state,
        occurred_at: request.occurred_at,
        trigger: request.trigger,
        actor: request.actor,
        writer: request.writer,
        dispatch_key: current.dispatch_key,
        request_digest: current.request_digest
    });
    checkAppend(head.value, next, current.head_digest);
    const [oid] = (await store.writeEntries([(0,entry/* recordCommit */.rN)(next, head.oid)]));
    const moved = await store.advanceRef(request.ledger_ref, oid, head.oid);
    if (moved === 'lost')
        throw new errors/* LostRace */.Sb(`Another writer appended to ${request.ledger_ref} after sequence ${current.sequence} was ` +
            'read, so this record was not written. Re-read the run (command: plan) and decide again; ' +
            'nothing is retried blindly.');
    const record = { oid, value: next, json: (0,core_canonical/* canonicalJson */.dj)(next) };
    return { record, duplicate: false, chain: [...chain, record] };
}
/** Coordinators need not count attempts: a dispatch or failure belongs to the current one. */
function defaultAttempt(state, current) {
    if (state === 'dispatched')
        return dispatchAttemptFor(current);
    if (state === 'attempt_failed' && current.current_attempt !== null) {
        const attempt = current.attempts.find(a => a.number === current.current_attempt);
        return attempt ? { number: attempt.number, reason: attempt.reason } : null;
    }
    return null;
}
function differingField(stored, request) {
    if (stored.state !== request.state)
        return 'state';
    for (const field of PAYLOAD_FIELDS) {
        const given = request.fields[field];
        if (given === undefined)
            continue;
        if ((0,core_canonical/* canonicalJson */.dj)(given) !== (0,core_canonical/* canonicalJson */.dj)(stored[field] ?? null))
            return field;
    }
    return null;
}

;// CONCATENATED MODULE: ./src/action/recordStep.ts





/** `command: record`: append one record to a run's ledger, by compare-and-set. */
async function recordStep(inputs, context) {
    const outcome = await recordCommand(context.store, {
        namespace: inputs.namespace,
        run_id: inputs.runId,
        dispatch_key: inputs.dispatchKey,
        event: context.event,
        writer: context.writer,
        state: inputs.state,
        fields: (0,action_inputs/* jsonInput */.$1)(inputs.record, 'record')
    });
    const { view } = outcome;
    const run = view.state;
    const record = outcome.record.value;
    return {
        outputs: {
            ...runIdentityOutputs(run, outcome.selected.ledger_ref, context.store.name),
            owner: flag(outcome.selected.owner),
            duplicate: flag(outcome.duplicate),
            recorded: flag(!outcome.duplicate),
            ...runOutputs(view),
            // The record this step wrote (or found, for a duplicate), not merely the head.
            sequence: String(record.ledger_sequence),
            state: record.state
        },
        summary: {
            title: `dispatch-ledger: record ${record.state}`,
            meaning: outcome.duplicate
                ? `The input ${record.idempotency.input_key} was already recorded at sequence ${record.ledger_sequence}; nothing was written.`
                : `Recorded ${record.state} as sequence ${record.ledger_sequence}. Next: ${view.plan.action}.`,
            rows: [
                ['run id', run.run_id],
                ['dispatch key', run.dispatch_key],
                ['store', context.store.name],
                ...runRows(view)
            ],
            extra: ledgerMarkdown(outcome.chain, run.terminal)
        }
    };
}

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 20 modules
var core = __webpack_require__(3218);
;// CONCATENATED MODULE: ./src/commands/scan.ts



/**
 * Every run in the namespace, each reconstructed and planned; all chains are read in one
 * session. A ledger that does not verify is listed with its error rather than hidden, and
 * does not stop the sweep from planning the others.
 */
async function scanRuns(store, namespace) {
    const refs = await store.listRefs((0,core_refs/* runsPrefix */.Jp)(namespace));
    return store.read(async (reader) => {
        const runs = [];
        for (const { ref } of refs) {
            try {
                const chain = await reader.readChain(ref);
                if (!chain)
                    continue; // deleted since it was listed
                runs.push({ ledger_ref: ref, ...viewChain(chain) });
            }
            catch (error) {
                if (!(error instanceof errors/* DispatchLedgerError */.SS))
                    throw error;
                runs.push({ ledger_ref: ref, error: error.message });
            }
        }
        return runs;
    });
}

;// CONCATENATED MODULE: ./src/action/scanStep.ts



/** For a scheduled sweep: every non-terminal run with its plan, and every ledger that fails to verify. */
async function scanStep(inputs, context) {
    const { store } = context;
    const scanned = await scanRuns(store, inputs.namespace);
    const broken = scanned.flatMap(run => 'error' in run ? [{ ledger_ref: run.ledger_ref, error: run.error }] : []);
    const open = scanned.flatMap(run => 'error' in run || run.state.terminal
        ? []
        : [
            {
                run_id: run.state.run_id,
                dispatch_key: run.state.dispatch_key,
                ledger_ref: run.ledger_ref,
                state: run.state.state,
                sequence: run.state.sequence,
                updated_at: run.state.updated_at,
                recovery_action: run.plan.action,
                recovery_reason: run.plan.reason,
                blind_resubmission_forbidden: run.plan.blind_resubmission_forbidden,
                authority_required: run.plan.authority_required
            }
        ]);
    for (const run of broken)
        core/* warning */.$e(`${run.ledger_ref}: ${run.error}`);
    const table = [
        '| run id | state | seq | next action | gate |',
        '|---|---|---|---|---|',
        ...open.map(run => `| ${(0,core_text/* inertText */.UJ)(run.run_id)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} |`),
        ...broken.map(run => `| ${(0,core_text/* inertText */.UJ)(run.ledger_ref)} | does not verify | | ${(0,core_text/* inertText */.UJ)(run.error)} | |`)
    ].join('\n');
    return {
        outputs: { runs: JSON.stringify([...open, ...broken]), store: store.name },
        summary: {
            title: 'dispatch-ledger: scan',
            meaning: `${scanned.length} runs in ${inputs.namespace}; ${open.length} not terminal; ${broken.length} do not verify.`,
            rows: [
                ['namespace', inputs.namespace],
                ['store', store.name]
            ],
            extra: `\n${table}\n`
        }
    };
}

;// CONCATENATED MODULE: ./src/action/steps.ts
/**
 * The command steps, loaded in one chunk after the inputs are valid. One chunk rather than one
 * per command: the bundler copies every module two commands share into each of their chunks.
 */







/***/ })

};
