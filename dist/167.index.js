export const id = 167;
export const ids = [167];
export const modules = {

/***/ 9167:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  admitStep: () => (/* reexport */ admitStep),
  effectStep: () => (/* reexport */ effectStep),
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
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __webpack_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/core/schema.ts + 1 modules
var schema = __webpack_require__(1183);
// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var core_canonical = __webpack_require__(1649);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
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
        checkDispatchKey(override);
        // Event-independent on purpose: a key the user chose converges across events.
        return finish(override, { scheme: KEY_SCHEME, dispatch_key: override }, input);
    }
    const derive = Object.hasOwn(DERIVATIONS, input.eventName)
        ? DERIVATIONS[input.eventName]
        : undefined;
    if (derive === undefined)
        throw noDerivation(input.eventName);
    const reader = new PayloadReader(input.eventName, input.payload);
    const { event, key, fields } = deriveFrom(derive, reader, input.eventName);
    checkDispatchKey(key, input.eventName);
    // Only fields that name the intended work: never the sender or any timestamp.
    return finish(key, { scheme: KEY_SCHEME, event, ...fields }, input);
}
/** Runs a derivation; a payload part JSON cannot carry (a lone surrogate) is blamed on the event. */
function deriveFrom(derive, reader, eventName) {
    try {
        return derive(reader);
    }
    catch (error) {
        if (error instanceof errors/* InvalidInput */.o9)
            throw error;
        throw notUnicode(eventName);
    }
}
function notUnicode(eventName) {
    return new errors/* InvalidInput */.o9(`The ${eventName} event payload holds text that is not valid Unicode (a lone ` +
        'surrogate), so the request it names has no canonical JSON form. Set the ' +
        '`dispatch_key` to a key that names this dispatch.');
}
function finish(key, base, input) {
    // The event's part first, so text JSON cannot carry is blamed on where it came from.
    if (!hasJsonForm(base))
        throw notUnicode(input.eventName);
    const request = input.request === undefined ? base : { ...base, request: input.request };
    if (!hasJsonForm(request))
        throw new errors/* InvalidInput */.o9('The `request` has no canonical JSON form (it holds a lone surrogate or a value JSON ' +
            'cannot carry). Give the `request` as a JSON value of valid text (an object, array, ' +
            'string, number, boolean or null).');
    return { dispatch_key: key, request, request_digest: (0,core_canonical/* digestOf */.ol)(request) };
}
function hasJsonForm(value) {
    try {
        (0,core_canonical/* canonicalJson */.dj)(value);
        return true;
    }
    catch {
        return false;
    }
}
/** A single UTF-16 surrogate that is not half of a pair: text that has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/**
 * SPEC §2, §9: a dispatch key is 1 to 1024 UTF-8 bytes of text with no control characters.
 * `eventName` says where a derived key came from; without it the key was given by the caller.
 */
