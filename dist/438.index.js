export const id = 438;
export const ids = [438];
export const modules = {

/***/ 4438:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  admitStep: () => (/* reexport */ admitStep),
  operateStep: () => (/* reexport */ operateStep),
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
    // Only a person may reopen or restate a failure already recorded (SPEC §12 retry/resolve).
    if (previous?.state === 'attempt_failed' && (next.trigger !== 'operator' || !next.decision)) {
        return illegal(`${transition_describe(next)} follows attempt_failed but is not an operator's decision (trigger ${next.trigger}${next.decision ? '' : ', no decision'})`, 'an attempt_failed after attempt_failed is an operator override: trigger operator with decision {outcome, by}; a coordinator starts the next attempt with dispatched instead');
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

;// CONCATENATED MODULE: ./src/core/operator/authorize.ts
/**
 * SPEC §12 authorization: who may operate a run from a comment. Pure: the command asks
 * GitHub for the collaborator permission only when `screenAuthor` says it is needed.
 */

/** GitHub's author_association values. */
const ASSOCIATIONS = [
    'OWNER',
    'MEMBER',
    'COLLABORATOR',
    'CONTRIBUTOR',
    'FIRST_TIME_CONTRIBUTOR',
    'FIRST_TIMER',
    'MANNEQUIN',
    'NONE'
];
/** Repository roles from least to most; `none` is what a non-collaborator has. */
const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'];
/** Comma- or space-separated list input → trimmed, non-empty items. */
function items(text) {
    return text
        .split(/[\s,]+/)
        .map(item => item.trim())
        .filter(Boolean);
}
/** The policy from the operators, operator-permission and operator-bots inputs. */
function parsePolicy(inputs) {
    const operators = items(inputs.operators).map(item => item.toUpperCase());
    if (operators.length === 0)
        throw new errors/* InvalidInput */.o9(`The operators input is empty. Name the author associations allowed to operate, for example OWNER,MEMBER,COLLABORATOR.`);
    const unknown = operators.filter(a => !ASSOCIATIONS.includes(a));
    if (unknown.length > 0)
        throw new errors/* InvalidInput */.o9(`The operators input holds ${JSON.stringify(unknown.join(','))}, which is not an author association. Use any of ${ASSOCIATIONS.join(', ')}.`);
    const permission = inputs.permission.trim().toLowerCase();
    if (!PERMISSION_LEVELS.includes(permission) || permission === 'none')
        throw new errors/* InvalidInput */.o9(`The operator-permission input is ${JSON.stringify(inputs.permission)}; use one of read, triage, write, maintain, admin.`);
    const bots = items(inputs.bots).map(bot => {
        const login = bot.toLowerCase();
        return login.endsWith('[bot]') ? login : `${login}[bot]`;
    });
    return { operators, permission: permission, bots };
}
function isBot(author) {
    return author.type === 'Bot' || author.login.toLowerCase().endsWith('[bot]');
}
/**
 * The checks that need no API call. A bot is refused unless named in operator-bots, and a
 * named bot needs nothing more (its association is usually NONE; naming it is the grant).
 * Anyone else needs an allowed association, then (with a token) the permission API.
 */
function screenAuthor(author, policy) {
    if (isBot(author)) {
        if (policy.bots.includes(author.login.toLowerCase()))
            return { verdict: 'allowed', via: `bot ${author.login} is named in operator-bots` };
        return {
            verdict: 'rejected',
            reason: `${author.login} is a bot, and bots may operate only when named in operator-bots`
        };
    }
    const association = author.association.toUpperCase();
    if (!policy.operators.includes(association))
        return {
            verdict: 'rejected',
            reason: `${author.login}'s association with the repository is ${association || 'unknown'}, which is not one of the operators (${policy.operators.join(', ')})`
        };
    return { verdict: 'check_permission' };
}
/** The level a permission API answer grants: its role name when standard, else `permission`. */
function levelOf(answer) {
    const known = (level) => typeof level === 'string' && PERMISSION_LEVELS.includes(level);
    if (known(answer.role_name))
        return answer.role_name;
    return known(answer.permission) ? answer.permission : 'none';
}
/**
 * Judges the permission API's answer. `null`: there is no token to ask with, so the
 * association alone decides (SPEC §12: the API is consulted "with a token").
 */
function judgePermission(author, answer, policy) {
    if (answer === null)
        return {
            verdict: 'allowed',
            via: `association ${author.association.toUpperCase()} (no token, so the permission API was not asked)`
        };
    const level = levelOf(answer);
    if (PERMISSION_LEVELS.indexOf(level) < PERMISSION_LEVELS.indexOf(policy.permission))
        return {
            verdict: 'rejected',
            reason: `${author.login} has ${level} permission on the repository; operating needs at least ${policy.permission}`
        };
    return {
        verdict: 'allowed',
        via: `association ${author.association.toUpperCase()} and ${level} permission`
    };
}

;// CONCATENATED MODULE: ./src/core/operator/cancelTargets.ts
/**
 * The GitHub workflow run ids (external id `workflow_run_id`, recorded by the workflow
 * driver) of every attempt that has not definitely failed. Stored values are untrusted: only
 * plain decimal ids are returned.
 */
function workflowRunsToCancel(state) {
    const ids = new Set();
    for (const attempt of state.attempts) {
        if (attempt.failed)
            continue;
        const id = attempt.external_ids.workflow_run_id;
        if (id !== undefined && /^[1-9][0-9]{0,15}$/.test(id))
            ids.add(Number(id));
    }
    return [...ids];
}

;// CONCATENATED MODULE: ./src/core/operator/decide.ts
/**
 * SPEC §12 (seed ADR 0024 on this ledger): what an operator's verb does to a recovered run.
 * Pure, next to planRecovery: which verb is legal in which state, the derived key each verb
 * writes under, and whether a verb is applied, a duplicate, a conflict or a noop.
 *
 * The key is derived from what the verb answers (the awaiting record, the failure, the
 * attempt), never from the comment, so two people answering the same ask converge on one
 * key: the same answer is a duplicate, another answer a conflict. The first outcome wins.
 */

/** What a verb settles: the outcome a duplicate returns and a conflict names. */
const SETTLED_OUTCOMES = (/* unused pure expression or super */ null && ([
    'approved',
    'rejected',
    'cancelled',
    'retry_allowed',
    'sent',
    'not_sent'
]));
/** The evidence kind of the comment an operator record answers to. */
const COMMENT_EVIDENCE = 'operator_comment';
/** failure.code of `resolve not-sent`: the operator's word that the provider has nothing. */
const NOT_SENT_CODE = 'operator_resolved_not_sent';
const requested = (command) => {
    switch (command.verb) {
        case 'approve':
            return 'approved';
        case 'deny':
            return 'rejected';
        case 'cancel':
            return 'cancelled';
        case 'retry':
            return 'retry_allowed';
        case 'resolve':
            return command.answer === 'sent' ? 'sent' : 'not_sent';
    }
};
/** The attempt a `resolve` answers: the unresolved ambiguous one, else the current one. */
function resolveAttempt(state) {
    return state.attempts.find(a => a.unresolved_ambiguous)?.number ?? state.current_attempt;
}
/** The failure a `retry` answers: the first attempt_failed record of the newest failed attempt. */
function failureRecord(records) {
    const newest = records.findLast(r => r.state === 'attempt_failed');
    const number = newest?.attempt?.number;
    if (number === undefined)
        return null;
    return records.find(r => r.state === 'attempt_failed' && r.attempt?.number === number) ?? null;
}
/** SPEC §12 derived keys; null when the run holds nothing the verb could answer. */
function derivedKey(verb, records, state) {
    const run = state.run_id;
    switch (verb) {
        case 'approve':
        case 'deny': {
            const ask = records.findLast(r => r.state === 'awaiting_human_decision');
            return ask ? `decision:${run}:${ask.ledger_sequence}` : null;
        }
        case 'cancel':
            return `cancel:${run}`;
        case 'retry': {
            const failure = failureRecord(records);
            return failure ? `retry:${run}:${failure.ledger_sequence}` : null;
        }
        case 'resolve': {
            const attempt = resolveAttempt(state);
            return attempt === null ? null : `resolve:${run}:${attempt}`;
        }
    }
}
/** What a stored record settled, read as the answer to `verb` (its key's kind). */
function settledBy(verb, record) {
    if (record.state === 'decided' && record.decision)
        return record.decision.outcome;
    if (record.state === 'cancelled')
        return 'cancelled';
    if (verb === 'resolve' && record.state === 'dispatched') {
        return record.provider?.submission_state === 'submitted'
            ? 'sent'
            : (record.provider?.submission_state ?? 'dispatched');
    }
    if (record.state === 'attempt_failed') {
        if (verb === 'resolve')
            return 'not_sent';
        if (verb === 'retry' && record.failure?.retryable)
            return 'retry_allowed';
    }
    return record.state;
}
function sameAnswer(command, record) {
    if (settledBy(command.verb, record) !== requested(command))
        return false;
    if (command.verb === 'resolve' && command.answer === 'sent')
        return ((0,core_canonical/* canonicalJson */.dj)(record.provider?.external_ids ?? {}) === (0,core_canonical/* canonicalJson */.dj)(command.external_ids));
    return true;
}
function verbOfKey(key) {
    const kind = key?.split(':', 1)[0];
    if (kind === 'decision')
        return 'approve';
    if (kind === 'cancel' || kind === 'retry' || kind === 'resolve')
        return kind;
    return 'cancel';
}
function describeSettled(record, settled) {
    const by = record.decision ? ` by ${record.decision.by}` : '';
    return `${settled}${by} at sequence ${record.ledger_sequence}`;
}
/** The verbs that would be applied to a run in this state (status is always possible). */
function applicableVerbs(state, plan) {
    if (state.terminal)
        return [];
    const verbs = [];
    if (state.state === 'awaiting_human_decision')
        verbs.push('approve', 'deny');
    if (state.state === 'attempt_failed' && plan.action === 'await_operator')
        verbs.push('retry');
    if (plan.action === 'reconcile_provider' && state.state === 'dispatched')
        verbs.push('resolve');
    verbs.push('cancel');
    return verbs;
}
function whyNot(command, state, plan) {
    const where = `Run ${state.run_id} is ${state.state} (next action: ${plan.action})`;
    const open = applicableVerbs(state, plan).join(', ');
    const needs = {
        approve: 'approve and deny answer only a run awaiting a human decision',
        deny: 'approve and deny answer only a run awaiting a human decision',
        cancel: 'cancel stops only a run that is not over',
        retry: state.state === 'attempt_failed'
            ? 'its failure is already retryable, so there is nothing to allow: the coordinator may start the next attempt'
            : 'retry answers only a non-retryable attempt_failed',
        resolve: 'resolve answers only an attempt whose submission is unknown (next action reconcile_provider)'
    };
    return `${where}; ${needs[command.verb]}. Nothing was written. Verbs that apply now: ${open || 'none'}.`;
}
/**
 * The one decision for `command` on the run `records` reconstruct to (`state`, `plan`).
 * Rules in order: this very comment already recorded → duplicate; the derived key already
 * recorded → duplicate or conflict by the answer; a run already over → the terminal outcome
 * wins (duplicate or conflict for approve, deny and cancel; noop otherwise); a verb that
 * does not apply in this state → noop; else applied, with the record to append.
 */
function decideOperation(records, state, plan, command, context) {
    const key = derivedKey(command.verb, records, state);
    const answer = requested(command);
    // A redelivered comment (or a re-run of its workflow) converges whatever the run did since.
    const same = records.find(r => r.evidence.some(e => e.kind === COMMENT_EVIDENCE && e.uri === context.evidence.uri));
    if (same) {
        const settled = settledBy(verbOfKey(same.idempotency.input_key), same);
        return {
            outcome: 'duplicate',
            key: same.idempotency.input_key,
            settled_outcome: settled,
            sequence: same.ledger_sequence,
            reason: `This comment was already executed: ${describeSettled(same, settled)}. Nothing was written.`
        };
    }
    const earlier = key === null ? undefined : records.find(r => r.idempotency.input_key === key);
    if (earlier) {
        const settled = settledBy(command.verb, earlier);
        return sameAnswer(command, earlier)
            ? {
                outcome: 'duplicate',
                key,
                settled_outcome: settled,
                sequence: earlier.ledger_sequence,
                reason: `${key} is already settled the same way: ${describeSettled(earlier, settled)}. Nothing was written.`
            }
            : {
                outcome: 'conflict',
                key,
                settled_outcome: settled,
                sequence: earlier.ledger_sequence,
                reason: `${key} is already settled as ${describeSettled(earlier, settled)}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`
            };
    }
    if (state.terminal) {
        const head = records.at(-1);
        const settling = command.verb === 'approve' || command.verb === 'deny' || command.verb === 'cancel';
        if (!settling || state.state === 'admission_blocked')
            return {
                outcome: 'noop',
                key,
                reason: `Run ${state.run_id} is over (${state.state}); ${command.verb} has nothing to act on. Nothing was written.`
            };
        const settled = settledBy(command.verb, head);
        return settled === answer
            ? {
                outcome: 'duplicate',
                key,
                settled_outcome: settled,
                sequence: head.ledger_sequence,
                reason: `Run ${state.run_id} already ended ${describeSettled(head, settled)}. Nothing was written.`
            }
            : {
                outcome: 'conflict',
                key,
                settled_outcome: settled,
                sequence: head.ledger_sequence,
                reason: `Run ${state.run_id} already ended ${describeSettled(head, settled)}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`
            };
    }
    if (key === null || !applicableVerbs(state, plan).includes(command.verb))
        return { outcome: 'noop', key, reason: whyNot(command, state, plan) };
    return {
        outcome: 'applied',
        key,
        settled_outcome: answer,
        reason: `Recorded ${answer} for run ${state.run_id} under ${key}.`,
        append: appendFor(command, records, state, key, context)
    };
}
function appendFor(command, records, state, key, context) {
    const common = {
        input_key: key,
        evidence: [{ ...context.evidence }],
        decision: {
            outcome: command.verb === 'deny' || command.verb === 'cancel' ? 'rejected' : 'approved',
            by: context.by.login
        },
        note: command.note
    };
    const append = (state, fields = {}) => ({
        state,
        fields: { ...common, ...fields, input_key: key },
        trigger: 'operator',
        actor: context.by
    });
    switch (command.verb) {
        case 'approve':
        case 'deny':
            return append('decided');
        case 'cancel':
            return append('cancelled');
        case 'retry': {
            const failure = failureRecord(records);
            return append('attempt_failed', {
                attempt: failure.attempt,
                // The original code and classification stay; only the operator's retryable changes.
                failure: { ...failure.failure, retryable: true }
            });
        }
        case 'resolve': {
            const number = resolveAttempt(state);
            const attempt = state.attempts.find(a => a.number === number);
            const recorded = { number, reason: attempt?.reason ?? 'initial' };
            if (command.answer === 'sent')
                return append('dispatched', {
                    attempt: recorded,
                    provider: {
                        driver: attempt?.driver ?? 'operator',
                        submission_state: 'submitted',
                        external_ids: { ...command.external_ids }
                    }
                });
            return append('attempt_failed', {
                attempt: recorded,
                failure: { code: NOT_SENT_CODE, classification: 'recovery_required', retryable: true }
            });
        }
    }
}

;// CONCATENATED MODULE: ./src/core/operator/comment.ts
/**
 * The fields of an `issue_comment` event that `command: operate` uses, checked. Pure.
 */



const isObj = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
function need(value, ok, what) {
    if (!ok || value === undefined || value === null)
        throw new errors/* InvalidInput */.o9(`The issue_comment event has no valid ${what}. command: operate runs on issue_comment events as GitHub sends them; check the workflow's on: trigger.`);
    return value;
}
function readComment(eventName, payload) {
    if (eventName !== 'issue_comment')
        throw new errors/* InvalidInput */.o9(`command: operate reads operator comments, so it runs on issue_comment events, not ${JSON.stringify(eventName)}. Use on: issue_comment: types: [created] in the operator workflow.`);
    const event = isObj(payload) ? payload : {};
    const comment = isObj(event.comment) ? event.comment : {};
    const user = isObj(comment.user) ? comment.user : {};
    const issue = isObj(event.issue) ? event.issue : {};
    const repository = isObj(event.repository) ? event.repository : {};
    const id = need(comment.id, Number.isSafeInteger(comment.id), 'comment.id');
    const url = need(comment.html_url, typeof comment.html_url === 'string' &&
        /^https?:\/\/\S+$/.test(comment.html_url) &&
        !comment.html_url.split('/').includes('..'), 'comment.html_url');
    return {
        action: need(event.action, typeof event.action === 'string', 'action'),
        id,
        body: need(comment.body, typeof comment.body === 'string', 'comment.body'),
        url,
        issue_number: need(issue.number, Number.isSafeInteger(issue.number), 'issue.number'),
        author: {
            login: need(user.login, typeof user.login === 'string' && user.login.length > 0, 'comment.user.login'),
            id: need(user.id, Number.isSafeInteger(user.id), 'comment.user.id'),
            type: typeof user.type === 'string' ? user.type : 'User',
            association: typeof comment.author_association === 'string' ? comment.author_association : ''
        },
        repository: typeof repository.full_name === 'string' ? repository.full_name : null
    };
}
/** SPEC §12: the record's evidence is the comment's URL and the digest of its body. */
function commentEvidence(comment) {
    return { kind: COMMENT_EVIDENCE, digest: `sha256:${(0,core_canonical/* sha256Hex */.fg)(comment.body)}`, uri: comment.url };
}

;// CONCATENATED MODULE: ./src/core/operator/grammar.ts
/**
 * SPEC §12 grammar: the first line of a comment, `<prefix> <verb> <run id> [args]`. Pure.
 *
 * Comment text is untrusted: it is parsed here into plain values (an enum verb, a checked
 * run id, bounded strings) and never reaches a shell, a git argument or markup raw.
 */
const OPERATOR_VERBS = [
    'approve',
    'deny',
    'cancel',
    'retry',
    'resolve',
    'resolve-effect',
    'status'
];
/** The verbs that write a record (everything except status and the effect verb). */
const WRITING_VERBS = (/* unused pure expression or super */ null && (['approve', 'deny', 'cancel', 'retry', 'resolve']));
/** Notes are stored in the record's note (at most 4096 characters, SPEC §3). */
const MAX_NOTE = 4096;
const MAX_ID_BYTES = 1024;
const MAX_EXTERNAL_IDS = 32;
const EXTERNAL_ID_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const MAX_EXTERNAL_ID_VALUE = 1024;
/** C0, DEL, C1, U+2028, U+2029 (SPEC §9): never part of a run id. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const USAGE = 'approve <run id> [note], deny <run id> [note], cancel <run id> [note], retry <run id> [note], ' +
    'resolve <run id> sent <name>=<value>…, resolve <run id> not-sent [note], status <run id>';
/** A prefix is one word without spaces, for example `/ledger`. */
function checkPrefix(prefix) {
    if (prefix.length === 0 || prefix.length > 64 || /\s/.test(prefix) || CONTROL.test(prefix))
        return 'the prefix must be one word of at most 64 characters without spaces, for example /ledger';
    return null;
}
/** The first line of a comment body (CRLF, LF or CR ends it). */
function firstLine(body) {
    return body.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/, 1)[0] ?? '';
}
/** Splits off the next whitespace-separated word; the rest keeps its inner spacing. */
function nextWord(text) {
    const trimmed = text.replace(/^\s+/, '');
    const match = /^(\S+)(.*)$/s.exec(trimmed);
    return match ? [match[1], match[2]] : ['', ''];
}
function noteOf(rest) {
    const note = rest.trim();
    return note.length === 0 ? null : note;
}
function checkId(id, what) {
    if (id.length === 0)
        return `the ${what} is missing`;
    if (CONTROL.test(id))
        return `the ${what} contains a control character`;
    if (new TextEncoder().encode(id).length > MAX_ID_BYTES)
        return `the ${what} is longer than ${MAX_ID_BYTES} bytes`;
    return null;
}
/**
 * Parses a comment body. `not_addressed` unless the first line's first word is exactly the
 * prefix; the verb is case-insensitive; everything after the first line is ignored.
 */
function parseComment(body, prefix) {
    const [word, afterPrefix] = nextWord(firstLine(body));
    if (word !== prefix)
        return { kind: 'not_addressed' };
    const [rawVerb, afterVerb] = nextWord(afterPrefix);
    const verb = rawVerb.toLowerCase();
    const malformed = (reason) => ({ kind: 'malformed', verb, reason });
    if (!OPERATOR_VERBS.includes(verb))
        return malformed(verb.length === 0
            ? `no verb after ${prefix}; write ${prefix} followed by one of: ${USAGE}`
            : `the verb is not one of approve, deny, cancel, retry, resolve, resolve-effect, status; write ${prefix} followed by one of: ${USAGE}`);
    const [id, rest] = nextWord(afterVerb);
    const what = verb === 'resolve-effect' ? 'operation id' : 'run id';
    const bad = checkId(id, what);
    if (bad)
        return malformed(`${bad}; write ${prefix} ${verb} <${what}>…`);
    const note = noteOf(rest);
    if (note !== null && note.length > MAX_NOTE)
        return malformed(`the note is longer than ${MAX_NOTE} characters; shorten it`);
    switch (verb) {
        case 'approve':
        case 'deny':
        case 'cancel':
        case 'retry':
            return {
                kind: 'command',
                command: { verb: verb, run_id: id, note }
            };
        case 'status':
            return { kind: 'command', command: { verb: 'status', run_id: id } };
        case 'resolve':
            return parseResolve(id, rest, prefix, malformed);
        case 'resolve-effect':
            return parseResolveEffect(id, rest, prefix, malformed);
    }
}
function parseResolve(run_id, rest, prefix, malformed) {
    const [answer, tail] = nextWord(rest);
    const usage = `write ${prefix} resolve ${run_id} sent <name>=<value>… or ${prefix} resolve ${run_id} not-sent [note]`;
    if (answer === 'not-sent')
        return {
            kind: 'command',
            command: { verb: 'resolve', run_id, answer: 'not-sent', note: noteOf(tail) }
        };
    if (answer !== 'sent')
        return malformed(answer
            ? `resolve answers sent or not-sent, not this word; ${usage}`
            : `resolve needs an answer; ${usage}`);
    const words = tail.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0)
        return malformed(`resolve sent needs at least one external id the provider shows (for example workflow_run_id=9555); ${usage}`);
    if (words.length > MAX_EXTERNAL_IDS)
        return malformed(`resolve sent takes at most ${MAX_EXTERNAL_IDS} external ids`);
    const external_ids = {};
    for (const pair of words) {
        const at = pair.indexOf('=');
        const name = at > 0 ? pair.slice(0, at) : '';
        const value = at > 0 ? pair.slice(at + 1) : '';
        if (!EXTERNAL_ID_NAME.test(name) || value.length === 0)
            return malformed(`resolve sent takes name=value pairs (a name of letters, digits, _ . -, starting with a letter, then a non-empty value), one per word; ${usage}`);
        if (value.length > MAX_EXTERNAL_ID_VALUE || CONTROL.test(value))
            return malformed(`the value of ${name} is longer than ${MAX_EXTERNAL_ID_VALUE} characters or contains a control character`);
        if (Object.hasOwn(external_ids, name))
            return malformed(`${name} is given twice; give each external id once`);
        external_ids[name] = value;
    }
    return {
        kind: 'command',
        command: { verb: 'resolve', run_id, answer: 'sent', external_ids, note: null }
    };
}
function parseResolveEffect(operation_id, rest, prefix, malformed) {
    const [answer, tail] = nextWord(rest);
    const usage = `write ${prefix} resolve-effect ${operation_id} committed <release id> or ${prefix} resolve-effect ${operation_id} not-committed [note]`;
    if (answer === 'not-committed')
        return {
            kind: 'command',
            command: {
                verb: 'resolve-effect',
                operation_id,
                answer: 'not-committed',
                release_id: null,
                note: noteOf(tail)
            }
        };
    if (answer !== 'committed')
        return malformed(`resolve-effect answers committed or not-committed; ${usage}`);
    const [release, after] = nextWord(tail);
    if (!/^[1-9][0-9]{0,19}$/.test(release))
        return malformed(`resolve-effect committed needs the release id (a number); ${usage}`);
    return {
        kind: 'command',
        command: {
            verb: 'resolve-effect',
            operation_id,
            answer: 'committed',
            release_id: release,
            note: noteOf(after)
        }
    };
}

