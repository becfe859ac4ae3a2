export const id = 713;
export const ids = [713];
export const modules = {

/***/ 9713:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  admitStep: () => (/* reexport */ admitStep),
  dispatchStep: () => (/* reexport */ dispatchStep),
  planStep: () => (/* reexport */ planStep),
  previewStep: () => (/* reexport */ previewStep),
  recordStep: () => (/* reexport */ recordStep),
  recoverStep: () => (/* reexport */ recoverStep),
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
        throw new errors/* InvalidInput */.o9(`The ${input} input is not valid JSON (${error.message}). ` +
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
    // SPEC §11: a finished workflow run, so a duplicated delivery recovers it once.
    workflow_run: p => {
        const repoId = p.repositoryId();
        const runId = p.required('workflow_run.id', PositiveInt, POSITIVE_INT);
        const attempt = p.required('workflow_run.run_attempt', PositiveInt, POSITIVE_INT);
        const conclusion = p.optional('workflow_run.conclusion', schemas/* string */.YjP(), 'a string') ?? null;
        return {
            event: 'workflow_run',
            key: `v1/workflow_run/${repoId}/${runId}/${attempt}`,
            fields: { repository_id: repoId, run_id: runId, run_attempt: attempt, conclusion }
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

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(3360);
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

;// CONCATENATED MODULE: ./src/core/dispatchMove.ts

function dispatchMove(state, plan) {
    switch (plan.action) {
        case 'dispatch':
        case 'retry_attempt': {
            const attempt = dispatchAttemptFor(state);
            // planRecovery says dispatch only at admitted and retry only at attempt_failed, where
            // an attempt always follows; anything else is a planner bug, and we send nothing.
            if (attempt === null)
                return { kind: 'nothing', reason: `No attempt can be started in state ${state.state}.` };
            return { kind: 'send', attempt };
        }
        case 'reconcile_provider': {
            // The unresolved ambiguous attempt first (rule 2 of §6), else the newest one.
            const open = state.attempts.find(a => a.unresolved_ambiguous) ??
                state.attempts.find(a => a.number === state.current_attempt);
            if (open === undefined)
                return { kind: 'nothing', reason: 'The plan asks to reconcile, but no attempt exists.' };
            return { kind: 'reconcile', attempt: { number: open.number, reason: open.reason } };
        }
        case 'observe_provider': {
            const current = state.attempts.find(a => a.number === state.current_attempt);
            return {
                kind: 'observe',
                attempt: current?.number ?? 0,
                external_ids: current?.external_ids ?? {}
            };
        }
        default:
            return {
                kind: 'nothing',
                reason: `Nothing to send: the plan is ${plan.action}. ${plan.reason}`
            };
    }
}
/** SPEC §10: `<run id>/a<attempt>`, the key a fenced provider deduplicates by. */
function idempotencyKey(runId, attempt) {
    return `${runId}/a${attempt}`;
}
/** A step sends at most twice: the send and one fenced re-send (or the next attempt). */
const MAX_SENDS_PER_STEP = 2;
/** An attempt is sent at most twice in all: the send and one fenced re-send. */
const MAX_SENDS_PER_ATTEMPT = 2;
/**
 * How many sends of `attempt` the ledger shows were started: each send is preceded by its
 * own durable intent (`dispatched`, `not_submitted`), so a crash cannot hide one.
 */
function sendsStarted(records, attempt) {
    return records.filter(r => r.state === 'dispatched' &&
        r.attempt?.number === attempt &&
        r.provider?.submission_state === 'not_submitted').length;
}

;// CONCATENATED MODULE: ./src/core/sendOutcome.ts
/** Statuses GitHub documents as a definite "no" for workflow_dispatch: nothing was created. */
const DEFINITE_REFUSALS = new Set([400, 401, 403, 404, 422]);
function classifyWorkflowDispatch(answer) {
    if ('error' in answer)
        return { kind: 'ambiguous', reason: `no answer from the API (${answer.error})` };
    const { status, body } = answer;
    if (status === 200) {
        const details = isRecord(body) ? body : {};
        const ids = {};
        const runId = details['workflow_run_id'];
        if (typeof runId === 'number' || (typeof runId === 'string' && /^\d+$/.test(runId)))
            ids['workflow_run_id'] = String(runId);
        if (typeof details['html_url'] === 'string')
            ids['html_url'] = details['html_url'];
        return { kind: 'submitted', external_ids: ids };
    }
    if (status === 204)
        return { kind: 'submitted', external_ids: {} };
    if (DEFINITE_REFUSALS.has(status)) {
        const why = status === 403
            ? 'the token may not dispatch workflows: give the job `permissions: actions: write` ' +
                '(or a token that has it)'
            : status === 404
                ? 'the workflow or repository was not found: check the workflow input (a file in ' +
                    '.github/workflows) and that the token can see the repository'
                : status === 401
                    ? 'the token was not accepted: check the token input'
                    : 'GitHub rejected the request: check the workflow, ref and inputs (the workflow ' +
                        'must declare every input and have a workflow_dispatch trigger)';
        return {
            kind: 'refused',
            failure: { code: `http_${status}`, classification: 'provider', retryable: false },
            message: `The dispatch was refused with HTTP ${status}: ${why}.`
        };
    }
    // 5xx, 429 and the rest: GitHub may have created the run before it failed to answer.
    return { kind: 'ambiguous', reason: `HTTP ${status}: the API may have created the run` };
}
const EXIT_RETRYABLE = 75; // EX_TEMPFAIL
const EXIT_NOT_RETRYABLE = 78; // EX_CONFIG
function classifyCommandSend(run) {
    if (run.timedOut)
        return { kind: 'ambiguous', reason: 'the command timed out (timeout-seconds)' };
    switch (run.exitCode) {
        case 0:
            return { kind: 'submitted', external_ids: lastLineIds(run.stdout) ?? {} };
        case EXIT_RETRYABLE:
        case EXIT_NOT_RETRYABLE: {
            const retryable = run.exitCode === EXIT_RETRYABLE;
            return {
                kind: 'refused',
                failure: { code: `exit_${run.exitCode}`, classification: 'provider', retryable },
                message: `The run command exited ${run.exitCode}: the provider definitely refused ` +
                    (retryable ? '(retryable: a later dispatch starts a new attempt).' : '(not retryable).')
            };
        }
        default:
            return {
                kind: 'ambiguous',
                reason: run.exitCode === null
                    ? 'the command was killed by a signal'
                    : `the command exited ${run.exitCode}, which says neither sent nor refused`
            };
    }
}
function classifyCommandLookup(run) {
    if (run.timedOut)
        return { kind: 'unknown', reason: 'the lookup command timed out' };
    if (run.exitCode === 0) {
        const ids = lastLineIds(run.stdout);
        if (ids)
            return { kind: 'found', external_ids: ids };
        return {
            kind: 'unknown',
            reason: 'the lookup exited 0 without a JSON object of strings on its last line'
        };
    }
    if (run.exitCode === 1)
        return { kind: 'absent', reason: 'the lookup exited 1: the provider has nothing' };
    return {
        kind: 'unknown',
        reason: run.exitCode === null
            ? 'the lookup was killed by a signal'
            : `the lookup exited ${run.exitCode}`
    };
}
/** The last non-empty stdout line, when it is a JSON object whose values are all strings. */
function lastLineIds(stdout) {
    const line = stdout.trimEnd().split('\n').pop()?.trim() ?? '';
    if (!line.startsWith('{'))
        return null;
    let value;
    try {
        value = JSON.parse(line);
    }
    catch {
        return null;
    }
    if (!isRecord(value))
        return null;
    const entries = Object.entries(value);
    if (!entries.every(([, v]) => typeof v === 'string'))
        return null;
    // A fresh object with own properties only: `__proto__` stays a plain key.
    const ids = Object.create(null);
    for (const [k, v] of entries)
        ids[k] = v;
    return { ...ids };
}
/**
 * SPEC §10 reconcile. Only a fenced provider is ever re-sent an unresolved attempt; only a
 * provably empty provider ends an attempt. `sendsLeft` keeps a step at two sends.
 */
function afterLookup(lookup, options) {
    switch (lookup.kind) {
        case 'found':
            return 'adopt';
        case 'absent':
            return options.sendsLeft > 0 ? 'fail_and_retry' : 'fail_only';
        case 'unknown':
            return options.fenced && options.sendsLeft > 0 ? 'resend' : 'unresolved';
    }
}
function provider(driver, submission_state, external_ids = {}) {
    return { driver, submission_state, external_ids: { ...external_ids } };
}
function intentRecord(driver, attempt, external_ids) {
    return {
        state: 'dispatched',
        fields: { attempt, provider: provider(driver, 'not_submitted', external_ids) }
    };
}
/** `ambiguous` needs no record when the attempt is already recorded ambiguous. */
function sendRecord(driver, outcome, current) {
    // No attempt field: the append gives a submission update or a failure the head's attempt.
    switch (outcome.kind) {
        case 'submitted':
            return {
                state: 'dispatched',
                fields: { provider: provider(driver, 'submitted', outcome.external_ids) }
            };
        case 'refused':
            return {
                state: 'attempt_failed',
                fields: { provider: provider(driver, 'definite_failure'), failure: outcome.failure }
            };
        case 'ambiguous':
            if (current === 'ambiguous')
                return null;
            return {
                state: 'dispatched',
                fields: { provider: provider(driver, 'ambiguous'), note: clip(outcome.reason) }
            };
    }
}
/** The provider demonstrably has nothing for the attempt (SPEC §10, lookup exit 1). */
function absentRecord(driver, reason) {
    return {
        state: 'attempt_failed',
        fields: {
            provider: provider(driver, 'definite_failure'),
            failure: {
                code: 'provider_has_nothing',
                classification: 'recovery_required',
                retryable: true
            },
            note: clip(reason)
        }
    };
}
function clip(text) {
    return text.length > 4096 ? `${text.slice(0, 4093)}...` : text;
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/commands/dispatch.ts
/**
 * `command: dispatch` (SPEC §10): the dispatch protocol of §5, done for the workflow. It reads
 * the run, plans it, and acts on the plan with a driver: intent durable before the send, the
 * outcome recorded after it, an ambiguous outcome reconciled once, and the one fenced re-send.
 * Every ledger write is a compare-and-set append; a lost race fails the step (re-plan).
 */






/** Bounds the loop: a send, a reconcile, a failed attempt and the next send fit well within. */
const MAX_MOVES = 8;
async function dispatch(options) {
    const selected = await selectRun(options.store, options.choice);
    const run = new RunLedger(options, selected.ledger_ref, selected.chain, selected.owner);
    if (!mayAct(selected))
        return run.result('not_owner', null, `Run ${run.state.run_id} belongs to another workflow run; this one sends nothing. ` +
            'Set run-id (or dispatch-key) to act on it deliberately, as a recovery job does.');
    const boundary = options.onBoundary ?? (() => { });
    const driver = options.driver;
    let sends = 0;
    const send = async (call, attempt, note) => {
        boundary('before-intent');
        const intent = intentRecord(driver.name, attempt, driver.intentIds(call));
        await run.append(note ? { ...intent, fields: { ...intent.fields, note } } : intent);
        boundary('after-intent');
        sends++;
        const outcome = await driver.send(call);
        run.sends = sends;
        boundary('after-send');
        const record = sendRecord(driver.name, outcome, run.submission(attempt.number));
        if (record)
            await run.append(record);
        boundary('after-outcome');
        return outcome;
    };
    for (let move = 0; move < MAX_MOVES; move++) {
        const next = dispatchMove(run.state, run.plan);
        if (next.kind === 'nothing')
            return run.result('nothing', null, next.reason);
        if (next.kind === 'observe')
            return run.result('observed', next.attempt, `Attempt ${next.attempt} was accepted earlier; nothing was sent. ${run.plan.reason}`);
        const call = callFor(run.state, next.attempt.number);
        if (next.kind === 'send') {
            if (sends >= MAX_SENDS_PER_STEP)
                return run.result('failed', next.attempt.number, 'This step already sent twice; a later dispatch goes on.');
            const outcome = await send(call, next.attempt, null);
            const done = finished(run, outcome, next.attempt.number);
            if (done)
                return done;
            continue; // ambiguous: reconcile once, straight away
        }
        // reconcile: look the attempt up, adopt what the provider has, or settle what it allows
        const lookup = await driver.lookup(call, run.externalIds(next.attempt.number));
        const sendsLeft = Math.min(MAX_SENDS_PER_STEP - sends, MAX_SENDS_PER_ATTEMPT - sendsStarted(run.records(), next.attempt.number));
        switch (afterLookup(lookup, { fenced: driver.fenced, sendsLeft })) {
            case 'adopt': {
                const ids = lookup.kind === 'found' ? lookup.external_ids : {};
                await run.append(sendRecord(driver.name, { kind: 'submitted', external_ids: ids }, null), 'provider_observation');
                return run.result('submitted', next.attempt.number, `The lookup found attempt ${next.attempt.number} at the provider; adopted, nothing sent again.`);
            }
            case 'fail_and_retry':
                await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation');
                continue; // the plan is now retry_attempt: the next attempt is sent
            case 'fail_only':
                await run.append(absentRecord(driver.name, reasonOf(lookup)), 'provider_observation');
                return run.result('failed', next.attempt.number, `The provider has nothing for attempt ${next.attempt.number}; this step may not send again, so a later dispatch starts the next attempt.`);
            case 'resend': {
                const outcome = await send(call, next.attempt, `fenced re-send of attempt ${next.attempt.number}: ${reasonOf(lookup)}`);
                const done = finished(run, outcome, next.attempt.number);
                if (done)
                    return done;
                return run.result('unresolved', next.attempt.number, `The fenced re-send of attempt ${next.attempt.number} ended with an unknown outcome too (${outcome.kind === 'ambiguous' ? outcome.reason : ''}). A later dispatch reconciles again; nothing is guessed.`);
            }
            case 'unresolved':
                return run.result('unresolved', next.attempt.number, `Attempt ${next.attempt.number} may or may not be at the provider (${reasonOf(lookup)}), and ` +
                    (driver.fenced
                        ? 'it was already sent twice. A later dispatch reconciles again, or an operator resolves it.'
                        : 'the provider is not fenced, so it is not sent again. An operator must resolve it (look the work up and record what the provider has).'));
        }
    }
    return run.result('unresolved', null, 'The dispatch did not settle; a later dispatch re-plans.');
}
function finished(run, outcome, attempt) {
    if (outcome.kind === 'submitted')
        return run.result('submitted', attempt, `Attempt ${attempt} was sent and accepted.`);
    if (outcome.kind === 'refused')
        return run.result('failed', attempt, outcome.message);
    return null;
}
function callFor(state, attempt) {
    return {
        dispatch_key: state.dispatch_key,
        run_id: state.run_id,
        attempt,
        idempotency_key: idempotencyKey(state.run_id, attempt)
    };
}
function reasonOf(lookup) {
    return lookup.reason ?? lookup.kind;
}
/** The run as this step sees it: the chain, its verified state and plan, kept current. */
class RunLedger {
    options;
    ledger_ref;
    owner;
    state;
    plan;
    sends = 0;
    chain;
    constructor(options, ledger_ref, chain, owner) {
        this.options = options;
        this.ledger_ref = ledger_ref;
        this.owner = owner;
        this.chain = chain;
        this.state = verifiedState(chain);
        this.plan = planRecovery(this.state);
    }
    records() {
        return this.chain.map(entry => entry.value);
    }
    submission(attempt) {
        return this.state.attempts.find(a => a.number === attempt)?.submission_state ?? null;
    }
    externalIds(attempt) {
        return this.state.attempts.find(a => a.number === attempt)?.external_ids ?? {};
    }
    async append(record, trigger) {
        const result = await appendRecord(this.options.store, {
            ledger_ref: this.ledger_ref,
            state: record.state,
            fields: record.fields,
            occurred_at: this.options.now(),
            trigger: trigger ?? this.options.trigger,
            actor: this.options.actor,
            writer: this.options.writer
        }, this.chain);
        this.chain = result.chain;
        this.state = verifiedState(this.chain);
        this.plan = planRecovery(this.state);
    }
    result(outcome, attempt, message) {
        const at = attempt ?? this.state.current_attempt;
        const current = this.state.attempts.find(a => a.number === at);
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
        };
    }
}

// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 3 modules
var exec = __webpack_require__(7187);
// EXTERNAL MODULE: ./node_modules/@actions/io/lib/io.js
var io = __webpack_require__(8701);
;// CONCATENATED MODULE: ./src/drivers/command.ts
/**
 * Driver `command` (SPEC §10): the workflow author's own shell command sends the work, and an
 * optional `lookup` command finds it again. Both run through @actions/exec as
 * `bash -eo pipefail -c <text>`: the text is the author's (like a `run:` step), and every value
 * that comes from the event or the ledger reaches it only through the environment.
 */



/** Seconds `timeout` waits after SIGTERM before it sends SIGKILL. */
const KILL_AFTER_SECONDS = 5;
class CommandDriver {
    options;
    name = 'command';
    fenced;
    constructor(options) {
        this.options = options;
        this.fenced = options.fenced;
    }
    intentIds() {
        return {};
    }
    async send(call) {
        return classifyCommandSend(await this.runScript(this.options.run, call, {}));
    }
    async lookup(call, recorded) {
        if (!this.options.lookup)
            return { kind: 'unknown', reason: 'no lookup command is configured (the lookup input)' };
        const ids = { DISPATCH_EXTERNAL_IDS: JSON.stringify(recorded) };
        return classifyCommandLookup(await this.runScript(this.options.lookup, call, ids));
    }
    async runScript(script, call, extra) {
        const env = childEnv(this.options.env, {
            DISPATCH_KEY: call.dispatch_key,
            DISPATCH_RUN_ID: call.run_id,
            DISPATCH_ATTEMPT: String(call.attempt),
            DISPATCH_IDEMPOTENCY_KEY: call.idempotency_key,
            ...extra
        });
        const bash = ['bash', '-eo', 'pipefail', '-c', script];
        // coreutils `timeout` kills the command's whole process group, which @actions/exec
        // cannot do (it hides the child). Where it is missing, we stop waiting instead.
        const timeoutTool = await io/* which */.K7('timeout', false);
        const seconds = this.options.timeoutSeconds;
        const [tool, ...args] = timeoutTool
            ? [timeoutTool, '-k', String(KILL_AFTER_SECONDS), String(seconds), ...bash]
            : bash;
        const started = Date.now();
        const running = exec/* getExecOutput */.H(tool, args, {
            cwd: this.options.cwd,
            env,
            ignoreReturnCode: true,
            outStream: this.options.outStream
        });
        const result = timeoutTool
            ? await running
            : await Promise.race([running, expiry(seconds + KILL_AFTER_SECONDS)]);
        if (result === null)
            return { exitCode: null, timedOut: true, stdout: '' };
        const elapsed = (Date.now() - started) / 1000;
        // 124: timeout's TERM worked; 137: it had to KILL. Only then, and only late, is it ours.
        const timedOut = timeoutTool !== '' && [124, 137].includes(result.exitCode) && elapsed >= seconds;
        return { exitCode: signalled(result.exitCode), timedOut, stdout: result.stdout };
    }
}
/** `timeout` reports a command killed by signal N as 128 + N, as bash does. */
function signalled(exitCode) {
    return exitCode > 128 && exitCode < 160 ? null : exitCode;
}
function expiry(seconds) {
    return new Promise(resolve => setTimeout(() => resolve(null), seconds * 1000).unref());
}
/** The step's environment without the action's inputs, plus the dispatch variables. */
function childEnv(env, dispatch) {
    const out = {};
    for (const [name, value] of Object.entries(env))
        if (value !== undefined && !name.startsWith('INPUT_'))
            out[name] = value;
    return { ...out, ...dispatch };
}

;// CONCATENATED MODULE: ./src/drivers/githubApi.ts
class GitHubApi {
    options;
    octokit = null;
    owner;
    repo;
    constructor(options) {
        this.options = options;
        const [owner, repo] = options.repository.split('/');
        this.owner = owner ?? '';
        this.repo = repo ?? '';
    }
    /**
     * Loaded on first use: @actions/github parses GITHUB_EVENT_PATH when it is imported, and
     * a malformed event must be reported by our own loader, with its fix, not by that import.
     */
    async client() {
        if (this.octokit)
            return this.octokit;
        const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
        this.octokit = getOctokit(this.options.token, { baseUrl: this.options.baseUrl });
        return this.octokit;
    }
    /** POST …/actions/workflows/{workflow}/dispatches with return_run_details (SPEC §10). */
    dispatchWorkflow(dispatch) {
        return this.call('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
            workflow_id: dispatch.workflow,
            ref: dispatch.ref,
            inputs: { ...dispatch.inputs },
            return_run_details: true
        });
    }
    /** POST …/actions/runs/{run_id}/rerun-failed-jobs (SPEC §11). */
    rerunFailedJobs(runId) {
        return this.call('POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs', {
            run_id: runId
        });
    }
    async call(route, parameters) {
        const octokit = await this.client();
        try {
            const response = await octokit.request(route, {
                owner: this.owner,
                repo: this.repo,
                ...parameters,
                request: { signal: AbortSignal.timeout(this.options.timeoutSeconds * 1000) }
            });
            return { status: response.status, body: response.data };
        }
        catch (error) {
            const status = error.status;
            if (typeof status === 'number' && status >= 400) {
                const data = error.response?.data;
                return { status, body: this.scrub(data) };
            }
            return { error: this.scrub(describeError(error)) };
        }
    }
    /** The token never leaves this class: not in an error text, not in a body we keep. */
    scrub(value) {
        const token = this.options.token;
        if (!token)
            return value;
        if (typeof value === 'string')
            return value.split(token).join('***');
        if (value === undefined)
            return value;
        try {
            return JSON.parse(JSON.stringify(value).split(token).join('***'));
        }
        catch {
            return null;
        }
    }
}
function describeError(error) {
    if (!(error instanceof Error))
        return String(error);
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
        return 'timed out (timeout-seconds)';
    const cause = error.cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message}${detail}`;
}

;// CONCATENATED MODULE: ./src/drivers/workflow.ts



class WorkflowDriver {
    options;
    name = 'workflow';
    /** The receiver admits before it works: a second run for one dispatch does nothing. */
    fenced = true;
    file;
    constructor(options) {
        this.options = options;
        this.file = workflowFile(options.workflow);
    }
    /** What the receiver's `inputs.dispatch_key` is for an attempt. */
    inputsFor(call) {
        return { ...this.options.inputs, dispatch_key: call.idempotency_key };
    }
    /** The key the receiver derives from its workflow_dispatch event, by its own rule. */
    receiverKey(call) {
        return deriveDispatch({
            eventName: 'workflow_dispatch',
            payload: {
                repository: { id: this.options.repositoryId },
                workflow: `.github/workflows/${this.file}`,
                inputs: this.inputsFor(call)
            }
        }).dispatch_key;
    }
    intentIds(call) {
        return { receiver_key: this.receiverKey(call) };
    }
    async send(call) {
        const answer = await this.options.api.dispatchWorkflow({
            workflow: this.file,
            ref: this.options.ref,
            inputs: this.inputsFor(call)
        });
        return classifyWorkflowDispatch(answer);
    }
    async lookup(call) {
        const key = this.receiverKey(call);
        const admission = await this.options.findAdmission(key);
        if (admission === null)
            return {
                kind: 'unknown',
                reason: `no receiver has admitted ${key} yet (it may still be queued)`
            };
        const ids = { receiver_run_id: admission.run_id };
        const runId = /^gh-(\d+)-/.exec(admission.run_id)?.[1];
        if (runId)
            ids['workflow_run_id'] = runId;
        return { kind: 'found', external_ids: ids };
    }
}
/** `receiver.yml` or `.github/workflows/receiver.yml` → `receiver.yml`. */
function workflowFile(workflow) {
    const file = workflow.startsWith('.github/workflows/')
        ? workflow.slice('.github/workflows/'.length)
        : workflow;
    if (!/^[A-Za-z0-9_.-]+\.ya?ml$/.test(file) || file.startsWith('.'))
        throw new errors/* InvalidInput */.o9(`The workflow input ${JSON.stringify(workflow)} is not a workflow file. Name a file in ` +
            '.github/workflows, for example workflow: receiver.yml (the receiver key is derived ' +
            'from its path, so a numeric workflow id cannot be used).');
    return file;
}

;// CONCATENATED MODULE: ./src/action/dispatchStep.ts












/** SPEC §10: select the run, plan it, act on the plan with the configured driver. */
async function dispatchStep(inputs, context) {
    const { event, store, env } = context;
    const driver = buildDriver(inputs, event, store, env);
    const result = await dispatch({
        store,
        choice: {
            namespace: inputs.namespace,
            run_id: inputs.runId,
            dispatch_key: inputs.dispatchKey,
            event,
            writer: context.writer
        },
        driver,
        trigger: triggerFor(event.name),
        actor: actorFrom(event.payload),
        writer: context.writer,
        now: () => time_timestampOf(new Date()),
        onBoundary: failpoint(env)
    });
    return report(result, store, driver);
}
function report(result, store, driver) {
    const { state } = result;
    const ids = result.external_ids;
    const identity = runIdentityOutputs(state, result.ledger_ref, store.name);
    const dispatchOutputs = {
        sent: flag(result.sends > 0),
        submission_state: result.submission_state ?? '',
        external_ids: JSON.stringify(ids),
        workflow_run_id: ids['workflow_run_id'] ?? '',
        workflow_run_url: ids['html_url'] ?? ''
    };
    if (result.outcome === 'not_owner')
        return {
            outputs: {
                ...identity,
                ...notOwnedOutputs(state.run_id),
                owner: 'false',
                sent: 'false',
                submission_state: '',
                external_ids: '{}',
                workflow_run_id: '',
                workflow_run_url: ''
            },
            summary: {
                title: 'dispatch-ledger: dispatch — not this workflow run’s',
                meaning: result.message,
                rows: [
                    ['run id', state.run_id],
                    ['store', store.name]
                ]
            }
        };
    const view = { state, plan: result.plan };
    const failure = result.outcome === 'failed' || result.outcome === 'unresolved' ? result.message : undefined;
    return {
        outputs: { ...identity, owner: flag(result.owner), ...runOutputs(view), ...dispatchOutputs },
        summary: {
            title: `dispatch-ledger: dispatch — ${result.outcome}`,
            meaning: result.message,
            rows: [
                ['run id', state.run_id],
                ['driver', driver.name],
                ['requests sent by this step', String(result.sends)],
                ['attempt', result.attempt === null ? '' : String(result.attempt)],
                ['submission', result.submission_state ?? ''],
                ...Object.entries(ids).map(([name, value]) => [`external id ${name}`, value]),
                ['store', store.name],
                ...runRows(view)
            ],
            extra: ledgerMarkdown(result.chain, state.terminal)
        },
        failure
    };
}
function buildDriver(inputs, event, store, env) {
    const timeoutSeconds = Number(inputs.timeoutSeconds);
    if (inputs.driver === 'command') {
        if (!inputs.run)
            throw new errors/* InvalidInput */.o9('driver: command needs the run input: the shell command that sends the work (it gets ' +
                'DISPATCH_KEY, DISPATCH_RUN_ID, DISPATCH_ATTEMPT and DISPATCH_IDEMPOTENCY_KEY in its environment).');
        return new CommandDriver({
            run: inputs.run,
            lookup: inputs.lookup,
            fenced: inputs.fenced === 'true',
            timeoutSeconds,
            cwd: inputs.repositoryPath || env.GITHUB_WORKSPACE || process.cwd(),
            env
        });
    }
    if (inputs.driver !== 'workflow')
        throw new errors/* InvalidInput */.o9('command: dispatch needs the driver input: workflow (GitHub workflow_dispatch to a fenced ' +
            'receiver) or command (your own shell command).');
    if (!inputs.workflow)
        throw new errors/* InvalidInput */.o9('driver: workflow needs the workflow input: the receiver workflow file, for example receiver.yml.');
    const file = workflowFile(inputs.workflow);
    const workflowInputs = parseWorkflowInputs(inputs.inputs);
    if (!inputs.token)
        throw new errors/* InvalidInput */.o9('driver: workflow needs a token (the token input, default the job token) with `permissions: actions: write`.');
    const repository = env.GITHUB_REPOSITORY ?? '';
    if (!/^[^/]+\/[^/]+$/.test(repository))
        throw new errors/* InvalidInput */.o9('GITHUB_REPOSITORY (owner/name) is not set: run inside a workflow.');
    const ref = inputs.ref || env.GITHUB_REF || '';
    if (!ref)
        throw new errors/* InvalidInput */.o9('Set the ref input (or GITHUB_REF): the ref to dispatch on.');
    const namespace = inputs.namespace;
    return new WorkflowDriver({
        api: new GitHubApi({
            token: inputs.token,
            baseUrl: env.GITHUB_API_URL || 'https://api.github.com',
            repository,
            timeoutSeconds
        }),
        workflow: file,
        ref,
        inputs: workflowInputs,
        repositoryId: repositoryId(env, event),
        findAdmission: async (key) => (await store.read(reader => reader.readAdmission((0,core_refs/* admissionRef */.Rp)(namespace, key))))?.value ??
            null
    });
}
function parseWorkflowInputs(text) {
    if (!text)
        return {};
    const value = parseJsonInput(text, 'inputs');
    if (typeof value !== 'object' ||
        value === null ||
        Array.isArray(value) ||
        !Object.values(value).every(v => typeof v === 'string'))
        throw new errors/* InvalidInput */.o9('The inputs input must be a JSON object of strings, for example {"issue": "42"}: ' +
            'workflow_dispatch inputs are strings.');
    if (Object.hasOwn(value, 'dispatch_key'))
        throw new errors/* InvalidInput */.o9('The inputs input may not set dispatch_key: the action sets it to <run id>/a<attempt>, ' +
            'the key the receiver admits. Remove it.');
    return { ...value };
}
/** The id the receiver's event carries as repository.id. */
function repositoryId(env, event) {
    const fromEnv = Number(env.GITHUB_REPOSITORY_ID);
    if (Number.isSafeInteger(fromEnv) && fromEnv > 0)
        return fromEnv;
    const payload = event.payload;
    const fromEvent = payload.repository?.id;
    if (typeof fromEvent === 'number' && Number.isSafeInteger(fromEvent) && fromEvent > 0)
        return fromEvent;
    throw new errors/* InvalidInput */.o9('The repository id is unknown (GITHUB_REPOSITORY_ID is not set and the event has no ' +
        'repository.id); it is part of the receiver key. Run inside a workflow.');
}
/**
 * A fault-injection point for the crash tests: DISPATCH_LEDGER_TEST_KILL_AT names a step
 * boundary at which the process kills itself with SIGKILL, as a lost runner would. Unset in
 * real use; it can only stop this step's own process.
 */
function failpoint(env) {
    const at = env.DISPATCH_LEDGER_TEST_KILL_AT;
    if (!at)
        return undefined;
    return boundary => {
        if (boundary === at)
            process.kill(process.pid, 'SIGKILL');
    };
}

;// CONCATENATED MODULE: ./src/core/recoverDecision.ts
/** Conclusions that mean the coordinator stopped before it was done. */
const RECOVERABLE_CONCLUSIONS = ['failure', 'cancelled', 'timed_out'];
/**
 * Plans a re-run of the coordinator carries on by itself: its admit replays and its later
 * steps (dispatch, observation, verification, asking for a decision) act on the plan. The
 * others wait for an operator or a human, or there is nothing left to do.
 */
const COORDINATOR_CONTINUES = new Set([
    'preview',
    'admit',
    'dispatch',
    'retry_attempt',
    'reconcile_provider',
    'observe_provider',
    'normalize',
    'request_verification',
    'observe_verification',
    'retry_verification',
    'request_human_decision'
]);
const DEFAULT_MAX_ATTEMPTS = 3;
function decideRecover(input) {
    const conclusion = input.conclusion ?? 'none';
    if (!RECOVERABLE_CONCLUSIONS.includes(conclusion))
        return {
            rerun: false,
            why: 'not_failed',
            reason: `The coordinator's run concluded ${conclusion}; only failure, cancelled or timed_out is recovered.`
        };
    if (input.plans.length === 0)
        return {
            rerun: false,
            why: 'no_runs',
            reason: 'The coordinator admitted no run that is still open; there is nothing to recover.'
        };
    const continuing = input.plans.filter(action => COORDINATOR_CONTINUES.has(action));
    if (continuing.length === 0)
        return {
            rerun: false,
            why: 'nothing_to_continue',
            reason: `No open run can be carried on by the coordinator (plans: ${[...new Set(input.plans)].join(', ')}); an operator or a human must act.`
        };
    if (input.run_attempt >= input.max_attempts)
        return {
            rerun: false,
            why: 'max_attempts',
            reason: `The coordinator already ran ${input.run_attempt} times (max-attempts ${input.max_attempts}); nothing is re-run, an operator must act.`
        };
    return {
        rerun: true,
        reason: `Attempt ${input.run_attempt} of the coordinator ${conclusion}; ${continuing.length} open run(s) can go on (${[...new Set(continuing)].join(', ')}), so its failed jobs are re-run (attempt ${input.run_attempt + 1} of at most ${input.max_attempts}).`
    };
}
/** The run ids a workflow run admits by default: `gh-<GITHUB_RUN_ID>-…` (SPEC §7). */
function admittedBy(workflowRunId, runId) {
    return runId.startsWith(`gh-${workflowRunId}-`);
}
/** What GitHub answered to `POST …/actions/runs/{id}/rerun-failed-jobs` (201 Created). */
function classifyRerun(answer) {
    if ('error' in answer)
        return { kind: 'unknown', message: `No answer from the API (${answer.error}).` };
    if (answer.status === 201 || answer.status === 204)
        return { kind: 'requested' };
    const said = apiMessage(answer.body);
    if (answer.status === 401 || answer.status === 403)
        return {
            kind: 'forbidden',
            message: `GitHub refused the re-run with HTTP ${answer.status}${said}: the recovery job needs ` +
                '`permissions: actions: write` (and a token that has it). Fix it, then re-run this recovery workflow.'
        };
    if (answer.status >= 400 && answer.status < 500)
        return {
            kind: 'refused',
            message: `GitHub refused the re-run with HTTP ${answer.status}${said} (a run can be re-run up to ` +
                '30 days after it started and at most 50 times); an operator must act on the open runs.'
        };
    return {
        kind: 'unknown',
        message: `The re-run request ended with HTTP ${answer.status}${said}; it may or may not have been accepted.`
    };
}
function apiMessage(body) {
    if (typeof body !== 'object' || body === null)
        return '';
    const message = body.message;
    return typeof message === 'string' ? ` (${message.slice(0, 200)})` : '';
}

;// CONCATENATED MODULE: ./src/commands/recover.ts







async function recover(options) {
    if (options.event.name !== 'workflow_run')
        throw new errors/* InvalidInput */.o9('command: recover runs on the workflow_run event (types: [completed]) of the coordinator ' +
            `workflow, not on ${JSON.stringify(options.event.name)}.`);
    const admitted = await admitCommand(options.store, {
        namespace: options.namespace,
        event: options.event,
        run_id: options.run_id,
        writer: options.writer,
        now: options.now()
    });
    const wr = workflowRunFacts(options.event.payload);
    const result = admitted.result;
    const base = {
        dispatch_key: admitted.target.dispatch_key,
        workflow_run: wr,
        owner: result?.owner ?? false,
        owner_run_id: result?.admission.run_id ?? admitted.conflict?.stored.run_id ?? ''
    };
    const chain = result?.owner ? result.chain : null;
    const head = chain?.[chain.length - 1]?.value;
    if (!result || !chain || head?.state !== 'admitted')
        return {
            ...base,
            duplicate: true,
            runs: [],
            decision: null,
            rerun_requested: false,
            failure: null,
            message: result?.owner
                ? 'This workflow run already recovered this delivery; nothing is done twice.'
                : `Run ${base.owner_run_id} already handles this workflow_run delivery (a duplicate delivery); nothing is done twice.`
        };
    const open = (await scanRuns(options.store, options.namespace)).flatMap(scanned => 'state' in scanned && !scanned.state.terminal && admittedBy(String(wr.id), scanned.state.run_id)
        ? [scanned]
        : []);
    const decision = decideRecover({
        conclusion: wr.conclusion,
        run_attempt: wr.run_attempt,
        max_attempts: options.maxAttempts,
        plans: open.map(run => run.plan.action)
    });
    const outcome = {
        ...base,
        duplicate: false,
        decision,
        rerun_requested: false,
        failure: null,
        message: decision.reason
    };
    const runs = (done) => open.map(run => ({
        run_id: run.state.run_id,
        state: run.state.state,
        plan: run.plan.action,
        done
    }));
    if (decision.rerun) {
        const answer = classifyRerun(await options.api.rerunFailedJobs(wr.id));
        if (answer.kind !== 'requested') {
            const failed = {
                ...outcome,
                runs: runs('nothing'),
                failure: answer.message,
                message: `${decision.reason} ${answer.message}`
            };
            // Forbidden or unknown: this run stays open, so a re-run of recovery can try again.
            if (answer.kind !== 'refused')
                return failed;
            await recover_close(options, result.admission.ledger_ref, chain, `recover: ${failed.message}`);
            return failed;
        }
        await recover_close(options, result.admission.ledger_ref, chain, `recover: ${decision.reason}`);
        return { ...outcome, runs: runs('re-run of the coordinator requested'), rerun_requested: true };
    }
    await recover_close(options, result.admission.ledger_ref, chain, `recover: ${decision.reason}`);
    return { ...outcome, runs: runs('nothing') };
}
/** The derivation already checked id and run_attempt (positive integers). */
function workflowRunFacts(payload) {
    const wr = payload.workflow_run;
    return {
        id: wr['id'],
        run_attempt: wr['run_attempt'],
        conclusion: typeof wr['conclusion'] === 'string' ? wr['conclusion'] : null
    };
}
/** Closes the delivery's own run, so `scan` never lists it. */
async function recover_close(options, ledger_ref, chain, note) {
    await appendRecord(options.store, {
        ledger_ref,
        state: 'cancelled',
        fields: { note: note.length > 4096 ? `${note.slice(0, 4093)}...` : note },
        occurred_at: time_timestampOf(options.now()),
        trigger: triggerFor(options.event.name),
        actor: actorFrom(options.event.payload),
        writer: options.writer
    }, chain);
}

;// CONCATENATED MODULE: ./src/action/recoverStep.ts




/** SPEC §11: on workflow_run completed, re-run a killed coordinator when its ledger allows. */
async function recoverStep(inputs, context) {
    const { env, store } = context;
    if (!inputs.token)
        throw new errors/* InvalidInput */.o9('command: recover needs a token (the token input, default the job token) with ' +
            '`permissions: actions: write`, to re-run the coordinator.');
    const repository = env.GITHUB_REPOSITORY ?? '';
    if (!/^[^/]+\/[^/]+$/.test(repository))
        throw new errors/* InvalidInput */.o9('GITHUB_REPOSITORY (owner/name) is not set: run inside a workflow.');
    const result = await recover({
        store,
        namespace: inputs.namespace,
        event: context.event,
        run_id: inputs.runId || undefined,
        writer: context.writer,
        maxAttempts: Number(inputs.maxAttempts),
        api: new GitHubApi({
            token: inputs.token,
            baseUrl: env.GITHUB_API_URL || 'https://api.github.com',
            repository,
            timeoutSeconds: Number(inputs.timeoutSeconds)
        }),
        now: () => new Date()
    });
    const wr = result.workflow_run;
    return {
        outputs: {
            dispatch_key: result.dispatch_key,
            run_id: result.owner_run_id,
            owner: flag(result.owner),
            duplicate: flag(result.duplicate),
            runs: JSON.stringify(result.runs),
            rerun_requested: flag(result.rerun_requested),
            recovery_reason: result.message,
            store: store.name
        },
        summary: {
            title: `dispatch-ledger: recover — ${result.rerun_requested ? 're-run requested' : result.duplicate ? 'already recovered' : 'nothing re-run'}`,
            meaning: result.message,
            rows: [
                ['workflow run', String(wr.id)],
                ['its attempt', String(wr.run_attempt)],
                ['conclusion', wr.conclusion ?? ''],
                ['max attempts', inputs.maxAttempts],
                ...result.runs.map(run => [run.run_id, `${run.state}: ${run.plan} (${run.done})`]),
                ['store', store.name]
            ]
        },
        failure: result.failure ?? undefined
    };
}

;// CONCATENATED MODULE: ./src/action/steps.ts
/**
 * The command steps, loaded in one chunk after the inputs are valid. One chunk rather than one
 * per command: the bundler copies every module two commands share into each of their chunks.
 */









/***/ })

};