function checkDispatchKey(key, eventName) {
    const source = eventName === undefined
        ? 'The `dispatch_key`'
        : `The dispatch key derived from the ${eventName} event`;
    const control = (0,core_text/* findControlCharacter */.Am)(key);
    if (control !== null)
        throw new errors/* InvalidInput */.o9(`${source} contains the control character ${control}. Dispatch keys are printable text: ` +
            (eventName === undefined
                ? 'set the `dispatch_key` without line breaks, tabs or other control characters.'
                : 'set the `dispatch_key` to a key that names this dispatch.'));
    if (LONE_SURROGATE.test(key))
        throw new errors/* InvalidInput */.o9(`${source} is not valid Unicode text (it holds a lone surrogate). Set the \`dispatch_key\` ` +
            'to a key of valid text.');
    const bytes = Buffer.byteLength(key, 'utf8');
    if (bytes > core_admission/* MAX_KEY_BYTES */.Xd) {
        throw new errors/* InvalidInput */.o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${core_admission/* MAX_KEY_BYTES */.Xd}. ` +
            'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = core_admission/* DispatchKeySchema */.Hr.safeParse(key);
    if (!parsed.success) {
        throw new errors/* InvalidInput */.o9(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
    }
    return key;
}
/**
 * SPEC §9 "Key components never merge": a free-text component followed by another component
 * is percent-encoded (`%` → `%25`, `/` → `%2F`), so ("a/b", "c") and ("a", "b/c") differ.
 */
function keyComponent(text) {
    return text.replace(/%/g, '%25').replace(/\//g, '%2F');
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
            key: `v1/workflow_dispatch/${repoId}/${keyComponent(workflow)}/${last}`,
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
            key: `v1/repository_dispatch/${repoId}/${keyComponent(eventType)}/${last}`,
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
    return (terminalPlan(state, plan) ??
        providerPlan(state, current, ambiguous, plan) ??
        statePlan(state, current, plan));
}
/** Rule 1: a terminal run (or one whose admission was blocked) has nothing left to do. */
function terminalPlan(state, plan) {
    if (!(state.terminal || (0,states/* isTerminal */.Hd)(state.state)))
        return null;
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
/**
 * Rules 2-4: work that may be (or is) at the provider. An unresolved ambiguous submission, or a
 * dispatch with no recorded acceptance, is reconciled by lookup; an accepted one is observed.
 */
function providerPlan(state, current, ambiguous, plan) {
    if (ambiguous !== null) {
        return plan('reconcile_provider', `The provider call of attempt ${ambiguous.number} ended with an unknown outcome, so the work may exist at the provider; ${RECONCILE_TAIL}. Record what the lookup found: dispatched with submitted and the external ids, or attempt_failed if the provider has nothing.`, 'dispatch');
    }
    if (state.state !== 'dispatched')
        return null;
    const number = current?.number ?? state.current_attempt ?? '?';
    if (current?.submission_state === 'submitted') {
        return plan('observe_provider', `The provider accepted attempt ${number}${ids(current)}; keep observing it by the recorded external ids (or its dispatch key) and never submit it again.`);
    }
    const why = current?.submission_state == null
        ? `Attempt ${number} was dispatched but no provider submission was recorded, so the provider call may have gone out before the coordinator stopped`
        : `The provider call of attempt ${number} may have gone out before the coordinator stopped (the ledger holds only the intent, ${current.submission_state})`;
    return plan('reconcile_provider', `${why}; ${RECONCILE_TAIL}.`, 'dispatch');
}
/** The remaining rules, one per state: the next step of the protocol and the gate it needs. */
function statePlan(state, current, plan) {
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

;// CONCATENATED MODULE: ./src/core/attempts.ts
/**
 * The attempt a record in `next` appended after `head` is about, or null when the state machine
 * puts no constraint on it (or the transition is illegal):
 * - the first `dispatched` after `admitted` starts attempt 1 (`initial`);
 * - a `dispatched` after `dispatched` is a submission update of the same attempt;
 * - a `dispatched` after `attempt_failed` starts the next attempt (`retry`);
 * - an `attempt_failed` fails the attempt the head is about (after `dispatched`, or an
 *   operator's answer after `attempt_failed`).
 */
function attempts_nextAttempt(head, next) {
    if (head === null)
        return null;
    const current = head.attempt;
    if (next === 'dispatched') {
        if (head.state === 'admitted')
            return { number: 1, reason: 'initial' };
        if (head.state === 'dispatched')
            return current;
        if (head.state === 'attempt_failed')
            return current === null ? null : { number: current.number + 1, reason: 'retry' };
        return null;
    }
    if (next === 'attempt_failed' && (head.state === 'dispatched' || head.state === 'attempt_failed'))
        return current;
    return null;
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
 * The attempt number a record in `nextState` appended after `previous` must carry, or null
 * when the state machine puts no constraint on it (the rule lives in attempts.ts).
 */
function requiredAttemptNumber(previous, nextState) {
    return attempts_nextAttempt(previous, nextState)?.number ?? null;
}
function transition_describe(record) {
    return `record ${record.ledger_sequence} (${record.state})`;
}
const REBUILD = 're-read the ledger head and build the record on top of it';
/** Builds the problems of one link: `chain` ones (with a default fix) and the others. */
function problems(sequence) {
    return {
        chain: (what, fix = REBUILD) => ({
            chain: true,
            sequence,
            what,
            fix
        }),
        illegal: (what, fix) => ({ chain: false, sequence, what, fix })
    };
}
/**
 * The first problem with appending `next` after `previous`, or null when the link is
 * sound. `previousDigest` must be `digestOf(previous)` (null when there is no previous);
 * it is a parameter so a fold digests every record exactly once. The checks go from the
 * chain itself, to what a record may claim, to the state machine, to the fields a state needs.
 */
function findAppendProblem(previous, previousDigest, next) {
    const p = problems(previous === null ? 1 : previous.ledger_sequence + 1);
    return (chainProblem(p, previous, previousDigest, next) ??
        authorityProblem(p, next) ??
        stateMachineProblem(p, previous, next) ??
        requiredFieldsProblem(p, previous, next));
}
/** The chain itself: sequence, previous digest, one run id, key and request digest. */
function chainProblem({ chain }, previous, previousDigest, next) {
    const sequence = previous === null ? 1 : previous.ledger_sequence + 1;
    if (next.ledger_sequence !== sequence) {
        return chain(previous === null
            ? `the first record must have ledger_sequence 1, not ${String(next.ledger_sequence)}`
            : `the record after sequence ${previous.ledger_sequence} must have ledger_sequence ${sequence}, not ${String(next.ledger_sequence)}`);
    }
    if (previous === null) {
        if (next.previous_record_digest !== null) {
            return chain(`record 1 must have previous_record_digest null, not ${String(next.previous_record_digest)}`, 'a first record has no predecessor; set previous_record_digest to null');
        }
        return null;
    }
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
    return null;
}
/** What a record may claim: no authority, ever. */
function authorityProblem({ illegal }, next) {
    const authority = (next.authority ?? {});
    const granted = Object.keys(authority).filter(flag => authority[flag] !== false);
    if (next.authority != null && granted.length === 0)
        return null;
    return illegal(next.authority == null
        ? `${transition_describe(next)} has no authority block`
        : `${transition_describe(next)} sets authority.${granted.join(', authority.')} to something other than false`, 'a record is evidence, never a grant: every authority flag must be false');
}
/** The state machine: a known state, a legal start, a legal successor of a live state. */
function stateMachineProblem({ illegal }, previous, next) {
    if (!KNOWN_STATES.has(next.state)) {
        return illegal(`${JSON.stringify(next.state)} is not a ledger state`, `use one of ${states/* STATES */.xj.join(', ')}`);
    }
    if (previous === null) {
        if (INITIAL.has(next.state))
            return null;
        return illegal(`a ledger must start with admitted or proposed, not ${next.state}`, 'write the admitted (or proposed) record first, through admission');
    }
    if ((0,states/* isTerminal */.Hd)(previous.state)) {
        return illegal(`${transition_describe(previous)} is terminal, so nothing may follow it (not even ${next.state})`, 'the run is over; a new request needs a new dispatch key and a new run');
    }
    if (!(0,states/* isLegalTransition */.nD)(previous.state, next.state)) {
        return illegal(`${previous.state} cannot be followed by ${next.state}`, `from ${previous.state} the ledger may only move to ${legalSuccessors(previous.state).join(' or ')}`);
    }
    return null;
}
/** The fields a state requires: attempts, failures, settled submissions, decisions. */
function requiredFieldsProblem(p, previous, next) {
    if (next.state === 'dispatched')
        return dispatchedProblem(p, previous, next);
    if (next.state === 'attempt_failed')
        return attemptFailedProblem(p, previous, next);
    if (next.state === 'candidate_observed' &&
        previous?.state === 'dispatched' &&
        previous.provider?.submission_state === 'ambiguous') {
        return p.illegal(`attempt ${String(previous.attempt?.number)}'s submission is still ambiguous`, 'settle it first: append dispatched with submission_state submitted and the external ids the provider lookup found');
    }
    if (next.state === 'decided' && next.decision == null) {
        return p.illegal(`${transition_describe(next)} carries no decision`, 'a decided record must carry decision {outcome, by}');
    }
    return null;
}
function dispatchedProblem({ illegal }, previous, next) {
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
    return null;
}
function attemptFailedProblem({ illegal }, previous, next) {
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
/** Throws BrokenChain unless `record` is a valid record that may follow `previous`. */
function checkLink(previous, previousDigest, record, position) {
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
    if (problem !== null)
        throw new errors/* BrokenChain */.rF(position, `${problem.what}; ${STORED}`);
}
/**
 * Folds a `dispatched` or `attempt_failed` record into its attempt (findAppendProblem
 * guarantees both carry one) and returns the attempt's number: the run's current attempt.
 */
function foldAttempt(attempts, record) {
    const { number, reason } = record.attempt;
    let attempt = attempts.get(number);
    if (attempt === undefined) {
        attempt = {
            number,
            reason,
            submission_state: null,
            external_ids: {},
            driver: null,
            unresolved_ambiguous: false,
            failed: false,
            retryable: null
        };
        attempts.set(number, attempt);
    }
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
    return number;
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
        checkLink(previous, previousDigest, record, position);
        if (record.state === 'dispatched' || record.state === 'attempt_failed') {
            currentAttempt = foldAttempt(attempts, record);
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
 * The attempt a `dispatched` record appended now must carry, or null when the run's state does
 * not allow a dispatch: attempt 1 after `admitted`, the same attempt for a submission update
 * after `dispatched`, the next number after `attempt_failed` (the rule lives in attempts.ts).
 */
function dispatchAttemptFor(state) {
    return nextAttempt(headAttempt(state), 'dispatched');
}
/** The run's head as the attempt rule sees it: its state and the attempt it is about. */
function headAttempt(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    const about = state.state === 'dispatched' || state.state === 'attempt_failed';
    return {
        state: state.state,
        attempt: about && current ? { number: current.number, reason: current.reason } : null
    };
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

;// CONCATENATED MODULE: ./src/commands/storedNames.ts


/** The admission at admission_ref must admit the key that names it, for a run in namespace. */
function checkAdmissionNames(namespace, admission_ref, admission) {
    if ((0,core_refs/* admissionRef */.Rp)(namespace, admission.dispatch_key) !== admission_ref)
        throw new errors/* CorruptEntry */.Ob(admission_ref, 'it holds a different dispatch key than its ref names');
    const expected = (0,core_refs/* ledgerRef */.DH)(namespace, admission.run_id);
    if (admission.ledger_ref !== expected)
        throw new errors/* CorruptEntry */.Ob(admission_ref, `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
            `${JSON.stringify(admission.run_id)} (${expected})`);
    return admission;
}
/**
 * The chain at ledger_ref must be the ledger of the run whose id names it. Record 1 is
 * checked here; that every later record carries the same run id is part of verifying the chain
 * (reconstruct), which names the first sequence that differs.
 */
function checkChainNames(namespace, ledger_ref, chain) {
    const first = chain[0];
    if (first === undefined || (0,core_refs/* ledgerRef */.DH)(namespace, first.value.run_id) === ledger_ref)
        return;
    throw new errors/* CorruptEntry */.Ob(ledger_ref, `record 1 belongs to run ${JSON.stringify(first.value.run_id)}, whose ledger is not this ` +
        'ref (a copied chain?)', chain.length > 1 ? first.oid : undefined);
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
    const found = await readAdmitted(store, request.namespace, admission_ref, run_id);
    if (!found.admission) {
        // The create was refused but there is no admission: our ledger ref exists on its own.
        throw new errors/* StoreError */.AD(`The run id ${JSON.stringify(run_id)} already has a ledger at ${admission.ledger_ref} ` +
            `but no admission at ${admission_ref}. Run ids must be unique per dispatch; ` +
            'give a different `run_id`, or inspect the ledger by hand.');
    }
    const stored = checkAdmissionNames(request.namespace, admission_ref, found.admission.value);
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
async function readAdmitted(store, namespace, admission_ref, run_id) {
    return store.read(async (reader) => {
        const admission = await reader.readAdmission(admission_ref);
        const ours = admission?.value.run_id === run_id;
        const ledger_ref = (0,core_refs/* ledgerRef */.DH)(namespace, run_id);
        const chain = ours ? await reader.readChain(ledger_ref) : null;
        if (chain)
            checkChainNames(namespace, ledger_ref, chain);
        return { admission, chain };
    });
}
/** SPEC §4: an invalid first record is rejected before any ref is written. */
function checkFirstRecord(record) {
    const parsed = (0,validate/* parseOrThrow */.zS)(core_record/* RecordSchema */.X2, record, 'The first record');
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
            const stored = (await reader.readAdmission(ref))?.value ?? null;
            if (!stored)
                throw new errors/* InvalidInput */.o9(`The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ${ref}). ` +
                    'Check the `dispatch_key` and the `namespace`, or admit it first.');
            admission = checkAdmissionNames(namespace, ref, stored);
            ledger_ref = admission.ledger_ref;
        }
        const chain = await reader.readChain(ledger_ref);
        if (!chain)
            throw new errors/* InvalidInput */.o9(selector.by === 'run_id'
                ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
                    'Check the `run_id` and the `namespace`.'
                : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
                    `${admission?.run_id}, whose ledger ${ledger_ref} is missing. A replay of admit ` +
                    'from that run writes its first record.');
        checkChainNames(namespace, ledger_ref, chain);
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
            selector: { by: 'dispatch_key', dispatch_key: checkDispatchKey(choice.dispatch_key) },
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
        const read = await reader.readAdmission(target.admission_ref);
        const admission = read
            ? checkAdmissionNames(options.namespace, target.admission_ref, read.value)
            : null;
        const ours = admission?.run_id === target.run_id;
        const chain = ours ? await reader.readChain(admission.ledger_ref) : null;
        if (chain)
            checkChainNames(options.namespace, admission?.ledger_ref, chain);
        return { admission, chain };
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
    const proto = (0,validate/* findProtoKey */.Di)(value);
    if (proto !== null)
        throw new errors/* InvalidInput */.o9(`The \`record\` is invalid: ${proto} is a field named __proto__, which would be lost when ` +
            'stored. Rename it.');
    return (0,validate/* parseOrThrow */.zS)(core_record/* RecordInputSchema */.FR, value, 'The `record`');
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
    return attempts_nextAttempt(headAttempt(current), state);
}
/**
 * The first field in which a repeated input differs from the record that holds its input_key.
 * An omitted field means its empty value (as newRecord writes it), so leaving a field out is a
 * different payload, not a wildcard. The attempt is the exception: when omitted it is derived
 * from the run's state at the time, which has moved on since.
 */
function differingField(stored, request) {
    if (stored.state !== request.state)
        return 'state';
    for (const field of PAYLOAD_FIELDS) {
        const given = request.fields[field];
        if (given === undefined && field === 'attempt')
            continue;
        const value = given ?? (field === 'evidence' ? [] : null);
        if ((0,core_canonical/* canonicalJson */.dj)(value) !== (0,core_canonical/* canonicalJson */.dj)(stored[field] ?? null))
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
            // The run as it is now, also for a duplicate: duplicate=true says the input was there.
            ...runOutputs(view)
        },
        summary: {
            title: `dispatch-ledger: record ${record.state}`,
            meaning: outcome.duplicate
                ? `The input ${record.idempotency.input_key} was already recorded at sequence ${record.ledger_sequence}; nothing was written. The run is now at sequence ${run.sequence} (${run.state}).`
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

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 18 modules
var core = __webpack_require__(6257);
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
                checkChainNames(namespace, ref, chain);
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
    const table = scanTable(open, broken);
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
/** The summary's table: open runs with their next action, then ledgers that do not verify. */
function scanTable(open, broken) {
    return [
        '| run id | state | seq | next action | gate |',
        '|---|---|---|---|---|',
        ...open.map(run => `| ${(0,core_text/* inertText */.UJ)(run.run_id)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} |`),
        ...broken.map(run => `| ${(0,core_text/* inertText */.UJ)(run.ledger_ref)} | does not verify | | ${(0,core_text/* inertText */.UJ)(run.error)} | |`)
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/core/effect/decide.ts
/** A step sends at most twice: once, and once more when a lookup proves it safe (as §10). */
const MAX_SENDS_PER_STEP = 2;
const d = (next, record, reason) => ({
    next,
    record,
    reason
});
/** Before any I/O: what the recorded chain alone says. */
function planEffect(op, intentDigest) {
    if (op === null)
        return d('prepare', 'prepared', 'no operation yet: record the intent first');
    if (op.intent_digest !== intentDigest)
        return d('refuse_intent', null, `the operation ${op.operation_id} is bound to intent ${op.intent_digest}; this step asks for ${intentDigest}`);
    return PLAN_BY_STATE[op.state];
}
const PLAN_BY_STATE = {
    prepared: d('send', null, 'the intent is durable and nothing was sent: send'),
    may_have_been_sent: d('lookup', null, 'a send may have gone out and its outcome was not recorded: look it up before anything else'),
    observed: d('read_back', null, 'the create was answered: read it back to check it is ours'),
    terminal_committed: d('committed', null, 'already committed: nothing is sent'),
    terminal_no_commit: d('not_committed', null, 'already ended without its effect: nothing is sent'),
    conflict: d('conflict', null, 'another actor holds this tag or release: nothing is sent'),
    unknown: d('refuse_unknown', null, 'the outcome is unknown and only an operator can settle it (/ledger resolve-effect)')
};
/** After a send answered (or did not). */
function afterSend(ctx, outcome) {
    if (ctx.kind === 'tag')
        return TAG_AFTER_PUSH[outcome];
    if (outcome === 'created')
        return d('read_back', 'observed', 'GitHub answered 201: read it back');
    if (outcome === 'refused' && ctx.sends === 1)
        return d('not_committed', 'terminal_no_commit', 'GitHub definitely refused the only send: nothing was created');
    return d('lookup', null, outcome === 'already_exists'
        ? 'GitHub refused a second release for this tag: look up whose it is'
        : 'the outcome of the send is not known: look it up');
}
/** The tag and its journal record travel in one atomic push, so the push settles both. */
const TAG_AFTER_PUSH = {
    created: d('committed', null, 'the atomic push created the tag and recorded it committed'),
    already_exists: d('lookup', null, 'the tag exists: fetch it and the journal to see whose it is'),
    // An atomic refusal wrote neither ref: the operation is still exactly `prepared`.
    refused: d('stop', null, 'the remote refused the push (a hook or ruleset): neither the tag nor the record was written'),
    ambiguous: d('lookup', null, 'the push was not answered: fetch the tag and the journal')
};
function afterLookup(ctx, found) {
    switch (found) {
        case 'ours':
            return d('committed', 'terminal_committed', 'the lookup found our effect');
        case 'other':
            return d('conflict', 'conflict', 'another actor holds this tag or release');
        case 'several':
            return d('conflict', 'conflict', 'several releases carry this operation’s marker');
        case 'unavailable':
            return d('stop', null, 'the lookup failed; the next effect step looks again');
        case 'none':
            return afterNothingFound(ctx);
    }
}
/**
 * The one row where the two effects differ. A tag push is create-only and carries its journal,
 * and GitHub refuses a second published release for a tag: sending again is fenced. A draft
 * has no fence — a create that answered late may still commit — so absence proves nothing.
 */
function afterNothingFound(ctx) {
    if (ctx.kind === 'release' && ctx.draft)
        return d('unknown', 'unknown', 'no draft carries our marker, yet the create may still commit (drafts have no fence)');
    if (ctx.sendsThisStep >= MAX_SENDS_PER_STEP)
        return d('stop', null, 'nothing found and this step already sent twice; a later step goes on');
    return d('send', null, ctx.kind === 'tag'
        ? 'neither the tag nor the record is at the remote: the create-only push is safe again'
        : 'no published release for the tag: GitHub’s one-release-per-tag fence makes a re-send safe');
}
const AFTER_READ_BACK = {
    match: d('committed', 'terminal_committed', 'the release carries our marker and fields'),
    mismatch: d('conflict', 'conflict', 'the release differs from the intent (edited or not ours)'),
    // Created (201) and now gone: something deleted it. Not provably terminal either way.
    none: d('unknown', 'unknown', 'the created release can no longer be found'),
    unavailable: d('stop', null, 'the release could not be read back; the next step tries again')
};
/**
 * `/ledger resolve-effect`: an operator's answer is accepted only for an `unknown` operation;
 * the same answer again is a duplicate, a different one a conflict (the first answer wins).
 */
function decideResolve(op, answer, releaseId) {
    if (op.state === 'unknown')
        return {
            outcome: 'applied',
            record: answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit'
        };
    const settled = op.resolution;
    if (settled === null)
        return {
            outcome: 'rejected',
            reason: `the operation is ${op.state}, not unknown: there is nothing for an operator to settle`
        };
    const same = settled.answer === answer && (answer === 'not_committed' || op.result?.release_id === releaseId);
    return same
        ? { outcome: 'duplicate', reason: `already resolved ${settled.answer} by ${settled.by}` }
        : {
            outcome: 'conflict',
            reason: `already resolved ${settled.answer} by ${settled.by}; the first answer stands`
        };
}

// EXTERNAL MODULE: ./src/core/effect/artifacts.ts
var artifacts = __webpack_require__(5742);
// EXTERNAL MODULE: ./src/core/effect/operation.ts
var operation = __webpack_require__(6084);
;// CONCATENATED MODULE: ./src/core/effect/operationChain.ts
/**
 * Verify an operation's chain on read and fold it into what the decision table needs, the way
 * `reconstruct` does for a run's ledger. Pure. A chain that does not verify is an error naming
 * the first bad sequence; no record is ever skipped.
 */



/** Legal successors. `unknown` is left only by an operator's resolution (checked below). */
const OPERATION_SUCCESSORS = {
    // A tag is committed by the same atomic push that carries its journal record, so a tag
    // operation goes from prepared straight to its outcome; a release goes through the send.
    prepared: ['may_have_been_sent', 'terminal_committed', 'conflict'],
    may_have_been_sent: [
        'may_have_been_sent',
        'observed',
        'terminal_committed',
        'terminal_no_commit',
        'conflict',
        'unknown'
    ],
    observed: ['terminal_committed', 'conflict', 'unknown'],
    unknown: ['terminal_committed', 'terminal_no_commit'],
    terminal_committed: [],
    terminal_no_commit: [],
    conflict: []
};
const operationChain_STORED = "the stored operation chain does not verify (it was altered or written without these checks); inspect the operation's ref and repair it by hand. Nothing was sent from it";
/** The rule a single record breaks given its predecessor, or null. Exported for the tests. */
function operationLinkProblem(previous, record, context) {
    if (previous === null) {
        if (record.sequence !== 1)
            return `the first record has sequence ${record.sequence}, not 1`;
        if (record.state !== 'prepared')
            return `the first record is ${record.state}, not prepared`;
        if (record.previous_digest !== null)
            return 'the first record has a previous_digest';
        if (record.send !== null)
            return 'the prepared record names a send';
    }
    else {
        if (record.sequence !== previous.sequence + 1)
            return `sequence ${record.sequence} follows ${previous.sequence}`;
        if (record.previous_digest !== context.previousDigest)
            return 'previous_digest is not the digest of the record before it';
        if (record.operation_id !== previous.operation_id)
            return 'the operation id changes';
        if (record.intent_digest !== previous.intent_digest)
            return 'the intent changes';
        if (!OPERATION_SUCCESSORS[previous.state].includes(record.state))
            return `${previous.state} → ${record.state} is not a legal transition`;
        const kindProblem = kindRule(previous.state, record);
        if (kindProblem)
            return kindProblem;
    }
    if ((0,core_canonical/* digestOf */.ol)(record.intent) !== record.intent_digest)
        return 'intent_digest is not the digest of its intent';
    const fromUnknown = previous?.state === 'unknown';
    if (fromUnknown !== (record.resolution !== null))
        return fromUnknown
            ? 'leaving unknown needs an operator resolution'
            : 'only a record leaving unknown carries a resolution';
    if (record.resolution && resolvedState(record.resolution.answer) !== record.state)
        return `the resolution ${record.resolution.answer} does not match ${record.state}`;
    return sendRule(record, context.sends) ?? resultRule(record);
}
function resolvedState(answer) {
    return answer === 'committed' ? 'terminal_committed' : 'terminal_no_commit';
}
function kindRule(from, record) {
    const kind = record.intent.kind;
    if (from === 'prepared' && record.state === 'terminal_committed' && kind !== 'tag')
        return 'only a tag is committed straight from prepared (by its atomic push)';
    if (from === 'prepared' && record.state === 'may_have_been_sent' && kind !== 'release')
        return 'a tag is never sent apart from its journal record';
    return null;
}
function sendRule(record, sends) {
    if (record.state === 'may_have_been_sent') {
        if (record.send !== sends + 1)
            return `send ${record.send} is not the next send (${sends + 1})`;
        return null;
    }
    if (record.state === 'observed' && record.send !== sends)
        return `observed names send ${record.send}, not the latest send ${sends}`;
    if (record.send !== null && (record.send < 1 || record.send > sends))
        return `send ${record.send} was never recorded`;
    return null;
}
function resultRule(record) {
    if (record.state !== 'terminal_committed')
        return null;
    if (record.intent.kind === 'tag' && !record.result?.tag_object)
        return 'a committed tag names no tag object';
    if (record.intent.kind === 'release' && !record.result?.release_id)
        return 'a committed release names no release id';
    return null;
}
/** Verify `records` (oldest first, the whole chain) and fold them. */
function foldOperation(records, options = {}) {
    if (records.length === 0)
        throw new errors/* BrokenChain */.rF(1, `record 1 is missing: the operation holds no records; ${operationChain_STORED}`);
    let previous = null;
    let previousDigest = null;
    let sends = 0;
    let result = null;
    let resolution = null;
    for (const [index, record] of records.entries()) {
        const sequence = index + 1;
        const parsed = operation/* OperationRecordSchema */.gP.safeParse(record);
        if (!parsed.success)
            throw new errors/* BrokenChain */.rF(sequence, `record ${sequence} is invalid; ${operationChain_STORED}`);
        const problem = operationLinkProblem(previous, record, { sends, previousDigest });
        if (problem)
            throw new errors/* BrokenChain */.rF(sequence, `${problem}; ${operationChain_STORED}`);
        if (record.state === 'may_have_been_sent')
            sends = record.send ?? sends;
        if (record.result)
            result = record.result;
        if (record.resolution)
            resolution = record.resolution;
        previous = record;
        previousDigest = digestText(record, options.canonical?.[index]);
    }
    const first = records[0];
    const head = records[records.length - 1];
    return {
        operation_id: head.operation_id,
        intent: first.intent,
        intent_digest: first.intent_digest,
        state: head.state,
        final: operation/* FINAL_STATES */.MS.has(head.state),
        sequence: head.sequence,
        head_oid: options.headOid ?? null,
        head_digest: previousDigest ?? '',
        sends,
        result,
        resolution,
        prepared_at: first.occurred_at
    };
}
function digestText(record, text) {
    return text === undefined ? (0,core_canonical/* digestOf */.ol)(record) : `sha256:${(0,core_canonical/* sha256Hex */.fg)(text)}`;
}

;// CONCATENATED MODULE: ./src/core/effect/newOperationRecord.ts

/** The prepared record: sequence 1 of a new operation. */
function preparedRecord(fields) {
    return {
        schema: operation/* OPERATION_SCHEMA */.kV,
        operation_id: fields.operation_id,
        sequence: 1,
        previous_digest: null,
        state: 'prepared',
        occurred_at: fields.occurred_at,
        intent: fields.intent,
        intent_digest: fields.intent_digest,
        send: null,
        result: null,
        observation: null,
        resolution: null,
        writer: fields.writer
    };
}
/** The record after `head` (whose digest is headDigest); validity is the chain's to check. */
function nextRecord(head, headDigest, fields) {
    return {
        schema: operation/* OPERATION_SCHEMA */.kV,
        operation_id: head.operation_id,
        sequence: head.sequence + 1,
        previous_digest: headDigest,
        state: fields.state,
        occurred_at: fields.occurred_at,
        intent: head.intent,
        intent_digest: head.intent_digest,
        send: fields.send ?? null,
        result: fields.result ?? null,
        observation: fields.observation ?? null,
        resolution: fields.resolution ?? null,
        writer: fields.writer
    };
}

// EXTERNAL MODULE: ./src/core/effect/operationEntry.ts
var operationEntry = __webpack_require__(8562);
;// CONCATENATED MODULE: ./src/effects/journal.ts
/**
 * An operation's chain as one writer sees it: read from the arbiter, verified on read, and
 * appended to by compare-and-set. A lost race re-reads; the caller re-plans from what it finds.
 */




class OperationJournal {
    options;
    chain = null;
    folded = null;
    constructor(options) {
        this.options = options;
    }
    get ref() {
        return this.options.ref;
    }
    get operation() {
        return this.folded;
    }
    get entries() {
        return this.chain ?? [];
    }
    get head() {
        return this.chain?.[this.chain.length - 1] ?? null;
    }
    async reload() {
        this.set(await this.options.store.readOperation(this.options.ref));
        return this.folded;
    }
    /** Create-only: false when another writer prepared the operation first (then reloaded). */
    async prepare(fields) {
        const record = preparedRecord({
            ...fields,
            occurred_at: this.now(),
            writer: this.options.writer
        });
        const oid = await this.options.store.writeOperationEntry((0,operationEntry/* operationCommit */.B)(record, null));
        if ((await this.options.store.createOperation(this.ref, oid)) === 'exists') {
            await this.reload();
            return false;
        }
        this.set([{ oid, value: record }]);
        return true;
    }
    /** The record that would follow the head (not written). */
    next(fields) {
        const head = this.head;
        if (!head || !this.folded)
            throw new Error('append before the operation was read');
        return nextRecord(head.value, this.folded.head_digest, {
            ...fields,
            occurred_at: this.now(),
            writer: this.options.writer
        });
    }
    /** Writes the record's commit object (not yet visible) and returns its id. */
    write(record) {
        const head = this.head;
        return this.options.store.writeOperationEntry((0,operationEntry/* operationCommit */.B)(record, head.oid));
    }
    /** Appends by compare-and-set; false when another writer moved the head (then reloaded). */
    async append(fields) {
        const record = this.next(fields);
        const oid = await this.write(record);
        const head = this.head;
        if ((await this.options.store.advanceOperation(this.ref, oid, head.oid)) === 'lost') {
            await this.reload();
            return false;
        }
        this.adopt(oid, record);
        return true;
    }
    /** Takes a record another write (the atomic tag push) put at the head. */
    adopt(oid, record) {
        this.set([...this.entries, { oid, value: record }]);
    }
    set(chain) {
        this.chain = chain;
        this.folded = chain
            ? foldOperation(chain.map(entry => entry.value), { headOid: chain[chain.length - 1]?.oid })
            : null;
    }
    now() {
        return this.options.clock?.() ?? time_timestampOf(new Date());
    }
}

;// CONCATENATED MODULE: ./src/commands/effect.ts
/**
 * SPEC §13 `command: effect`: a tag or a release, made at most once and never guessed. The
 * orchestration only: the core's decision table says what comes next after every send and
 * every lookup; the effect store (git) and the release API (GitHub) do the I/O.
 */






/** A step never loops for ever: each pass appends or sends, and sends are bounded. */
const MAX_PASSES = 16;
async function effect(request, deps) {
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, request.operation_id, 'The operation-id input');
    const intent = (0,validate/* parseOrThrow */.zS)(operation/* IntentSchema */.yY, request.intent, 'The effect intent');
    if (intent.message_digest !== (0,operation/* textDigest */.oA)(request.message))
        throw new errors/* InvalidInput */.o9('The tag message does not match the intent’s message_digest.');
    if (intent.release && intent.release.body_digest !== (0,operation/* textDigest */.oA)(request.release_body))
        throw new errors/* InvalidInput */.o9('The release body does not match the intent’s body_digest.');
    if (intent.kind === 'release' && !deps.releases)
        throw new errors/* InvalidInput */.o9('kind: release needs the GitHub API (a token); none was given.');
    return new EffectRun(request, deps, intent).run();
}
class EffectRun {
    request;
    deps;
    intent;
    journal;
    digest;
    sendsThisStep = 0;
    tagOperation = null;
    constructor(request, deps, intent) {
        this.request = request;
        this.deps = deps;
        this.intent = intent;
        this.digest = (0,operation/* intentDigest */.t9)(intent);
        this.journal = new OperationJournal({
            store: deps.store,
            ref: (0,operation/* operationRef */.Rp)(request.namespace, request.operation_id),
            writer: request.writer,
            clock: request.clock
        });
    }
    async run() {
        let decision = planEffect(await this.journal.reload(), this.digest);
        for (let pass = 0; pass < MAX_PASSES; pass++) {
            switch (decision.next) {
                case 'prepare':
                    await this.journal.prepare({
                        operation_id: this.request.operation_id,
                        intent: this.intent,
                        intent_digest: this.digest
                    });
                    decision = this.replan();
                    continue;
                case 'send':
                    decision = this.intent.kind === 'tag' ? await this.pushTag() : await this.sendRelease();
                    continue;
                case 'lookup':
                    decision =
                        this.intent.kind === 'tag' ? await this.lookupTag() : await this.lookupRelease();
                    continue;
                case 'read_back':
                    decision = await this.readBack();
                    continue;
                default:
                    return this.outcome(decision);
            }
        }
        return this.outcome({
            next: 'stop',
            record: null,
            reason: 'the step did not settle the operation; the next effect step goes on from its record'
        });
    }
    replan() {
        return planEffect(this.journal.operation, this.digest);
    }
    context() {
        return {
            kind: this.intent.kind,
            draft: this.intent.release?.draft ?? false,
            sends: this.journal.operation?.sends ?? 0,
            sendsThisStep: this.sendsThisStep
        };
    }
    /**
     * Appends the state a decision asks for. When another writer of the same operation moved
     * the head first, what it recorded decides instead.
     */
    async settle(decision, fields = {}) {
        if (decision.record === null)
            return decision;
        const appended = await this.journal.append({
            state: decision.record,
            result: fields.result ?? null,
            observation: fields.observation ?? decision.reason,
            send: fields.send ?? null
        });
        return appended ? decision : this.replan();
    }
    // ---- kind: tag ---------------------------------------------------------------------------
    ourTagObject() {
        return this.deps.store.writeTagObject(this.tagText());
    }
    tagText() {
        const op = this.journal.operation;
        if (!op)
            throw new Error('tag object before the operation was prepared');
        return (0,artifacts/* tagObjectText */.ZN)({
            operation_id: op.operation_id,
            intent: this.intent,
            intent_digest: this.digest,
            message: this.request.message,
            time: (0,artifacts/* epochSeconds */.DQ)(op.prepared_at)
        });
    }
    /** The tag and the terminal_committed record, in one atomic push. */
    async pushTag() {
        if (!(await this.deps.store.hasCommit(this.intent.target)))
            throw new errors/* InvalidInput */.o9(`The target commit ${this.intent.target} is not in the checkout, so no tag object can ` +
                'point at it. Check out with enough history (actions/checkout fetch-depth) or set target.');
        const head = this.journal.head;
        if (!head)
            throw new Error('push before the operation was prepared');
        const tagOid = await this.ourTagObject();
        const record = this.journal.next({
            state: 'terminal_committed',
            result: { tag_object: tagOid, release_id: null, release_url: null },
            observation: 'the tag and this record were pushed in one atomic push'
        });
        const recordOid = await this.journal.write(record);
        this.sendsThisStep++;
        const pushed = await this.deps.store.pushTagWithRecord({
            tag: { ref: this.intent.tag_ref, oid: tagOid },
            journal: { ref: this.journal.ref, oid: recordOid, expected: head.oid }
        });
        if (pushed.kind === 'created')
            this.journal.adopt(recordOid, record);
        const outcome = {
            created: 'created',
            rejected: 'already_exists',
            refused: 'refused',
            ambiguous: 'ambiguous'
        }[pushed.kind];
        const decision = afterSend(this.context(), outcome);
        return 'detail' in pushed
            ? { ...decision, reason: `${decision.reason} (${pushed.detail})` }
            : decision;
    }
    /** SPEC §13: after an unclear push, fetch both refs and decide by object id. */
    async lookupTag() {
        const before = this.journal.head?.oid;
        let tagOid;
        try {
            await this.journal.reload();
            if (this.journal.head?.oid !== before)
                return this.replan();
            tagOid = await this.deps.store.readTag(this.intent.tag_ref);
        }
        catch (error) {
            if (!(error instanceof errors/* StoreError */.AD))
                throw error;
            return afterLookup(this.context(), 'unavailable');
        }
        const ours = await this.ourTagObject();
        const found = tagOid === null ? 'none' : tagOid === ours ? 'ours' : 'other';
        return this.settle(afterLookup(this.context(), found), {
            result: found === 'ours' ? { tag_object: ours, release_id: null, release_url: null } : null,
            observation: found === 'other' ? `${this.intent.tag_ref} holds ${tagOid}, not our ${ours}` : undefined
        });
    }
    // ---- kind: release -----------------------------------------------------------------------
    get releases() {
        return this.deps.releases;
    }
    tagName() {
        return this.intent.tag_ref.slice('refs/tags/'.length);
    }
    body() {
        return (0,artifacts/* releaseBodyWithMarker */.s$)(this.request.release_body, this.request.operation_id, this.digest);
    }
    /**
     * `may_have_been_sent` is durable before the POST. The first send of a release whose tag
     * does not exist creates the tag first, through the tag protocol, so GitHub never does.
     */
    async sendRelease() {
        if ((this.journal.operation?.sends ?? 0) === 0) {
            const blocked = await this.ensureTag();
            if (blocked)
                return blocked;
        }
        const send = (this.journal.operation?.sends ?? 0) + 1;
        if (!(await this.journal.append({ state: 'may_have_been_sent', send, observation: null })))
            return this.replan();
        this.sendsThisStep++;
        const release = this.intent.release;
        const created = await this.releases.create({
            tag_name: this.tagName(),
            name: release.name,
            body: this.body(),
            draft: release.draft,
            prerelease: release.prerelease
        });
        const decision = afterSend(this.context(), created.kind);
        if (created.kind === 'created')
            return this.settle(decision, {
                send,
                result: resultOf(created.release),
                observation: `created: release ${created.release.id}`
            });
        return this.settle(decision, {
            send,
            observation: `${created.kind}${'status' in created ? ` ${created.status}` : ''}: ${created.detail}`
        });
    }
    /**
     * Null when the tag exists on the target (or was just made); otherwise the decision that
     * stops the step. A tag on another commit is a conflict: the release would not be the one
     * the intent names.
     */
    async ensureTag() {
        const commit = await this.deps.store.readTagCommit(this.intent.tag_ref);
        if (commit === this.intent.target)
            return null;
        if (commit !== null)
            return this.settle({
                next: 'conflict',
                record: 'conflict',
                reason: `${this.intent.tag_ref} exists on ${commit}, not on the target ${this.intent.target}`
            });
        const tagIntent = { ...this.intent, kind: 'tag', release: null };
        const sub = await effect({
            ...this.request,
            operation_id: (0,operation/* tagOperationId */.Hj)(this.request.operation_id),
            intent: tagIntent,
            release_body: ''
        }, { store: this.deps.store });
        this.tagOperation = sub;
        if (sub.ok)
            return null;
        return {
            next: 'stop',
            record: null,
            reason: `the release's tag could not be created (${sub.operation_id}: ${sub.reason}); nothing was sent`
        };
    }
    async lookupRelease() {
        const draft = this.intent.release?.draft ?? false;
        let found;
        let mine = null;
        let observation;
        if (draft) {
            const listed = await this.releases.listAll();
            if (!listed.ok)
                return this.settleLookup('unavailable', null, listed.detail);
            const marked = listed.value.filter(r => this.carriesOurMarker(r));
            found = marked.length === 0 ? 'none' : marked.length === 1 ? 'ours' : 'several';
            mine = marked.length === 1 ? marked[0] : null;
            observation = `listed ${listed.value.length} releases incl. drafts; ${marked.length} carry our marker`;
        }
        else {
            const byTag = await this.releases.byTag(this.tagName());
            if (!byTag.ok)
                return this.settleLookup('unavailable', null, byTag.detail);
            const release = byTag.value;
            found = release === null ? 'none' : this.carriesOurMarker(release) ? 'ours' : 'other';
            mine = found === 'ours' ? release : null;
            observation =
                release === null
                    ? `no published release for ${this.tagName()}`
                    : `published release ${release.id} for ${this.tagName()} ${found === 'ours' ? 'carries our marker' : 'is not ours'}`;
        }
        return this.settleLookup(found, mine, observation);
    }
    settleLookup(found, mine, observation) {
        return this.settle(afterLookup(this.context(), found), {
            result: mine ? resultOf(mine) : null,
            observation,
            send: this.journal.operation?.sends ?? null
        });
    }
    /** After a 201: the release must carry our marker and every field we asked for. */
    async readBack() {
        const id = Number(this.journal.operation?.result?.release_id);
        const got = await this.releases.get(id);
        let found;
        if (!got.ok)
            found = 'unavailable';
        else if (got.value === null)
            found = 'none';
        else
            found = this.matchesIntent(got.value) ? 'match' : 'mismatch';
        return this.settle(AFTER_READ_BACK[found], {
            result: got.ok && got.value ? resultOf(got.value) : null,
            observation: got.ok ? `read back release ${id}: ${found}` : got.detail,
            send: this.journal.operation?.sends ?? null
        });
    }
    carriesOurMarker(release) {
        return (0,artifacts/* markersIn */.vU)(release.body).some(m => m.id === this.request.operation_id && m.digest === this.digest);
    }
    matchesIntent(release) {
        const wanted = this.intent.release;
        return (this.carriesOurMarker(release) &&
            release.tag_name === this.tagName() &&
            (release.name ?? '') === wanted.name &&
            release.draft === wanted.draft &&
            release.prerelease === wanted.prerelease &&
            (release.body ?? '').replace(/\r\n/g, '\n') === this.body().replace(/\r\n/g, '\n'));
    }
    // ---- outcome -----------------------------------------------------------------------------
    outcome(decision) {
        const op = this.journal.operation;
        const result = op?.result ?? null;
        const committed = decision.next === 'committed';
        return {
            operation_id: this.request.operation_id,
            operation_ref: this.journal.ref,
            state: op?.state ?? null,
            next: decision.next,
            ok: committed,
            sent: this.sendsThisStep > 0,
            tag_object: result?.tag_object ?? null,
            release_id: result?.release_id ?? null,
            release_url: result?.release_url ?? null,
            reason: decision.reason,
            chain: this.journal.entries,
            tag_operation: this.tagOperation
        };
    }
}
function resultOf(release) {
    return { tag_object: null, release_id: String(release.id), release_url: release.html_url };
}
/**
 * Validates the plain values and builds the request: the intent and its text fields. Every
 * problem is an InvalidInput naming the field; nothing has been read or written yet.
 */
function effectRequestFrom(options) {
    const kind = options.kind;
    if (kind !== 'tag' && kind !== 'release')
        throw new errors/* InvalidInput */.o9(`command: effect needs the \`kind\`, tag or release; got ${JSON.stringify(kind)}.`);
    checkTagName(options.tag);
    const target = options.target || options.default_target;
    if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(target))
        throw new errors/* InvalidInput */.o9(`The \`target\` must be a full commit id (40 or 64 lowercase hex digits); got ${JSON.stringify(target)}. ` +
            'Leave it empty to tag GITHUB_SHA.');
    if (!options.repository_id)
        throw new errors/* InvalidInput */.o9('GITHUB_REPOSITORY_ID is not set, and the intent of an effect names its repository. ' +
            'Run inside a workflow (the runner sets it).');
    let operationId = options.operation_id;
    if (!operationId) {
        if (!options.run_id)
            throw new errors/* InvalidInput */.o9('command: effect needs the `operation_id`, or the `run_id` its default ' +
                '(<run id>/<kind>/<tag>) is made from.');
        operationId = (0,operation/* defaultOperationId */.cm)(options.run_id, kind, options.tag);
    }
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, operationId, 'The `operation_id`');
    const release = kind === 'release'
        ? {
            name: options.release_name || options.tag,
            body_digest: (0,operation/* textDigest */.oA)(options.release_body),
            draft: options.draft,
            prerelease: options.prerelease
        }
        : null;
    return {
        namespace: options.namespace,
        operation_id: operationId,
        intent: {
            repository_id: options.repository_id,
            kind,
            tag_ref: `refs/tags/${options.tag}`,
            target,
            message_digest: (0,operation/* textDigest */.oA)(options.message),
            release
        },
        message: options.message,
        release_body: options.release_body,
        writer: options.writer
    };
}
/** git check-ref-format's rules for one tag name, kept strict: the name reaches a ref. */
function checkTagName(tag) {
    const bad = !tag ||
        tag.length > 255 ||
        /[\s\p{Cc}~^:?*[\\]|\.\.|@\{|\/\/|^[-/.]|[/.]$|\.lock$|\/\./u.test(tag) ||
        tag === '@';
    if (bad)
        throw new errors/* InvalidInput */.o9(`The \`tag\` ${JSON.stringify(tag)} is not a valid tag name (git check-ref-format). ` +
            'Give the name without refs/tags/, for example v1.2.3.');
}

// EXTERNAL MODULE: ./src/store/git.ts + 2 modules
var git = __webpack_require__(1404);
// EXTERNAL MODULE: ./src/store/localStore.ts
var localStore = __webpack_require__(281);
// EXTERNAL MODULE: ./src/store/remoteStore.ts
var remoteStore = __webpack_require__(7994);
;// CONCATENATED MODULE: ./src/store/effectStore.ts





/** The effect store over the same repository and arbiter as the run store. */
function effectStoreFor(store) {
    if (store instanceof remoteStore/* RemoteStore */.q)
        return new RemoteEffectStore(store);
    if (store instanceof localStore/* LocalStore */.V)
        return new LocalEffectStore(store);
    throw new errors/* StoreError */.AD(`no effect store for the ${store.name} store`);
}
class LocalEffectStore {
    store;
    name = 'local';
    git;
    constructor(store) {
        this.store = store;
        this.git = store.git;
    }
    readOperation(ref) {
        return this.withObjects(objects => new localStore/* ChainReader */.r(objects).readOperationChain(ref));
    }
    readTag(tagRef) {
        return this.withObjects(async (objects) => (await objects.read(tagRef))?.oid ?? null);
    }
    readTagCommit(tagRef) {
        return this.withObjects(async (objects) => (await objects.read(`${tagRef}^{commit}`))?.oid ?? null);
    }
    hasCommit(oid) {
        return this.withObjects(async (objects) => (await objects.read(oid))?.type === 'commit');
    }
    async writeOperationEntry(commit) {
        await this.git.ensureEmptyTree();
        const [oid] = await this.git.writeCommits([(0,entry/* encodeCommit */.Cv)(commit)]);
        return oid;
    }
    writeTagObject(text) {
        return this.git.writeObject({ type: 'tag', text });
    }
    createOperation(ref, oid) {
        return this.store.createRefs([{ ref, oid }]);
    }
    advanceOperation(ref, next, expected) {
        return this.store.advanceRef(ref, next, expected);
    }
    async pushTagWithRecord(update) {
        const done = await this.git.updateRefsAtomically({
            create: [update.tag],
            update: [update.journal]
        });
        return done ? { kind: 'created' } : { kind: 'rejected' };
    }
    async withObjects(fn) {
        const objects = this.git.openReader();
        try {
            return await fn(objects);
        }
        finally {
            objects.close();
        }
    }
}
/** SPEC §8 for effects: the remote decides; local refs follow what it holds. */
class RemoteEffectStore {
    store;
    name;
    git;
    local;
    constructor(store) {
        this.store = store;
        this.name = store.name;
        this.git = store.git;
        this.local = new LocalEffectStore(new localStore/* LocalStore */.V(store.git));
    }
    /** Always fetched: an operation is read to decide, and a stale copy would decide wrongly. */
    async readOperation(ref) {
        const result = await this.git.fetchRefs(this.name, [ref]);
        if (result.code !== 0)
            throw this.git.failure(['fetch'], result);
        return this.local.readOperation(ref);
    }
    /** The tag's object id as the remote lists it; an annotated tag's own id, not its commit. */
    async readTag(tagRef) {
        return (await this.git.lsRemote(this.name, [tagRef])).get(tagRef) ?? null;
    }
    async readTagCommit(tagRef) {
        return (await this.git.lsRemoteTag(this.name, tagRef))?.commit ?? null;
    }
    hasCommit(oid) {
        return this.local.hasCommit(oid);
    }
    writeOperationEntry(commit) {
        return this.local.writeOperationEntry(commit);
    }
    writeTagObject(text) {
        return this.local.writeTagObject(text);
    }
    createOperation(ref, oid) {
        return this.store.createRefs([{ ref, oid }]);
    }
    advanceOperation(ref, next, expected) {
        return this.store.advanceRef(ref, next, expected);
    }
    /**
     * `git push --atomic` of the tag (lease: must not exist) and the journal (lease: its head).
     * Only a clean answer for both refs is `created`; a hook's or ruleset's refusal is `refused`;
     * every other answer — a lease refused, a lost race, an up-to-date line, no answer at all —
     * is settled by the caller looking at what the remote holds.
     */
    async pushTagWithRecord(update) {
        const result = await this.git.push(this.name, [
            { ...update.tag, expected: null },
            { ...update.journal, expected: update.journal.expected }
        ], { atomic: true });
        const parsed = (0,remoteStore/* parsePorcelain */.d)(result.stdout);
        const lines = [parsed.get(update.tag.ref), parsed.get(update.journal.ref)];
        if (result.code === 0 && lines.every(l => l && ['*', ' ', '+'].includes(l.flag))) {
            await this.git.setRefs([update.tag, update.journal]);
            return { kind: 'created' };
        }
        const refusal = lines.find(l => l?.flag === '!' && isRemoteRefusal(l.summary));
        if (refusal)
            return { kind: 'refused', detail: `${refusal.ref}: ${refusal.summary}` };
        if (lines.some(l => l !== undefined))
            return { kind: 'rejected' };
        if (/\b403\b|permission to .* denied/i.test(result.stderr))
            throw new errors/* StoreError */.AD(`The remote ${this.name} refused to let this job push (${firstLine(result.stderr)}). ` +
                'Nothing was created. Give the workflow `permissions: contents: write`.');
        return { kind: 'ambiguous', detail: firstLine(result.stderr) };
    }
}
/**
 * A server-side refusal that is not a lost compare-and-set: a pre-receive hook, a protected
 * tag rule. The atomic push then moved neither ref.
 */
function isRemoteRefusal(summary) {
    return (/\[remote rejected\]/.test(summary) &&
        !/\((failed to update ref|atomic transaction failed|failed to lock)\)/.test(summary));
}
function firstLine(text) {
    const lines = (0,git/* redact */.E$)(text)
        .split('\n')
        .map(line => line.trim())
        .filter(Boolean);
    return lines.find(line => /^(fatal|error|remote):/.test(line)) ?? lines[0] ?? 'no answer';
}

;// CONCATENATED MODULE: ./src/action/effectStep.ts




/** A create is bounded; one that outlives this is ambiguous and looked up (SPEC §10's default). */
const TIMEOUT_MS = 30_000;
/** `command: effect` (SPEC §13): inputs onto the command, its outcome onto outputs. */
async function effectStep(inputs, context, env) {
    const request = effectRequestFrom({
        namespace: inputs.namespace,
        kind: inputs.kind,
        tag: inputs.tag,
        target: inputs.target,
        default_target: env.GITHUB_SHA ?? '',
        message: inputs.message,
        release_name: inputs.releaseName,
        release_body: inputs.releaseBody,
        draft: bool(inputs.draft, 'draft'),
        prerelease: bool(inputs.prerelease, 'prerelease'),
        operation_id: inputs.operationId,
        run_id: inputs.runId || null,
        repository_id: env.GITHUB_REPOSITORY_ID ?? repositoryIdOf(context.event.payload),
        writer: context.writer
    });
    if (request.intent.kind === 'release' && !inputs.token)
        throw new errors/* InvalidInput */.o9('kind: release calls the GitHub API: set token (for example token: ${{ github.token }}) ' +
            'and give the job permissions: contents: write.');
    // Loaded only for a release: @actions/github parses GITHUB_EVENT_PATH when it is imported,
    // which would pre-empt the adapter's own clear error for a malformed event file.
    const releases = request.intent.kind === 'release'
        ? new (await Promise.all(/* import() */[__webpack_require__.e(413), __webpack_require__.e(949)]).then(__webpack_require__.bind(__webpack_require__, 2949))).GitHubReleases({
            token: inputs.token,
            repository: env.GITHUB_REPOSITORY ?? '',
            apiUrl: env.GITHUB_API_URL,
            timeoutMs: TIMEOUT_MS
        })
        : undefined;
    const outcome = await effect(request, { store: effectStoreFor(context.store), releases });
    return {
        outputs: {
            operation_id: outcome.operation_id,
            operation_state: outcome.state ?? '',
            tag_object: outcome.tag_object ?? outcome.tag_operation?.tag_object ?? '',
            release_id: outcome.release_id ?? '',
            release_url: outcome.release_url ?? '',
            sent: flag(outcome.sent || (outcome.tag_operation?.sent ?? false))
        },
        summary: {
            title: `dispatch-ledger: effect ${request.intent.kind} — ${outcome.state ?? 'not prepared'}`,
            meaning: outcome.reason,
            rows: [
                ['operation id', outcome.operation_id],
                ['state', outcome.state ?? ''],
                ['tag', request.intent.tag_ref],
                ['target', request.intent.target],
                ['intent', outcome.chain[0]?.value.intent_digest ?? ''],
                ['sent by this step', flag(outcome.sent)],
                ['release', outcome.release_url ?? outcome.release_id ?? ''],
                ['store', context.store.name]
            ]
        },
        ...(outcome.ok ? {} : { failure: failureMessage(outcome) })
    };
}
function failureMessage(outcome) {
    const id = outcome.operation_id;
    switch (outcome.next) {
        case 'refuse_intent':
            return `The operation ${id} was prepared for another intent (${outcome.reason}). Nothing was sent. Use a new operation-id for a different tag or release.`;
        case 'conflict':
            return `The operation ${id} is a conflict: ${outcome.reason}. Nothing more is sent for it; remove or rename the other tag or release, then use a new operation-id.`;
        case 'unknown':
        case 'refuse_unknown':
            return `The outcome of operation ${id} is unknown: ${outcome.reason}. Every effect for it fails until an operator answers /ledger resolve-effect ${id} committed <release id> (or not-committed).`;
        case 'not_committed':
            return `The operation ${id} ended without its effect: ${outcome.reason}.`;
        default:
            return `The operation ${id} is not settled: ${outcome.reason}. Nothing is claimed; run the step again and it looks the effect up before sending anything.`;
    }
}
function bool(value, input) {
    if (value === 'true')
        return true;
    if (value === 'false' || value === '')
        return false;
    throw new errors/* InvalidInput */.o9(`The ${input} input must be true or false; got ${JSON.stringify(value)}.`);
}
function repositoryIdOf(payload) {
    const id = payload?.repository?.id;
    return typeof id === 'number' ? String(id) : '';
}

;// CONCATENATED MODULE: ./src/action/steps.ts
/**
 * The command steps, loaded in one chunk after the inputs are valid. One chunk rather than one
 * per command: the bundler copies every module two commands share into each of their chunks.
 */








/***/ })

};