;// CONCATENATED MODULE: ./src/core/operator/reply.ts
/**
 * The reply comment `command: operate` posts. Pure. Every value that came from a comment,
 * an input or the store is shown in an inline code span (no markup, no mention, no link),
 * with line breaks shown as ⏎; the rest is fixed text.
 */
/** Line breaks of every kind, shown as ⏎ so a value cannot start a new block. */
function oneLine(text) {
    return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '⏎');
}
/**
 * An inline code span that holds `text` literally (CommonMark: a fence longer than any run
 * of backticks inside, padded with spaces). Nothing inside a code span is markup.
 */
function code(text) {
    const value = oneLine(text);
    const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map(run => run.length));
    const fence = '`'.repeat(longest + 1);
    return `${fence} ${value} ${fence}`;
}
const HEADLINE = {
    applied: 'done',
    duplicate: 'already done (duplicate)',
    conflict: 'not done: another outcome was recorded first (conflict)',
    rejected: 'refused (not authorized)',
    unrecorded: 'provider work cancelled, but the ledger could not be written (unrecorded)',
    noop: 'nothing to do'
};
function replyBody(facts) {
    const lines = [
        `**dispatch-ledger** ${facts.verb ? code(facts.verb) : 'command'}: ${HEADLINE[facts.outcome] ?? facts.outcome}`,
        ''
    ];
    if (facts.run_id !== null)
        lines.push(`- run: ${code(facts.run_id)}`);
    if (facts.settled_outcome)
        lines.push(`- settled outcome: ${code(facts.settled_outcome)}`);
    if (facts.state)
        lines.push(`- state: ${code(facts.state)}`);
    if (facts.next_action)
        lines.push(`- next action: ${code(facts.next_action)}`);
    lines.push(`- why: ${code(facts.reason)}`);
    for (const warning of facts.warnings)
        lines.push(`- warning: ${code(warning)}`);
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./src/github/operatorApi.ts
/**
 * The GitHub calls `command: operate` makes, behind a small interface so the command owns
 * the orchestration and tests run it against a local server speaking GitHub's REST API.
 * Every call goes through `@actions/github`'s octokit (no retry or throttling plugin: a
 * reply comment is a POST that creates something and is sent once).
 */
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : undefined;
}
/**
 * Loaded on use: `@actions/github` parses GITHUB_EVENT_PATH when it is imported, which would
 * turn a malformed event into a raw JSON error before the action could name the problem.
 */
async function octokitOperatorApi(options) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const [owner = '', repo = ''] = options.repository.split('/');
    const octokit = getOctokit(options.token, {
        baseUrl: (options.apiUrl || 'https://api.github.com').replace(/\/+$/, '')
    });
    const request = () => ({ signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    return {
        async permission(username) {
            try {
                const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
                    owner,
                    repo,
                    username,
                    request: request()
                });
                return { permission: data.permission, role_name: data.role_name };
            }
            catch (error) {
                if (statusOf(error) === 404)
                    return null;
                throw error;
            }
        },
        async react(comment_id, content) {
            await octokit.rest.reactions.createForIssueComment({
                owner,
                repo,
                comment_id,
                content,
                request: request()
            });
        },
        async reply(issue_number, body) {
            await octokit.rest.issues.createComment({
                owner,
                repo,
                issue_number,
                body,
                request: request()
            });
        },
        async cancelWorkflowRun(run_id) {
            try {
                await octokit.rest.actions.cancelWorkflowRun({ owner, repo, run_id, request: request() });
                return 'requested';
            }
            catch (error) {
                if (statusOf(error) === 409)
                    return 'finished';
                throw error;
            }
        }
    };
}
/** An API error as one line for a warning; never the token (octokit does not echo it). */
function apiErrorText(error) {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    return `${status ? `HTTP ${status}: ` : ''}${message.split('\n')[0] ?? ''}`.slice(0, 300);
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

;// CONCATENATED MODULE: ./src/commands/operate.ts
/**
 * SPEC §12 `command: operate`: an operator's comment, authorized, decided by the core and
 * appended by compare-and-set under its derived key; cancel also stops the provider's run,
 * even when the record cannot be written. Takes plain values, returns a result.
 */












const OPERATE_OUTCOMES = (/* unused pure expression or super */ null && ([
    'applied',
    'duplicate',
    'conflict',
    'rejected',
    'unrecorded',
    'noop'
]));
/** How many times a lost compare-and-set is re-read and decided again (never re-sent blindly). */
const DECIDE_TRIES = 5;
const REACTION = {
    applied: '+1',
    duplicate: '+1',
    rejected: '-1',
    conflict: 'confused',
    unrecorded: 'confused',
    noop: 'eyes'
};
async function operate(request) {
    const comment = readComment(request.eventName, request.payload);
    const parsed = parseComment(comment.body, request.prefix);
    // Never echo an unknown word as the verb: outputs may end up in someone's run: script.
    const known = (word) => OPERATOR_VERBS.includes(word);
    const verb = parsed.kind === 'command'
        ? parsed.command.verb
        : parsed.kind === 'malformed' && known(parsed.verb)
            ? parsed.verb
            : '';
    const quiet = (reason) => ({
        verb,
        outcome: 'noop',
        settled_outcome: '',
        reason,
        input_key: null,
        comment,
        run: null,
        provider_cancelled: [],
        warnings: [],
        reaction: null,
        replied: false
    });
    // Only a comment as first posted is executed: an edit would let anyone who can edit a
    // comment replay or change a decision after the fact (SPEC §12).
    if (comment.action !== 'created')
        return quiet(parsed.kind === 'not_addressed'
            ? `The comment was ${comment.action}; it is not addressed to ${request.prefix}. Nothing to do.`
            : `The comment was ${comment.action}, not created: ${comment.action === 'edited' ? 'an edited comment is never executed' : 'only a new comment is executed'}. Nothing was written; post a new comment to operate.`);
    if (parsed.kind === 'not_addressed')
        return quiet(`The comment does not start with ${request.prefix}. Nothing to do.`);
    let result;
    try {
        result = await decideAndAct(request, comment, parsed, verb);
    }
    catch (error) {
        // The step fails with the error; the comment at least shows that it did not go through.
        await request.api?.react(comment.id, 'confused').catch(() => undefined);
        throw error;
    }
    return respond(request, comment, result);
}
async function decideAndAct(request, comment, parsed, verb) {
    const base = { verb, settled_outcome: '', input_key: null, run: null, provider_cancelled: [] };
    const authorization = await authorize(request, comment);
    if (authorization.verdict === 'rejected')
        return {
            ...base,
            outcome: 'rejected',
            reason: `${authorization.reason}. Nothing was written.`
        };
    if (parsed.kind === 'malformed')
        return { ...base, outcome: 'noop', reason: `Not understood: ${parsed.reason}.` };
    const command = parsed.command;
    if (command.verb === 'resolve-effect')
        return {
            ...base,
            outcome: 'noop',
            reason: 'resolve-effect answers an operation of command: effect; this action version does not execute it. Nothing was written.'
        };
    let found;
    try {
        // Named by run id: any workflow run may act on it deliberately (SPEC §9).
        found = await selectRun(request.store, operate_select(request, command.run_id));
    }
    catch (error) {
        // A mistyped run id is the operator's error, answered on the comment; a broken store fails.
        if (error instanceof errors/* InvalidInput */.o9)
            return { ...base, outcome: 'noop', reason: `${error.message} Nothing was written.` };
        throw error;
    }
    if (command.verb === 'status') {
        const run = { ledger_ref: found.ledger_ref, chain: found.chain, ...found.view };
        const verbs = applicableVerbs(run.state, run.plan);
        return {
            ...base,
            outcome: 'noop',
            run,
            reason: `${run.plan.reason} Verbs that apply now: ${verbs.length ? verbs.join(', ') : 'none'}.`
        };
    }
    return write(request, comment, command, found.ledger_ref, found.chain);
}
async function authorize(request, comment) {
    const screening = screenAuthor(comment.author, request.policy);
    if (screening.verdict !== 'check_permission')
        return screening;
    if (request.api === null)
        return judgePermission(comment.author, null, request.policy);
    try {
        const answer = await request.api.permission(comment.author.login);
        return judgePermission(comment.author, answer ?? { permission: 'none', role_name: null }, request.policy);
    }
    catch (error) {
        // Fail closed: a permission we could not confirm is no permission.
        return {
            verdict: 'rejected',
            reason: `the permission of ${comment.author.login} could not be confirmed (${apiErrorText(error)})`
        };
    }
}
function viewOf(ledger_ref, chain) {
    return { ledger_ref, chain, ...viewChain(chain) };
}
function operate_select(request, run_id) {
    return { namespace: request.namespace, run_id, writer: request.writer };
}
async function write(request, comment, command, ledger_ref, initial) {
    let chain = initial;
    const context = {
        by: { login: comment.author.login, id: comment.author.id },
        evidence: commentEvidence(comment)
    };
    for (let attempt = 1;; attempt++) {
        const run = viewOf(ledger_ref, chain);
        const decision = decideOperation(chain.map(entry => entry.value), run.state, run.plan, command, context);
        if (decision.outcome !== 'applied')
            return operate_finish(request, command, decision, run);
        try {
            const appended = await appendRecord(request.store, {
                ledger_ref,
                state: decision.append.state,
                fields: decision.append.fields,
                occurred_at: time_timestampOf(request.now?.() ?? new Date()),
                trigger: decision.append.trigger,
                actor: decision.append.actor,
                writer: request.writer
            }, chain);
            return operate_finish(request, command, decision, viewOf(ledger_ref, appended.chain));
        }
        catch (error) {
            if (error instanceof errors/* LostRace */.Sb && attempt < DECIDE_TRIES) {
                // Someone else wrote first: re-read and decide again (duplicate, conflict or applied).
                chain = (await selectRun(request.store, operate_select(request, run.state.run_id))).chain;
                continue;
            }
            if (command.verb !== 'cancel')
                throw error;
            // SPEC §12: a stop is honoured even when it cannot be recorded.
            const cancelled = await cancelProvider(request, run.state);
            const why = error instanceof errors/* DispatchLedgerError */.SS ? error.message : String(error);
            return {
                verb: command.verb,
                outcome: 'unrecorded',
                settled_outcome: '',
                reason: `The cancel could not be recorded (${why}). ${cancelled.summary}`,
                input_key: decision.key,
                run,
                provider_cancelled: cancelled.done,
                warnings: [
                    `cancel of run ${run.state.run_id} is NOT recorded in the ledger: ${why}`,
                    ...cancelled.warnings
                ],
                failure: cancelled.failure
            };
        }
    }
}
async function operate_finish(request, command, decision, run) {
    const base = {
        verb: command.verb,
        outcome: decision.outcome,
        settled_outcome: decision.outcome === 'noop' ? '' : decision.settled_outcome,
        reason: decision.reason,
        input_key: decision.key,
        run,
        provider_cancelled: []
    };
    // Cancel stops the provider's work whenever the run is (now) cancelled by this answer; a
    // duplicate cancels again, so a stop whose provider call failed the first time is retried.
    const stops = command.verb === 'cancel' &&
        (decision.outcome === 'applied' ||
            (decision.outcome === 'duplicate' && decision.settled_outcome === 'cancelled'));
    if (!stops)
        return base;
    const cancelled = await cancelProvider(request, run.state);
    return {
        ...base,
        reason: `${decision.reason} ${cancelled.summary}`,
        provider_cancelled: cancelled.done,
        warnings: cancelled.warnings,
        failure: cancelled.failure
    };
}
async function cancelProvider(request, state) {
    const ids = workflowRunsToCancel(state);
    const done = [];
    const warnings = [];
    if (ids.length === 0)
        return {
            done,
            warnings,
            summary: 'The ledger names no GitHub workflow run to cancel; stop any other provider work by hand.',
            failure: undefined
        };
    if (request.api === null) {
        const warning = `no token, so workflow run(s) ${ids.join(', ')} named in the ledger were not cancelled; cancel them by hand`;
        return { done, warnings: [warning], summary: `Not cancelled: ${warning}.`, failure: warning };
    }
    for (const id of ids) {
        try {
            const answer = await request.api.cancelWorkflowRun(id);
            done.push(`${id}:${answer}`);
        }
        catch (error) {
            warnings.push(`workflow run ${id} could not be cancelled (${apiErrorText(error)}); cancel it by hand (the token needs actions: write)`);
        }
    }
    const summary = done.length > 0
        ? `Provider workflow run(s) ${done.map(d => d.replace(':requested', ' (cancel requested)').replace(':finished', ' (already finished)')).join(', ')}.`
        : 'No provider workflow run could be cancelled.';
    return {
        done,
        warnings,
        summary,
        failure: warnings.length > 0 ? warnings.join('; ') : undefined
    };
}
async function respond(request, comment, result) {
    const warnings = [...(result.warnings ?? [])];
    let reaction = null;
    let replied = false;
    if (request.api !== null) {
        const wanted = REACTION[result.outcome];
        try {
            await request.api.react(comment.id, wanted);
            reaction = wanted;
        }
        catch (error) {
            warnings.push(`the ${wanted} reaction could not be added (${apiErrorText(error)})`);
        }
        if (request.reply) {
            try {
                await request.api.reply(comment.issue_number, replyBody({
                    verb: result.verb,
                    outcome: result.outcome,
                    reason: result.reason,
                    settled_outcome: result.settled_outcome,
                    run_id: result.run?.state.run_id ?? null,
                    state: result.run?.state.state ?? null,
                    next_action: result.run?.plan.action ?? null,
                    warnings
                }));
                replied = true;
            }
            catch (error) {
                warnings.push(`the reply could not be posted (${apiErrorText(error)})`);
            }
        }
    }
    return { ...result, comment, warnings, reaction, replied };
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

;// CONCATENATED MODULE: ./src/action/operateStep.ts








/** SPEC §12: an operator's comment → one verb on one run, authorized and idempotent. */
async function operateStep(inputs, context, env) {
    const { event, store, writer } = context;
    const badPrefix = checkPrefix(inputs.prefix);
    if (badPrefix)
        throw new errors/* InvalidInput */.o9(`The prefix input is invalid: ${badPrefix}.`);
    const policy = parsePolicy({
        operators: inputs.operators,
        permission: inputs.operatorPermission,
        bots: inputs.operatorBots
    });
    const repository = env.GITHUB_REPOSITORY ?? '';
    if (inputs.token && !/^[^/\s]+\/[^/\s]+$/.test(repository))
        throw new errors/* InvalidInput */.o9('GITHUB_REPOSITORY is not set, so there is no repository to check permissions in. Run inside a workflow.');
    const result = await operate({
        eventName: event.name,
        payload: event.payload,
        store,
        namespace: inputs.namespace,
        prefix: inputs.prefix,
        policy,
        reply: inputs.reply === 'true',
        api: inputs.token
            ? await octokitOperatorApi({ token: inputs.token, apiUrl: env.GITHUB_API_URL, repository })
            : null,
        writer
    });
    return report(result, store.name);
}
function report(result, storeName) {
    const run = result.run;
    const view = run ? { state: run.state, plan: run.plan } : null;
    const outputs = {
        ...(run ? runIdentityOutputs(run.state, run.ledger_ref, storeName) : { store: storeName }),
        ...runOutputs(view),
        verb: result.verb,
        outcome: result.outcome,
        settled_outcome: result.settled_outcome,
        recorded: String(result.outcome === 'applied')
    };
    // Every value below may come from the comment or the store: writeSummary escapes it as
    // text, and line breaks are shown as ⏎ (SPEC §9).
    const rows = [
        ['verb', result.verb || '(none)'],
        ['outcome', result.outcome],
        ['settled outcome', result.settled_outcome || '(none)'],
        ['comment', result.comment.url],
        [
            'author',
            `${result.comment.author.login} (${result.comment.author.association || 'no association'})`
        ],
        ['derived key', result.input_key ?? '(none)'],
        ['reaction', result.reaction ?? '(none)'],
        ['reply posted', String(result.replied)],
        ...(run ? [['run id', run.state.run_id]] : []),
        ...(run ? runRows(view) : []),
        ...result.provider_cancelled.map(entry => ['provider workflow run', entry]),
        ...result.warnings.map(warning => ['warning', warning])
    ];
    return {
        outputs,
        summary: {
            title: `dispatch-ledger: operate — ${result.verb || 'comment'} ${result.outcome}`,
            meaning: oneLine(result.reason),
            rows: rows.map(([field, value]) => [field, oneLine(value)]),
            extra: run ? ledgerMarkdown(run.chain, run.state.terminal) : undefined
        },
        warnings: result.warnings,
        failure: result.failure
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

;// CONCATENATED MODULE: ./src/action/steps.ts
/**
 * The command steps, loaded in one chunk after the inputs are valid. One chunk rather than one
 * per command: the bundler copies every module two commands share into each of their chunks.
 */








/***/ })

};
