export const id = 129;
export const ids = [129];
export const modules = {

/***/ 6129:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  admitStep: () => (/* reexport */ admitStep),
  dispatchStep: () => (/* reexport */ dispatchStep),
  effectStep: () => (/* reexport */ effectStep),
  operateStep: () => (/* reexport */ operateStep),
  planStep: () => (/* reexport */ planStep),
  previewStep: () => (/* reexport */ previewStep),
  recordStep: () => (/* reexport */ recordStep),
  recoverStep: () => (/* reexport */ recoverStep),
  scanStep: () => (/* reexport */ scanStep)
});

// EXTERNAL MODULE: ./src/core/admission.ts
var admission = __webpack_require__(8306);
// EXTERNAL MODULE: ./src/core/entry.ts
var entry = __webpack_require__(5263);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/generation.ts
var core_generation = __webpack_require__(1057);
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
    if (bytes > admission/* MAX_KEY_BYTES */.Xd) {
        throw new errors/* InvalidInput */.o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${admission/* MAX_KEY_BYTES */.Xd}. ` +
            'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = admission/* DispatchKeySchema */.Hr.safeParse(key);
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

;// CONCATENATED MODULE: ./src/core/occurrence.ts
/**
 * SPEC §15: when the event that asks for a dispatch happened. A redelivery carries the original
 * payload and therefore the original time, which is what lets a late duplicate be told from a
 * person asking again. Events without such a time never open a new generation.
 */
/** The payload field holding the event's occurrence time, per event name. */
const OCCURRENCE_FIELDS = {
    issues: ['issue', 'updated_at'],
    pull_request: ['pull_request', 'updated_at'],
    pull_request_target: ['pull_request', 'updated_at'],
    issue_comment: ['comment', 'updated_at']
};
// RFC 3339 with a zone; GitHub sends `2026-11-29T12:00:00Z`.
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
/**
 * The event's occurrence time as an RFC 3339 UTC string, or null when the event has none
 * (other events) or the field is absent or unreadable: a time that cannot be trusted must not
 * turn a duplicate into a new request, so it counts as no time at all.
 */
function occurrenceTime(eventName, payload) {
    const field = Object.hasOwn(OCCURRENCE_FIELDS, eventName) ? OCCURRENCE_FIELDS[eventName] : null;
    if (!field)
        return null;
    const [object, key] = field;
    const holder = ownField(payload, object);
    const value = ownField(holder, key);
    if (typeof value !== 'string' || !RFC3339.test(value))
        return null;
    const ms = Date.parse(value);
    // SPEC §9 "Time": a clock outside 2000–9999 is never trusted.
    if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms >= Date.UTC(10000, 0, 1))
        return null;
    return new Date(ms).toISOString();
}
function ownField(value, name) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return undefined;
    return Object.hasOwn(value, name) ? value[name] : undefined;
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
function nextAttempt(head, next) {
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
    return nextAttempt(previous, nextState)?.number ?? null;
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

;// CONCATENATED MODULE: ./src/commands/generations.ts





/** The listing (one for-each-ref locally, one prefix fetch on a remote), ordered; reads nothing. */
async function listGenerations(store, options) {
    const admission_ref = (0,core_refs/* admissionRef */.Rp)(options.namespace, options.dispatch_key);
    const listed = await store.listRefs(admission_ref, { refresh: options.refresh ?? false });
    return {
        admission_ref,
        refs: (0,core_generation/* orderGenerations */.SJ)(admission_ref, listed.map(entry => entry.ref))
    };
}
/**
 * Reads every listed generation's admission in the caller's read session and verifies them:
 * each names this key and the ledger of its own run (SPEC §9), its generation number and the
 * run before it (SPEC §15). Anything else fails closed naming the ref.
 */
async function readGenerationAdmissions(reader, listing, expected) {
    const generations = [];
    for (const ref of listing.refs) {
        const stored = await reader.readAdmission(ref);
        if (!stored)
            throw new errors/* CorruptEntry */.Ob(ref, 'it was listed but cannot be read');
        generations.push(checkedGeneration(ref, generations.length + 1, stored, expected));
    }
    (0,core_generation/* verifyGenerations */.hZ)(generations);
    return { admission_ref: listing.admission_ref, generations };
}
/** A generation's admission as read from ref: it names this key and the ledger of its run. */
function checkedGeneration(ref, generation, stored, expected) {
    const admission = stored.value;
    if (admission.dispatch_key !== expected.dispatch_key)
        throw new errors/* CorruptEntry */.Ob(ref, 'it holds a different dispatch key than its ref names');
    const ledger = (0,core_refs/* ledgerRef */.DH)(expected.namespace, admission.run_id);
    if (admission.ledger_ref !== ledger)
        throw new errors/* CorruptEntry */.Ob(ref, `its ledger_ref ${JSON.stringify(admission.ledger_ref)} is not the ledger of its run ` +
            `${JSON.stringify(admission.run_id)} (${ledger})`);
    return { ref, generation, admission, oid: stored.oid };
}
/**
 * A run is writable only through its admission: the generation of its key whose admission
 * names this run id and its ledger. Read in the caller's session: generation 1 by name first
 * (most runs are generation 1; locally that costs no process, and on a remote the fetch of
 * an admission ref brings its generations along); only when it admits another run, or is
 * absent, are the key's generations listed — from `listed` when the caller already listed
 * the admissions (scan), else with one listing — read and verified. A run that no generation
 * admits is an orphan: OrphanRun, naming its ledger and key and who holds the key, if anyone.
 */
async function admissionOfRun(store, reader, run, listed) {
    const expected = { namespace: run.namespace, dispatch_key: run.dispatch_key };
    const admission_ref = (0,core_refs/* admissionRef */.Rp)(run.namespace, run.dispatch_key);
    const first = await reader.readAdmission(admission_ref);
    if (first?.value.run_id === run.run_id) {
        const entry = checkedGeneration(admission_ref, 1, first, expected);
        (0,core_generation/* verifyGenerations */.hZ)([entry]);
        return entry;
    }
    const listing = listed
        ? {
            admission_ref,
            refs: (0,core_generation/* orderGenerations */.SJ)(admission_ref, listed.filter(ref => ref.startsWith(admission_ref)))
        }
        : await listGenerations(store, expected);
    const { generations } = await readGenerationAdmissions(reader, listing, expected);
    const own = generations.find(g => g.admission.run_id === run.run_id);
    if (own)
        return own;
    const ledger_ref = (0,core_refs/* ledgerRef */.DH)(run.namespace, run.run_id);
    const holders = generations.map(g => `${JSON.stringify(g.admission.run_id)} (generation ${g.generation}) at ${g.ref}`);
    throw new errors/* OrphanRun */.GU(ledger_ref, run.run_id, run.dispatch_key, holders.length === 0
        ? `has no admission (no ${admission_ref})`
        : `is admitted to ${holders.length === 1 ? 'another run' : 'other runs'}: ${holders.join(', ')}`);
}
/** Lists and reads a key's generations in one go (for callers that need nothing else). */
async function readGenerations(store, options) {
    const listing = await listGenerations(store, options);
    return store.read(reader => readGenerationAdmissions(reader, listing, options));
}
/** What the generation decision needs from the newest generation's ledger (verified). */
function newestGeneration(entry, chain) {
    if (!chain || chain.length === 0)
        return { generation: entry.generation, state: null, last_occurred_at: null };
    if (chain.some(record => record.value.run_id !== entry.admission.run_id))
        throw new errors/* CorruptEntry */.Ob(entry.admission.ledger_ref, `it holds records of another run than ${entry.admission.run_id}, which ${entry.ref} admitted`);
    const state = verifiedState(chain);
    return {
        generation: entry.generation,
        state: state.state,
        last_occurred_at: chain[chain.length - 1]?.value.occurred_at ?? null
    };
}
/**
 * The shared read path of admit and preview: one listing, then one read session for every
 * admission and at most one chain — this run's own generation's (to replay it), else the
 * newest's, and that only when its ledger can change the answer (decideWithoutLedger).
 */
async function assessGenerations(store, query) {
    const runIdFor = (generation) => (0,core_generation/* runIdForGeneration */.CK)(query.run_id, generation, query.generation_run_ids);
    const listing = await listGenerations(store, query);
    const admission_ref = listing.admission_ref;
    const found = await store.read(async (reader) => {
        const { generations } = await readGenerationAdmissions(reader, listing, query);
        const own = generations.find(g => g.admission.run_id === runIdFor(g.generation)) ?? null;
        const newest = generations[generations.length - 1] ?? null;
        const early = !own && newest
            ? (0,core_generation/* decideWithoutLedger */.ih)({
                generation: newest.generation,
                admitted_at: newest.admission.admitted_at,
                reuse: query.reuse,
                occurred_at: query.occurred_at
            })
            : null;
        const read = own ?? (early ? null : newest);
        const chain = read ? await reader.readChain(read.admission.ledger_ref) : null;
        if (read && chain)
            checkChainNames(query.namespace, read.admission.ledger_ref, chain);
        return { own, newest, chain, early };
    });
    if (found.own)
        return { kind: 'replay', admission_ref, entry: found.own, chain: found.chain };
    if (!found.newest)
        return { kind: 'absent', admission_ref };
    const decision = found.early ??
        (0,core_generation/* decideGeneration */.DM)({
            newest: newestGeneration(found.newest, found.chain),
            reuse: query.reuse,
            occurred_at: query.occurred_at
        });
    if (decision.kind === 'duplicate')
        return { kind: 'duplicate', admission_ref, entry: found.newest, reason: decision.reason };
    return {
        kind: 'create',
        admission_ref,
        generation: decision.generation,
        run_id: runIdFor(decision.generation),
        previous: found.newest
    };
}

;// CONCATENATED MODULE: ./src/core/receiver.ts
/** External id: every run id any send of the attempt returned, comma-separated, oldest first. */
const CANDIDATE_RUN_IDS = 'candidate_run_ids';
/** External id: `true` once the receiver admission named the run, else `false`. */
const RECEIVER_CONFIRMED = 'receiver_confirmed';
/** External id: the receiver key the intent recorded (the key the receiver admits). */
const RECEIVER_KEY = 'receiver_key';
/** A GitHub workflow run id as stored: plain decimal, no sign, no leading zero. */
const RUN_ID = /^[1-9][0-9]{0,15}$/;
function isWorkflowRunId(value) {
    return value !== undefined && RUN_ID.test(value);
}
/** The candidates recorded in `ids`; stored values are untrusted, so only plain ids count. */
function candidateRunIds(ids) {
    const list = ids[CANDIDATE_RUN_IDS];
    if (list === undefined)
        return [];
    return [...new Set(list.split(',').filter(isWorkflowRunId))];
}
/**
 * What a send GitHub accepted records: the run id it returned joins the attempt's candidates,
 * and the attempt stays unconfirmed. `returned` is what the API answered (`workflow_run_id`,
 * `html_url`); neither is recorded as the receiver.
 */
function candidateIds(recorded, returned) {
    const fresh = returned['workflow_run_id'];
    const candidates = candidateRunIds(recorded);
    if (isWorkflowRunId(fresh) && !candidates.includes(fresh))
        candidates.push(fresh);
    const ids = { [RECEIVER_CONFIRMED]: 'false' };
    if (candidates.length > 0)
        ids[CANDIDATE_RUN_IDS] = candidates.join(',');
    return ids;
}
/** The external ids that name the confirmed receiver. */
function confirmedIds(receiver, runUrl) {
    const ids = {
        receiver_run_id: receiver.receiver_run_id,
        [RECEIVER_CONFIRMED]: 'true'
    };
    if (isWorkflowRunId(receiver.workflow_run_id ?? undefined)) {
        const id = receiver.workflow_run_id;
        ids['workflow_run_id'] = id;
        if (runUrl)
            ids['html_url'] = runUrl(id);
    }
    return ids;
}
function isConfirmed(attempt) {
    return attempt.external_ids[RECEIVER_CONFIRMED] === 'true';
}
/**
 * The attempt whose receiver a `dispatch` or `plan` step should look up and confirm: the
 * current attempt, accepted by the provider (`submitted`), with a receiver key, not confirmed.
 */
function attemptToConfirm(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    if (current === undefined || state.state !== 'dispatched')
        return null;
    if (current.submission_state !== 'submitted')
        return null;
    if (current.external_ids[RECEIVER_KEY] === undefined)
        return null;
    return isConfirmed(current) ? null : current;
}
/**
 * The GitHub workflow runs a cancel stops: the receiver that owns the current attempt's key
 * (read at cancel time, `owner`), and every run id — named or candidate — of every attempt
 * that has not definitely failed.
 */
function workflowRunsToCancel(state, owner) {
    const ids = new Set();
    if (isWorkflowRunId(owner ?? undefined))
        ids.add(owner);
    for (const attempt of state.attempts) {
        if (attempt.failed)
            continue;
        const named = attempt.external_ids['workflow_run_id'];
        if (isWorkflowRunId(named))
            ids.add(named);
        for (const id of candidateRunIds(attempt.external_ids))
            ids.add(id);
    }
    return [...ids];
}
/**
 * The coordinator attempt a receiver's dispatch key names: the workflow driver sends
 * `inputs.dispatch_key = <run id>/a<attempt>`. Null for any other value.
 */
function coordinatorOf(dispatchKey) {
    if (typeof dispatchKey !== 'string')
        return null;
    const match = /^(.+)\/a([1-9][0-9]{0,5})$/s.exec(dispatchKey);
    if (match === null)
        return null;
    return { run_id: match[1], attempt: Number(match[2]) };
}

;// CONCATENATED MODULE: ./src/commands/readRun.ts





/**
 * Finds a run and reads its whole chain, with the admission that admits it; unknown runs are an
 * error. By dispatch key it is the newest generation's run (SPEC §15): one listing of the key's
 * admission refs, then one read session for the admissions and the chain. By run id, the chain
 * names the key, and the key's admission is read in the same session (admissionOfRun). Every
 * command that writes to a run reads it here, so a run no admission admits (an orphan) fails
 * closed with OrphanRun before anything is written or sent.
 */
async function readRun(store, namespace, selector) {
    const listing = selector.by === 'dispatch_key'
        ? await listGenerations(store, { namespace, dispatch_key: selector.dispatch_key })
        : null;
    return store.read(async (reader) => {
        let ledger_ref;
        let admitted = null;
        if (selector.by === 'run_id')
            ledger_ref = (0,core_refs/* ledgerRef */.DH)(namespace, selector.run_id);
        else {
            const found = await readGenerationAdmissions(reader, listing, {
                namespace,
                dispatch_key: selector.dispatch_key
            });
            admitted =
                ownedGeneration(found.generations, selector.owned_by ?? null) ??
                    found.generations[found.generations.length - 1] ??
                    null;
            if (!admitted)
                throw new errors/* InvalidInput */.o9(`The dispatch key ${JSON.stringify(selector.dispatch_key)} is not admitted (no ` +
                    `${found.admission_ref}). Check the \`dispatch_key\` and the \`namespace\`, or admit it first.`);
            ledger_ref = admitted.admission.ledger_ref;
        }
        const chain = await reader.readChain(ledger_ref);
        if (!chain)
            throw new errors/* InvalidInput */.o9(selector.by === 'run_id'
                ? `There is no run ${JSON.stringify(selector.run_id)} (no ledger at ${ledger_ref}). ` +
                    'Check the `run_id` and the `namespace`.'
                : `The admission of ${JSON.stringify(selector.dispatch_key)} names run ` +
                    `${admitted?.admission.run_id}, whose ledger ${ledger_ref} is missing. A replay of ` +
                    'admit from that run writes its first record.');
        checkChainNames(namespace, ledger_ref, chain);
        const first = chain[0].value;
        admitted ??= await admissionOfRun(store, reader, {
            namespace,
            run_id: first.run_id,
            dispatch_key: first.idempotency.dispatch_key
        });
        checkAdmittedKey(ledger_ref, first, admitted);
        return { ledger_ref, admission: admitted.admission, generation: admitted.generation, chain };
    });
}
/**
 * The chain an admission leads to must be for the key that admission admits: a record 1 that
 * names another key was not written by admit for this admission, and is not followed.
 */
function checkAdmittedKey(ledger_ref, first, admitted) {
    if (first.idempotency.dispatch_key === admitted.admission.dispatch_key)
        return;
    throw new errors/* CorruptEntry */.Ob(ledger_ref, `record 1 is for dispatch key ${JSON.stringify(first.idempotency.dispatch_key)}, but ` +
        `${admitted.ref} admits this run for ${JSON.stringify(admitted.admission.dispatch_key)}`);
}
/** Kept here for callers that imported it before the run view had its own module. */

/** The newest generation whose default run id is this workflow run's (`gh-<its run id>-…`). */
function ownedGeneration(generations, writer) {
    if (writer === null)
        return undefined;
    const prefix = (0,core_writer/* defaultRunIdPrefix */.se)(writer);
    return [...generations].reverse().find(g => g.admission.run_id.startsWith(prefix));
}

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
        selector: { by: 'dispatch_key', dispatch_key: derived.dispatch_key, owned_by: choice.writer },
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
    return nextAttempt(headAttempt(current), state);
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

;// CONCATENATED MODULE: ./src/commands/receiver.ts
/**
 * Reading the receiver side of the workflow driver at the arbiter
 * (docs/design/dispatch.md#the-recorded-receiver): who admitted an attempt's receiver key, and
 * whether a coordinator was cancelled before its receiver started.
 */






/**
 * The receiver that admitted `key`, or null when none has yet: one read of its admission and
 * its ledger. The workflow run is the writer of the receiver's first record (the run that won
 * the admission), not a run id parsed from a name a caller could choose.
 */
async function findReceiver(store, namespace, key) {
    return store.read(async (reader) => {
        const ref = (0,core_refs/* admissionRef */.Rp)(namespace, key);
        const found = await reader.readAdmission(ref);
        if (found === null)
            return null;
        const admission = checkAdmissionNames(namespace, ref, found.value);
        const chain = await reader.readChain(admission.ledger_ref);
        if (chain !== null)
            checkChainNames(namespace, admission.ledger_ref, chain);
        const writer = chain?.[0]?.value.writer ?? null;
        return { receiver_run_id: admission.run_id, workflow_run_id: writer?.github_run_id ?? null };
    });
}
/**
 * When the run's current attempt was accepted but its receiver not yet confirmed, looks the
 * receiver admission up and, when a receiver has admitted, appends the submission update that
 * names it. Returns the chain as it is now (unchanged when there is nothing to confirm).
 */
async function confirmReceiver(store, ledger_ref, chain, options) {
    const attempt = attemptToConfirm(verifiedState(chain));
    if (attempt === null)
        return chain;
    const key = attempt.external_ids[RECEIVER_KEY];
    const receiver = await findReceiver(store, options.namespace, key);
    if (receiver === null)
        return chain;
    const appended = await appendRecord(store, {
        ledger_ref,
        state: 'dispatched',
        fields: {
            provider: {
                driver: attempt.driver ?? 'workflow',
                submission_state: 'submitted',
                external_ids: confirmedIds(receiver, options.runUrl)
            }
        },
        occurred_at: time_timestampOf(options.now()),
        trigger: 'provider_observation',
        actor: options.actor,
        writer: options.writer
    }, chain);
    return appended.chain;
}
/**
 * Whether the coordinator run a receiver's key names has been cancelled: a run GitHub starts
 * after its coordinator was cancelled must do no work. False when there is no such run in this
 * namespace (the dispatch key was chosen by hand). A coordinator ledger that does not verify
 * fails closed (throws), so a receiver never works on a broken premise.
 */
async function coordinatorCancelled(store, namespace, run_id) {
    const ref = (0,core_refs/* ledgerRef */.DH)(namespace, run_id);
    const chain = await store.read(reader => reader.readChain(ref));
    if (chain === null || chain.length === 0)
        return false;
    checkChainNames(namespace, ref, chain);
    return verifiedState(chain).state === 'cancelled';
}

;// CONCATENATED MODULE: ./src/commands/preview.ts







/**
 * `command: preview`: derive the dispatch and decide what admit would do, on admit's own read
 * path (the key's generations, SPEC §15), writing nothing. Only our own run's ledger and the
 * newest generation's are read.
 */
async function previewCommand(store, options) {
    const target = resolveDispatch(options);
    const found = await assessGenerations(store, {
        namespace: options.namespace,
        dispatch_key: target.dispatch_key,
        run_id: target.run_id,
        generation_run_ids: options.run_id ? 'as_given' : 'suffixed',
        reuse: checkReuse(options.reuse),
        occurred_at: occurrenceTime(options.event.name, options.event.payload)
    });
    switch (found.kind) {
        case 'absent':
        case 'create': {
            const generation = found.kind === 'create' ? found.generation : 1;
            const run_id = found.kind === 'create' ? found.run_id : target.run_id;
            const next = { ...target, run_id, ledger_ref: (0,core_refs/* ledgerRef */.DH)(options.namespace, run_id) };
            return { ...none, target: next, verdict: 'create', generation };
        }
        case 'replay':
        case 'duplicate': {
            const stored = found.entry.admission;
            const owner = found.kind === 'replay';
            const conflict = stored.request_digest !== target.request_digest;
            return {
                target,
                stored,
                verdict: conflict ? 'conflict' : owner ? 'replay' : 'duplicate',
                generation: found.entry.generation,
                duplicate_reason: found.kind === 'duplicate' ? found.reason : null,
                owner,
                view: owner ? viewRun(found.chain) : null
            };
        }
    }
}
const none = { stored: null, duplicate_reason: null, owner: false, view: null };
/** The reuse policy, validated; the message names the field (the action maps it to its input). */
function checkReuse(reuse) {
    const value = reuse || 'after-terminal';
    if (core_generation/* REUSE_POLICIES */.AS.includes(value))
        return value;
    throw new errors/* InvalidInput */.o9(`The \`reuse\` must be one of ${core_generation/* REUSE_POLICIES */.AS.join(', ')}, not ${JSON.stringify(reuse)}.`);
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
    const reuse = checkReuse(options.reuse);
    const coordinator = options.dispatch_key ? null : receiverOf(options.event);
    const stopped = (written) => ({
        target,
        result: null,
        conflict: null,
        view: null,
        stopped: { coordinator_run_id: coordinator?.run_id, written }
    });
    if (coordinator && (await coordinatorCancelled(store, options.namespace, coordinator.run_id)))
        return stopped(false);
    try {
        const result = await admit(store, {
            namespace: options.namespace,
            first_record: first,
            reuse,
            occurred_at: occurrenceTime(options.event.name, options.event.payload),
            // The default run id gets a -g<N> suffix per generation; a given one is kept as given.
            generation_run_ids: options.run_id ? 'as_given' : 'suffixed'
        });
        // A cancel that landed while this receiver was admitting: it still does no work, and
        // its own run is closed so that nothing lists it as work to do.
        if (coordinator &&
            result.created &&
            (await coordinatorCancelled(store, options.namespace, coordinator.run_id))) {
            await closeStoppedReceiver(store, result, options, coordinator.run_id);
            return stopped(true);
        }
        const view = result.owner ? viewRun(result.chain) : null;
        return { target, result, conflict: null, view, stopped: null };
    }
    catch (error) {
        if (!(error instanceof errors/* AdmissionConflict */.EH))
            throw error;
        return { target, result: null, conflict: error, view: null, stopped: null };
    }
}
async function closeStoppedReceiver(store, result, options, coordinator_run_id) {
    await appendRecord(store, {
        ledger_ref: result.admission.ledger_ref,
        state: 'cancelled',
        fields: {
            note: `coordinator run ${coordinator_run_id} was cancelled: this receiver did no work`
        },
        occurred_at: time_timestampOf(options.now ?? new Date()),
        trigger: 'system',
        actor: null,
        writer: options.writer
    }, result.chain ?? []);
}
/** The coordinator a workflow_dispatch event names in `inputs.dispatch_key`, if any. */
function receiverOf(event) {
    if (event.name !== 'workflow_dispatch')
        return null;
    const inputs = event.payload?.inputs;
    const named = coordinatorOf(inputs?.dispatch_key);
    if (named === null || (0,core_text/* findControlCharacter */.Am)(named.run_id) !== null)
        return null;
    return named;
}
/** Rounds of "read, decide, create" when a race for the next generation is lost. */
const GENERATION_TRIES = 3;
/**
 * SPEC §4 and §15. Optimistic: write generation 1's entries and try the create-only
 * transaction first (two git processes for a first arrival); only a refused create lists the
 * key's generations and decides: this run's own generation is replayed; otherwise the newest
 * generation answers as a duplicate, or (its run ended before the event happened) generation
 * N+1 is created, create-only in one transaction exactly like generation 1.
 */
async function admit(store, request) {
    const first = checkFirstRecord(request.first_record);
    const { dispatch_key } = first.idempotency;
    const admission_ref = (0,core_refs/* admissionRef */.Rp)(request.namespace, dispatch_key);
    const admission = admissionFor(request, first, { generation: 1, previous_run_id: null });
    const refs = { admission_ref, generation_ref: admission_ref };
    const created = await tryCreate(store, refs, admission, first);
    if (created)
        return { ...created, reason: 'first_arrival' };
    for (let round = 1;; round++) {
        const outcome = await admitExisting(store, request, first, { refresh: round > 1 });
        if (outcome)
            return outcome;
        if (round >= GENERATION_TRIES)
            throw new errors/* LostRace */.Sb(`Another arrival created generation after generation of ${admission_ref} while this ` +
                `one was deciding (${GENERATION_TRIES} rounds); nothing was written. Run admit again.`);
    }
}
/** Writes the two entries and creates both refs in one create-only transaction; null if any exists. */
async function tryCreate(store, refs, admission, first) {
    const [admissionOid, recordOid] = (await store.writeEntries([
        (0,entry/* admissionCommit */.Dk)(admission),
        (0,entry/* recordCommit */.rN)(first, null)
    ]));
    const outcome = await store.createRefs([
        { ref: refs.generation_ref, oid: admissionOid },
        { ref: admission.ledger_ref, oid: recordOid }
    ]);
    if (outcome !== 'created')
        return null;
    return {
        admission,
        ...refs,
        created: true,
        recorded: true,
        owner: true,
        chain: [{ oid: recordOid, value: first }]
    };
}
/**
 * One round over an admitted key: list its generations, read what the decision needs, and
 * replay, answer as a duplicate, or try to create the next generation (null: that race was lost).
 */
async function admitExisting(store, request, first, options) {
    const { dispatch_key, request_digest } = first.idempotency;
    const found = await assessGenerations(store, {
        namespace: request.namespace,
        dispatch_key,
        run_id: first.run_id,
        generation_run_ids: request.generation_run_ids ?? 'as_given',
        reuse: request.reuse ?? 'after-terminal',
        occurred_at: request.occurred_at ?? null,
        refresh: options.refresh
    });
    const base = { admission_ref: found.admission_ref, created: false };
    switch (found.kind) {
        case 'absent': {
            // The create was refused but there is no admission: our ledger ref exists on its own.
            const ledger = (0,core_refs/* ledgerRef */.DH)(request.namespace, first.run_id);
            throw new errors/* StoreError */.AD(`The run id ${JSON.stringify(first.run_id)} already has a ledger at ${ledger} ` +
                `but no admission at ${found.admission_ref}. Run ids must be unique per dispatch; ` +
                'give a different `run_id`, or inspect the ledger by hand.');
        }
        case 'replay': {
            const own = found.entry;
            checkDigest(own.admission, request_digest, own.ref);
            const result = { ...base, admission: own.admission, generation_ref: own.ref, owner: true };
            if (found.chain)
                return { ...result, recorded: false, chain: found.chain, reason: 'replay' };
            const ownFirst = { ...first, run_id: own.admission.run_id };
            const completed = await completeLedger(store, own.admission, ownFirst);
            return { ...result, ...completed, reason: 'replay' };
        }
        case 'duplicate':
            // The request digest is compared within a generation only: with the newest one.
            checkDigest(found.entry.admission, request_digest, found.entry.ref);
            return {
                ...base,
                admission: found.entry.admission,
                generation_ref: found.entry.ref,
                recorded: false,
                owner: false,
                chain: null,
                reason: found.reason
            };
        case 'create': {
            const nextFirst = checkFirstRecord({ ...first, run_id: found.run_id });
            const next = admissionFor(request, nextFirst, {
                generation: found.generation,
                previous_run_id: found.previous.admission.run_id
            });
            const refs = {
                admission_ref: found.admission_ref,
                generation_ref: (0,core_generation/* generationRef */.cH)(found.admission_ref, found.generation)
            };
            const created = await tryCreate(store, refs, next, nextFirst);
            return created ? { ...created, reason: 'new_generation' } : null;
        }
    }
}
function admissionFor(request, first, place) {
    return {
        schema: admission/* ADMISSION_SCHEMA */.uW,
        dispatch_key: first.idempotency.dispatch_key,
        request_digest: first.idempotency.request_digest,
        run_id: first.run_id,
        ledger_ref: (0,core_refs/* ledgerRef */.DH)(request.namespace, first.run_id),
        admitted_at: request.admitted_at ?? first.occurred_at,
        ...place
    };
}
function checkDigest(stored, request_digest, ref) {
    if (stored.request_digest === request_digest)
        return;
    const generation = stored.generation > 1 ? ` (generation ${stored.generation}, ${ref})` : '';
    throw new errors/* AdmissionConflict */.EH(`The dispatch key ${JSON.stringify(stored.dispatch_key)} is already admitted for run ` +
        `${stored.run_id}${generation} with request ${stored.request_digest}, but this request is ` +
        `${request_digest}. Nothing was written. A changed request needs a new dispatch key ` +
        '(or, once that run has ended, a new event); set `on_conflict` to output to handle ' +
        'this in the workflow instead of failing.', { run_id: stored.run_id, request_digest: stored.request_digest });
}
/**
 * Our admission without its ledger (a crash of a non-atomic writer, or a hand edit): write
 * the first record, create-only, so racing replays write it once.
 */
async function completeLedger(store, admission, first) {
    const [recordOid] = (await store.writeEntries([(0,entry/* recordCommit */.rN)(first, null)]));
    const completed = await store.createRefs([{ ref: admission.ledger_ref, oid: recordOid }]);
    if (completed === 'created')
        return { recorded: true, chain: [{ oid: recordOid, value: first }] };
    const again = await store.read(reader => reader.readChain(admission.ledger_ref));
    return { recorded: false, chain: again };
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
        attempt: view?.state.current_attempt ? String(view.state.current_attempt) : '',
        receiver_confirmed: view ? receiverConfirmed(view.state) : ''
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
/** `true`/`false` for an attempt sent to a fenced receiver (workflow driver); else empty. */
function receiverConfirmed(state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    return current?.external_ids[RECEIVER_CONFIRMED] ?? '';
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
        reuse: inputs.reuse,
        writer: context.writer
    });
    if (outcome.stopped)
        return stoppedReport(outcome, context.store.name);
    return outcome.conflict
        ? conflictReport(inputs, outcome, context.store.name)
        : admittedReport(outcome, context.store.name, isReceiver(context.event));
}
/**
 * A receiver is the workflow run a dispatch started: a workflow_dispatch whose inputs carry
 * the dispatch_key the dispatcher set. Its admit is the fence before the work, so its text
 * tells it to run the work, never to dispatch it again.
 */
function isReceiver(event) {
    if (event.name !== 'workflow_dispatch')
        return false;
    const inputs = event.payload?.inputs;
    return typeof inputs?.dispatch_key === 'string' && inputs.dispatch_key !== '';
}
const RECEIVER_NEXT = 'run the work';
const RECEIVER_WHY = "This workflow run received this dispatch and owns it: run the work now (gate it on owner == 'true'). Nothing is to be dispatched from here; for a receiver, recovery_action=dispatch means only that the work has not started yet.";
/**
 * The receiver's words for a plan that says dispatch. The outputs' values are left as they
 * are (workflows test them in if: expressions); only the text a person reads changes.
 */
function forReceiver(outputs, rows) {
    if (outputs.recovery_action !== 'dispatch')
        return { outputs, rows };
    return {
        outputs: { ...outputs, recovery_reason: RECEIVER_WHY },
        rows: rows.map(([field, value]) => field === 'next action'
            ? [field, `${RECEIVER_NEXT} (recovery_action=${value})`]
            : field === 'why'
                ? [field, RECEIVER_WHY]
                : [field, value])
    };
}
/** A receiver whose coordinator was cancelled: it must not work (owner=false). */
function stoppedReport(outcome, store) {
    const { target } = outcome;
    const stopped = outcome.stopped;
    const meaning = `The coordinator run ${stopped.coordinator_run_id} that dispatched this workflow was ` +
        'cancelled' +
        (stopped.written ? ' while this run was admitting' : ', so nothing was admitted') +
        '. Do not run the work: owner is false.';
    return {
        outputs: {
            ...keyOutputs(target, store),
            ...notOwnedOutputs(target.run_id),
            run_id: stopped.written ? target.run_id : '',
            owner: 'false',
            created: flag(stopped.written),
            recorded: flag(stopped.written),
            ledger_ref: stopped.written ? target.ledger_ref : '',
            conflict: 'false',
            recovery_reason: meaning
        },
        summary: {
            title: 'dispatch-ledger: admit — coordinator cancelled',
            meaning,
            rows: [
                ['dispatch key', target.dispatch_key],
                ['coordinator run id', stopped.coordinator_run_id],
                ['owner', 'false'],
                ['store', store]
            ]
        }
    };
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
function admittedReport(outcome, store, receiver) {
    const { target, view } = outcome;
    const result = outcome.result;
    const runId = result.admission.run_id;
    const plain = {
        outputs: result.owner ? runOutputs(view) : notOwnedOutputs(runId),
        rows: result.owner ? runRows(view) : []
    };
    const run = receiver && result.owner ? forReceiver(plain.outputs, plain.rows) : plain;
    const meaning = admitMeaning(result, view?.plan.action ?? 'none', receiver);
    return {
        outputs: {
            ...keyOutputs(target, store),
            run_id: runId,
            owner: flag(result.owner),
            created: flag(result.created),
            recorded: flag(result.recorded),
            ledger_ref: result.admission.ledger_ref,
            conflict: 'false',
            generation: String(result.admission.generation),
            ...run.outputs
        },
        summary: {
            title: 'dispatch-ledger: admit',
            meaning,
            rows: [
                ['dispatch key', target.dispatch_key],
                ['request digest', target.request_digest],
                ['run id', runId],
                ['generation', String(result.admission.generation)],
                ['created', flag(result.created)],
                ['owner', flag(result.owner)],
                ['store', store],
                ...run.rows
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
/** Why a duplicate stayed one (SPEC §15), in the words a workflow author needs. */
const DUPLICATE_BECAUSE = {
    not_terminal: 'its run has not ended, so every arrival is a duplicate of it',
    reuse_never: 'reuse is never, so an ended run is never followed by a new one',
    not_cancelled: 'reuse is after-cancelled and that run did not end cancelled',
    no_occurrence_time: 'this event carries no occurrence time (only issues, pull_request and issue_comment do), so it cannot be told from a late duplicate; set a new dispatch-key to run again',
    not_after_end: 'this event happened before that run ended (a redelivery or a late duplicate)'
};
function admitMeaning(result, next, receiver) {
    const generation = result.admission.generation;
    const which = generation > 1 ? ` (generation ${generation})` : '';
    // A receiver runs the work it received; anyone else dispatches it.
    const work = receiver ? 'Run the work.' : 'Dispatch the work.';
    const nextAction = receiver && next === 'dispatch' ? RECEIVER_NEXT : next;
    switch (result.reason) {
        case 'first_arrival':
            return `This workflow run admitted the dispatch: it is the one run for this key. ${work}`;
        case 'new_generation':
            return `The key's previous run (${result.admission.previous_run_id}) had ended before this event happened, so this is a new request: this workflow run admitted generation ${generation}. ${work}`;
        case 'replay':
            return `This workflow run already admitted this dispatch${which} (a re-run or an exact replay); nothing new was admitted. Go on with the next action: ${nextAction}.`;
        default:
            return `Another workflow run admitted this dispatch first (run ${result.admission.run_id}${which}); this is a duplicate because ${DUPLICATE_BECAUSE[result.reason]}. ${receiver ? 'Do not run the work' : 'Do not dispatch'}: the work belongs to that run.`;
    }
}

// EXTERNAL MODULE: ./src/core/operator/authorize.ts
var authorize = __webpack_require__(3495);
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
/** An external id's name: lower-case letters, digits and `_`, starting with a letter. */
const EXTERNAL_ID_NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** An external id's value: printable ASCII without spaces, at most this many bytes. */
const MAX_EXTERNAL_ID_VALUE = 256;
const EXTERNAL_ID_VALUE = /^[\x21-\x7e]+$/;
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
/**
 * Any separator other than the ASCII space: tabs, no-break and other Unicode spaces, line
 * separators, and the invisible ones (zero-width space and joiners, word joiner, BOM). A
 * command's words are separated by ASCII spaces only, so one of these inside a word makes
 * the comment malformed rather than a different command.
 */
const NOT_AN_ASCII_SPACE = /[\s\p{Z}\u180e\u200b-\u200d\u2060\ufeff]/u;
function spacingReason(prefix) {
    return `separate the words with ASCII spaces (not tabs, no-break or other Unicode spaces); write ${prefix} followed by one of: ${USAGE}`;
}
/**
 * What is wrong with one external id an operator gives (`resolve sent <name>=<value>`),
 * whatever the driver; null when it may be recorded. The driver's own rules come on top,
 * where the attempt being resolved is known.
 */
function externalIdProblem(name, value) {
    if (!EXTERNAL_ID_NAME.test(name))
        return `the name ${JSON.stringify(name)} is not an external id name: lower-case letters, digits and _, starting with a letter, at most 64 characters`;
    if (!EXTERNAL_ID_VALUE.test(value) || value.length > MAX_EXTERNAL_ID_VALUE)
        return `the value of ${name} must be 1 to ${MAX_EXTERNAL_ID_VALUE} bytes of printable ASCII without spaces`;
    return null;
}
/** Splits off the next word (ASCII spaces separate words); the rest keeps its inner spacing. */
function nextWord(text) {
    const trimmed = text.replace(/^ +/, '');
    const end = trimmed.indexOf(' ');
    return end < 0 ? [trimmed, ''] : [trimmed.slice(0, end), trimmed.slice(end)];
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
 * Parses a comment body, exactly: the prefix at the first character of the comment (an
 * indented line is a markdown code block, a quoted one a quote: neither is addressed to us),
 * the prefix and the verb as written (lower case), words separated by ASCII spaces.
 * `not_addressed` unless the comment starts with the prefix followed by a space or nothing;
 * a prefix followed by another kind of space, an upper-case verb or any word holding a
 * non-ASCII space is `malformed`. Everything after the first line is ignored.
 */
function parseComment(body, prefix) {
    const line = firstLine(body);
    if (!line.startsWith(prefix))
        return { kind: 'not_addressed' };
    const afterPrefix = line.slice(prefix.length);
    const separator = afterPrefix.slice(0, 1);
    const spacing = spacingReason(prefix);
    if (separator !== '' && separator !== ' ') {
        if (NOT_AN_ASCII_SPACE.test(separator))
            return { kind: 'malformed', verb: '', reason: spacing };
        return { kind: 'not_addressed' };
    }
    const [verb, afterVerb] = nextWord(afterPrefix);
    const malformed = (reason) => ({ kind: 'malformed', verb, reason });
    if (NOT_AN_ASCII_SPACE.test(verb))
        return malformed(spacing);
    if (!OPERATOR_VERBS.includes(verb))
        return malformed(OPERATOR_VERBS.includes(verb.toLowerCase())
            ? `verbs are written in lower case; write ${prefix} ${verb.toLowerCase()} …`
            : verb.length === 0
                ? `no verb after ${prefix}; write ${prefix} followed by one of: ${USAGE}`
                : `the verb is not one of approve, deny, cancel, retry, resolve, resolve-effect, status; write ${prefix} followed by one of: ${USAGE}`);
    const [id, rest] = nextWord(afterVerb);
    const what = verb === 'resolve-effect' ? 'operation id' : 'run id';
    if (NOT_AN_ASCII_SPACE.test(id))
        return malformed(spacing);
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
    if (NOT_AN_ASCII_SPACE.test(answer))
        return malformed(spacingReason(prefix));
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
    const words = tail.split(' ').filter(Boolean);
    if (words.some(word => NOT_AN_ASCII_SPACE.test(word)))
        return malformed(spacingReason(prefix));
    if (words.length === 0)
        return malformed(`resolve sent needs at least one external id the provider shows (for example workflow_run_id=9555); ${usage}`);
    if (words.length > MAX_EXTERNAL_IDS)
        return malformed(`resolve sent takes at most ${MAX_EXTERNAL_IDS} external ids`);
    const external_ids = {};
    for (const pair of words) {
        const at = pair.indexOf('=');
        if (at <= 0)
            return malformed(`resolve sent takes name=value pairs, one per word, for example workflow_run_id=9555; ${usage}`);
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        const problem = externalIdProblem(name, value);
        if (problem !== null)
            return malformed(`${problem}; ${usage}`);
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
    if (NOT_AN_ASCII_SPACE.test(answer))
        return malformed(spacingReason(prefix));
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
    if (NOT_AN_ASCII_SPACE.test(release))
        return malformed(spacingReason(prefix));
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
/**
 * A GitHub workflow run id as the workflow driver records it: a positive whole number, no
 * leading zero, at most 16 digits (what the cancel path accepts as a run id to cancel).
 */
const WORKFLOW_RUN_ID = /^[1-9][0-9]{0,15}$/;
/**
 * What is wrong with the external ids of `resolve sent` for an attempt sent by `driver`;
 * null when they may be recorded. Every name and value follows the general rule; an attempt
 * of the workflow driver needs `workflow_run_id`, the run id GitHub shows in the run's URL,
 * because that value later names the run to cancel in an API path.
 */
function resolveSentProblem(driver, external_ids) {
    for (const [name, value] of Object.entries(external_ids)) {
        const problem = externalIdProblem(name, value);
        if (problem !== null)
            return problem;
    }
    if (driver === 'workflow') {
        const id = external_ids['workflow_run_id'];
        if (id === undefined)
            return 'an attempt sent by the workflow driver needs workflow_run_id=<digits>, the id in the run’s URL (…/actions/runs/<id>)';
        if (!WORKFLOW_RUN_ID.test(id))
            return `workflow_run_id must be a positive whole number with no leading zero and at most 16 digits, the id in the run’s URL (…/actions/runs/<id>); got ${JSON.stringify(id)}`;
    }
    return null;
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
            reason: `This comment was already executed: ${describeSettled(same, settled)}. Nothing was written.`,
            redelivered: true
        };
    }
    // Values an operator typed are checked before the derived key is looked at: a refused
    // value is the operator's error to fix, whatever the run settled since.
    if (command.verb === 'resolve' && command.answer === 'sent') {
        const number = resolveAttempt(state);
        const driver = state.attempts.find(a => a.number === number)?.driver ?? null;
        const problem = resolveSentProblem(driver, command.external_ids);
        if (problem !== null)
            return {
                outcome: 'noop',
                key,
                reason: `resolve sent for run ${state.run_id} is refused: ${problem}. Give the ids the provider shows, for example workflow_run_id=9555. Nothing was written.`
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
                reason: `${key} is already settled the same way: ${describeSettled(earlier, settled)}. Nothing was written.`,
                redelivered: false
            }
            : {
                outcome: 'conflict',
                key,
                settled_outcome: settled,
                sequence: earlier.ledger_sequence,
                reason: `${key} is already settled as ${describeSettled(earlier, settled)}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`,
                redelivered: false
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
                reason: `Run ${state.run_id} already ended ${describeSettled(head, settled)}. Nothing was written.`,
                redelivered: false
            }
            : {
                outcome: 'conflict',
                key,
                settled_outcome: settled,
                sequence: head.ledger_sequence,
                reason: `Run ${state.run_id} already ended ${describeSettled(head, settled)}; the first outcome wins, so ${answer} was not recorded. Nothing was written.`,
                redelivered: false
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

// EXTERNAL MODULE: ./src/github/octokit.ts
var github_octokit = __webpack_require__(6702);
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
/** octokit is loaded on use (see loadOctokit: importing @actions/github parses the event). */
async function octokitOperatorApi(options) {
    const [owner = '', repo = ''] = options.repository.split('/');
    const octokit = await (0,github_octokit/* loadOctokit */.m)({ token: options.token, apiUrl: options.apiUrl });
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

// EXTERNAL MODULE: ./src/store/localStore.ts
var localStore = __webpack_require__(281);
// EXTERNAL MODULE: ./src/store/remoteStore.ts
var remoteStore = __webpack_require__(7994);
;// CONCATENATED MODULE: ./src/store/effectStore.ts




/** The effect store over the same repository and arbiter as the run store. */
function effectStoreFor(store) {
    if (store instanceof remoteStore/* RemoteStore */.qg)
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
        const parsed = (0,remoteStore/* parsePorcelain */.d2)(result.stdout);
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
            throw new errors/* StoreError */.AD(`The remote ${this.name} refused to let this job push (${(0,remoteStore/* firstLine */.TM)(result.stderr)}). ` +
                'Nothing was created. Give the workflow `permissions: contents: write`.');
        return { kind: 'ambiguous', detail: (0,remoteStore/* firstLine */.TM)(result.stderr) };
    }
}
/**
 * A server-side refusal that is not a lost compare-and-set: a pre-receive hook, a protected
 * tag rule. The atomic push then moved neither ref.
 */
function isRemoteRefusal(summary) {
    return /\[remote rejected\]/.test(summary) && !(0,remoteStore/* isRaceLost */.Ye)({ summary });
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

;// CONCATENATED MODULE: ./src/commands/resolveEffect.ts
/**
 * SPEC §13/§12 `/ledger resolve-effect <operation id> committed <release id> | not-committed`:
 * an operator's accountable answer for an operation held `unknown`. Plain values in, a result
 * out; the `operate` command (issue 12) parses the comment, authorizes its author and replies.
 * The first answer wins: the same answer again is a duplicate, another one a conflict.
 */





/**
 * The arguments after the operation id, as a comment gives them:
 * `committed <release id>` or `not-committed`. Anything else is an error naming the grammar.
 */
function parseEffectAnswer(args) {
    const [word, id, ...rest] = args;
    if (word === 'committed' && id !== undefined && /^[0-9]{1,20}$/.test(id) && rest.length === 0)
        return { kind: 'committed', release_id: id };
    if (word === 'not-committed' && id === undefined)
        return { kind: 'not_committed' };
    throw new InvalidInput('resolve-effect takes `committed <release id>` (the numeric id of the release that is ours) ' +
        'or `not-committed`, for example `/ledger resolve-effect <operation id> committed 123456`.');
}
async function resolveEffect(request, deps) {
    (0,validate/* parseOrThrow */.zS)(operation/* OperationIdSchema */.g1, request.operation_id, 'The operation id');
    const journal = new OperationJournal({
        store: deps.store,
        ref: (0,operation/* operationRef */.Rp)(request.namespace, request.operation_id),
        writer: request.writer,
        clock: request.clock
    });
    const done = (outcome, reason) => ({
        outcome,
        reason,
        operation_id: request.operation_id,
        operation_ref: journal.ref,
        state: journal.operation?.state ?? null,
        chain: journal.entries
    });
    // One retry when another writer moved the head: re-read and decide on what it wrote.
    for (let pass = 0; pass < 2; pass++) {
        const op = await journal.reload();
        if (!op)
            return done('rejected', `there is no operation ${request.operation_id}`);
        const answer = request.answer.kind;
        const releaseId = request.answer.kind === 'committed' ? request.answer.release_id : null;
        const decision = decideResolve(op, answer, releaseId);
        if (decision.outcome !== 'applied')
            return done(decision.outcome, decision.reason);
        let releaseUrl = null;
        if (releaseId !== null && deps.releases) {
            const found = await deps.releases.get(Number(releaseId));
            if (!found.ok)
                return done('rejected', `release ${releaseId} could not be read (${found.detail})`);
            if (!found.value)
                return done('rejected', `there is no release ${releaseId}`);
            releaseUrl = found.value.html_url;
        }
        const appended = await journal.append({
            state: decision.record,
            result: releaseId !== null
                ? { tag_object: null, release_id: releaseId, release_url: releaseUrl }
                : null,
            observation: `resolved by ${request.by}`,
            resolution: { answer, by: request.by }
        });
        if (appended)
            return done('applied', `${request.by} answered ${answer}`);
    }
    return done('conflict', 'another writer kept changing the operation; nothing was written');
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
        replied: false,
        redelivered: false
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
    const authorization = await operate_authorize(request, comment);
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
        return settleEffect(request, comment, command, base);
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
async function operate_authorize(request, comment) {
    const screening = (0,authorize/* screenAuthor */.UG)(comment.author, request.policy);
    if (screening.verdict !== 'check_permission')
        return screening;
    if (request.api === null)
        return (0,authorize/* judgePermission */.Np)(comment.author, null, request.policy);
    try {
        const answer = await request.api.permission(comment.author.login);
        return (0,authorize/* judgePermission */.Np)(comment.author, answer ?? { permission: 'none', role_name: null }, request.policy);
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
        provider_cancelled: [],
        redelivered: (decision.outcome === 'duplicate' || decision.outcome === 'conflict') && decision.redelivered
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
    const owner = await ownerAtCancel(request, state);
    const ids = workflowRunsToCancel(state, owner.workflow_run_id);
    const done = [];
    const warnings = [...owner.warnings];
    if (ids.length === 0) {
        const warning = 'the ledger names no GitHub workflow run to cancel, so no provider work was cancelled; stop any other provider work by hand';
        return {
            done,
            warnings: [...warnings, warning],
            summary: `Not cancelled: ${warning}.`,
            failure: undefined
        };
    }
    if (request.api === null) {
        const warning = `no token, so workflow run(s) ${ids.join(', ')} named in the ledger were not cancelled; cancel them by hand`;
        return {
            done,
            warnings: [...warnings, warning],
            summary: `Not cancelled: ${warning}.`,
            failure: warning
        };
    }
    const refused = [];
    for (const id of ids) {
        try {
            const answer = await request.api.cancelWorkflowRun(Number(id));
            done.push(`${id}:${answer}`);
            if (answer === 'finished')
                warnings.push(`workflow run ${id} had already finished (GitHub answered 409), so it was not cancelled`);
        }
        catch (error) {
            refused.push(`workflow run ${id} could not be cancelled (${apiErrorText(error)}); cancel it by hand (the token needs actions: write)`);
        }
    }
    const summary = providerCancelled(done)
        ? `Provider workflow run(s) ${done.map(d => d.replace(':requested', ' (cancel requested)').replace(':finished', ' (already finished)')).join(', ')}.`
        : 'No provider workflow run was cancelled.';
    return {
        done,
        warnings: [...warnings, ...refused],
        summary,
        failure: refused.length > 0 ? refused.join('; ') : undefined
    };
}
/** A cancel stopped provider work only when GitHub accepted at least one cancel request. */
function providerCancelled(done) {
    return done.some(entry => entry.endsWith(':requested'));
}
/**
 * The workflow run that owns the current attempt's receiver key, read now: it may be a run the
 * ledger holds no id for (a send answered with an error, whose run won the admission).
 */
async function ownerAtCancel(request, state) {
    const current = state.attempts.find(a => a.number === state.current_attempt);
    const key = current?.external_ids[RECEIVER_KEY];
    if (current === undefined || current.failed || key === undefined)
        return { workflow_run_id: null, warnings: [] };
    try {
        const receiver = await findReceiver(request.store, request.namespace, key);
        return { workflow_run_id: receiver?.workflow_run_id ?? null, warnings: [] };
    }
    catch (error) {
        const why = error instanceof errors/* DispatchLedgerError */.SS ? error.message : String(error);
        return {
            workflow_run_id: null,
            warnings: [
                `the receiver admission could not be read (${why}); only the runs the ledger names were cancelled`
            ]
        };
    }
}
async function respond(request, comment, result) {
    const warnings = [...(result.warnings ?? [])];
    let reaction = null;
    let replied = false;
    const redelivered = result.redelivered === true;
    if (request.api !== null) {
        const wanted = REACTION[result.outcome];
        try {
            await request.api.react(comment.id, wanted);
            reaction = wanted;
        }
        catch (error) {
            warnings.push(`the ${wanted} reaction could not be added (${apiErrorText(error)})`);
        }
        if (request.reply && !redelivered) {
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
    return { ...result, comment, warnings, reaction, replied, redelivered };
}
/** Outcomes of resolveEffect as operate reports them; its `rejected` is a refusal, not authz. */
const EFFECT_OUTCOME = {
    applied: 'applied',
    duplicate: 'duplicate',
    conflict: 'conflict',
    rejected: 'noop'
};
/** `/ledger resolve-effect`: the operator's answer for an operation held `unknown` (SPEC §13). */
async function settleEffect(request, comment, command, base) {
    const answer = command.answer === 'committed' && command.release_id
        ? { kind: 'committed', release_id: command.release_id }
        : { kind: 'not_committed' };
    try {
        const settled = await resolveEffect({
            namespace: request.namespace,
            operation_id: command.operation_id,
            answer,
            by: comment.author.login,
            writer: request.writer
        }, { store: effectStoreFor(request.store), releases: request.releases });
        return {
            ...base,
            outcome: EFFECT_OUTCOME[settled.outcome],
            settled_outcome: settled.state ?? '',
            reason: settled.reason
        };
    }
    catch (error) {
        if (error instanceof errors/* InvalidInput */.o9)
            return { ...base, outcome: 'noop', reason: `${error.message} Nothing was written.` };
        throw error;
    }
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
async function operateStep(inputs, context) {
    const { event, store, writer, env } = context;
    const badPrefix = checkPrefix(inputs.prefix);
    if (badPrefix)
        throw new errors/* InvalidInput */.o9(`The prefix input is invalid: ${badPrefix}.`);
    const policy = (0,authorize/* parsePolicy */.ON)({
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
        writer,
        // Loaded on use, after the event was read: @actions/github parses the event on import.
        releases: inputs.token
            ? new (await __webpack_require__.e(/* import() */ 949).then(__webpack_require__.bind(__webpack_require__, 2949))).GitHubReleases({
                token: inputs.token,
                repository,
                apiUrl: env.GITHUB_API_URL,
                timeoutMs: 30_000
            })
            : undefined
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
        recorded: String(result.outcome === 'applied'),
        provider_cancelled: result.verb === 'cancel' ? flag(providerCancelled(result.provider_cancelled)) : ''
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
        [
            'reply posted',
            result.redelivered
                ? 'false (this comment was answered when it was first executed)'
                : String(result.replied)
        ],
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
 * the one safe next action. Any workflow run may plan any run. Its one write: when `confirm` is
 * given and a receiver has admitted an attempt the ledger holds only candidates for, it
 * records the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function planCommand(store, choice, confirm) {
    const selected = await selectRun(store, choice);
    if (confirm === undefined)
        return { ...selected, confirm_warning: null };
    try {
        const chain = await confirmReceiver(store, selected.ledger_ref, selected.chain, {
            ...confirm,
            namespace: choice.namespace
        });
        if (chain === selected.chain)
            return { ...selected, confirm_warning: null };
        return { ...selected, chain, view: viewChain(chain), confirm_warning: null };
    }
    catch (error) {
        // Planning never fails for want of a write: a read-only job still gets its plan.
        if (!(error instanceof errors/* DispatchLedgerError */.SS))
            throw error;
        return {
            ...selected,
            confirm_warning: `The receiver's run could not be recorded now (${error.message}); a later plan or dispatch records it.`
        };
    }
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
const dispatchMove_MAX_SENDS_PER_STEP = 2;
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
function sendOutcome_afterLookup(lookup, options) {
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
        const outcome = await driver.send(call, run.externalIds(attempt.number));
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
        if (next.kind === 'observe') {
            const confirmed = await dispatch_confirm(run, driver);
            return run.result('observed', next.attempt, `Attempt ${next.attempt} was accepted earlier; nothing was sent.${confirmed} ${run.plan.reason}`);
        }
        const call = callFor(run.state, next.attempt.number);
        if (next.kind === 'send') {
            if (sends >= dispatchMove_MAX_SENDS_PER_STEP)
                return run.result('failed', next.attempt.number, 'This step already sent twice; a later dispatch goes on.');
            const outcome = await send(call, next.attempt, null);
            const done = finished(run, outcome, next.attempt.number);
            if (done)
                return done;
            continue; // ambiguous: reconcile once, straight away
        }
        // reconcile: look the attempt up, adopt what the provider has, or settle what it allows
        const lookup = await driver.lookup(call, run.externalIds(next.attempt.number));
        const sendsLeft = Math.min(dispatchMove_MAX_SENDS_PER_STEP - sends, MAX_SENDS_PER_ATTEMPT - sendsStarted(run.records(), next.attempt.number));
        switch (sendOutcome_afterLookup(lookup, { fenced: driver.fenced, sendsLeft })) {
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
/**
 * An accepted attempt whose receiver is not confirmed yet: look it up, and when a receiver has
 * admitted, record the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function dispatch_confirm(run, driver) {
    const attempt = attemptToConfirm(run.state);
    if (attempt === null)
        return '';
    const lookup = await driver.lookup(callFor(run.state, attempt.number), attempt.external_ids);
    if (lookup.kind !== 'found')
        return ' No receiver has admitted it yet.';
    await run.append(sendRecord(driver.name, { kind: 'submitted', external_ids: lookup.external_ids }, null), 'provider_observation');
    return ' Its receiver has admitted: the ledger now names that run.';
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
    client() {
        this.octokit ??= (0,github_octokit/* loadOctokit */.m)({ token: this.options.token, apiUrl: this.options.baseUrl });
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
/**
 * Driver `workflow` (SPEC §10): GitHub `workflow_dispatch` to a fenced receiver. The receiver
 * admits its own event first (key `v1/workflow_dispatch/<repo id>/<workflow>/<dispatch_key>`)
 * and works only when it owns that key, so a second run for one dispatch does nothing. The
 * coordinator derives the receiver's key with the receiver's own derivation (core/dispatchKey)
 * and finds the receiver's admission at the arbiter to learn whether the dispatch arrived.
 */




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
        return { [RECEIVER_KEY]: this.receiverKey(call) };
    }
    /**
     * The run an accepted send returns is only a candidate: another run of the same attempt may
     * win the receiver admission, so the ledger names the receiver once one has admitted.
     */
    async send(call, recorded) {
        const answer = await this.options.api.dispatchWorkflow({
            workflow: this.file,
            ref: this.options.ref,
            inputs: this.inputsFor(call)
        });
        const outcome = classifyWorkflowDispatch(answer);
        if (outcome.kind !== 'submitted')
            return outcome;
        return { kind: 'submitted', external_ids: candidateIds(recorded, outcome.external_ids) };
    }
    /** Found when a receiver admitted the attempt's key: it is the run that works. */
    async lookup(call, recorded) {
        const key = recorded[RECEIVER_KEY] ?? this.receiverKey(call);
        const receiver = await this.options.findReceiver(key);
        if (receiver === null)
            return {
                kind: 'unknown',
                reason: `no receiver has admitted ${key} yet (it may still be queued)`
            };
        return { kind: 'found', external_ids: confirmedIds(receiver, this.options.runUrl) };
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
    return dispatchStep_report(result, store, driver);
}
function dispatchStep_report(result, store, driver) {
    const { state } = result;
    const ids = result.external_ids;
    const identity = runIdentityOutputs(state, result.ledger_ref, store.name);
    const dispatchOutputs = {
        sent: flag(result.sends > 0),
        submission_state: result.submission_state ?? '',
        external_ids: JSON.stringify(ids),
        // Set only once a receiver admitted: a run a send returned is a candidate until then.
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
                workflow_run_url: '',
                receiver_confirmed: ''
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
        findReceiver: key => findReceiver(store, namespace, key),
        runUrl: runUrlFor(env, repository)
    });
}
function parseWorkflowInputs(text) {
    if (!text)
        return {};
    const value = (0,validate/* parseJsonInput */.ou)(text, 'inputs');
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
/** A workflow run's web address, as GitHub forms it. */
function runUrlFor(env, repository) {
    const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
    return id => `${server}/${repository}/actions/runs/${id}`;
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

;// CONCATENATED MODULE: ./src/action/planStep.ts





/** `command: plan`: reconstruct a run (verifying the chain) and report its one safe next action. */
async function planStep(inputs, context) {
    const selected = await planCommand(context.store, {
        namespace: inputs.namespace,
        run_id: inputs.runId,
        dispatch_key: inputs.dispatchKey,
        event: context.event,
        writer: context.writer
    }, {
        writer: context.writer,
        actor: actorFrom(context.event.payload),
        now: () => new Date(),
        runUrl: context.env.GITHUB_REPOSITORY
            ? runUrlFor(context.env, context.env.GITHUB_REPOSITORY)
            : null
    });
    const { view } = selected;
    return {
        warnings: selected.confirm_warning ? [selected.confirm_warning] : undefined,
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

;// CONCATENATED MODULE: ./src/action/previewStep.ts




/** `command: preview`: what admit would do, from previewCommand; writes nothing. */
async function previewStep(inputs, context) {
    const outcome = await previewCommand(context.store, {
        namespace: inputs.namespace,
        event: context.event,
        dispatch_key: inputs.dispatchKey,
        request: (0,action_inputs/* jsonInput */.$1)(inputs.request, 'request'),
        run_id: inputs.runId,
        reuse: inputs.reuse,
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
            generation: String(outcome.generation),
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
                ['generation', String(outcome.generation)],
                ['admitted', flag(stored !== null)],
                ['store', context.store.name],
                ...runRows(view)
            ]
        }
    };
}
function previewStep_describe({ verdict, stored, target, generation }) {
    switch (verdict) {
        case 'create':
            return generation > 1
                ? `The key's last run has ended and this event happened after it: admit would create run ${target.run_id} (generation ${generation}).`
                : `Not admitted yet: admit would create run ${target.run_id}.`;
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

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(3360);
;// CONCATENATED MODULE: ./src/commands/scan.ts





/**
 * Every run in the namespace, each reconstructed and planned; all chains and admissions are
 * read in one session, after one listing of the runs and one of the admissions. A ledger that
 * does not verify is listed with its error rather than hidden, and a ledger that no admission
 * admits (an orphan) is listed as one, with no next action; neither stops the sweep from
 * planning the others.
 */
async function scanRuns(store, namespace) {
    const refs = await store.listRefs((0,core_refs/* runsPrefix */.Jp)(namespace));
    const admissions = (await store.listRefs((0,core_refs/* admissionsPrefix */.bS)(namespace))).map(entry => entry.ref);
    return store.read(async (reader) => {
        const runs = [];
        for (const { ref } of refs) {
            try {
                const chain = await reader.readChain(ref);
                if (!chain)
                    continue; // deleted since it was listed
                checkChainNames(namespace, ref, chain);
                const view = viewChain(chain);
                try {
                    const { run_id, dispatch_key } = view.state;
                    await admissionOfRun(store, reader, { namespace, run_id, dispatch_key }, admissions);
                }
                catch (error) {
                    if (!(error instanceof errors/* OrphanRun */.GU))
                        throw error;
                    runs.push({ ledger_ref: ref, state: view.state, orphan: error.message });
                    continue;
                }
                runs.push({ ledger_ref: ref, ...view });
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



/**
 * For a scheduled sweep: every non-terminal run with its plan, every ledger that no admission
 * admits (an orphan: listed, with no next action), and every ledger that fails to verify.
 */
async function scanStep(inputs, context) {
    const { store } = context;
    const scanned = await scanRuns(store, inputs.namespace);
    const broken = scanned.flatMap(run => 'error' in run ? [{ ledger_ref: run.ledger_ref, error: run.error }] : []);
    const orphans = scanned.flatMap(run => 'orphan' in run
        ? [
            {
                run_id: run.state.run_id,
                dispatch_key: run.state.dispatch_key,
                ledger_ref: run.ledger_ref,
                state: run.state.state,
                sequence: run.state.sequence,
                updated_at: run.state.updated_at,
                orphan: run.orphan
            }
        ]
        : []);
    const open = scanned.flatMap(run => !('plan' in run) || run.state.terminal
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
    for (const run of orphans)
        core/* warning */.$e(run.orphan);
    for (const run of broken)
        core/* warning */.$e(`${run.ledger_ref}: ${run.error}`);
    const table = scanTable(open, orphans, broken);
    return {
        outputs: { runs: JSON.stringify([...open, ...orphans, ...broken]), store: store.name },
        summary: {
            title: 'dispatch-ledger: scan',
            meaning: `${scanned.length} runs in ${inputs.namespace}; ${open.length} not terminal; ${orphans.length} orphans (no admission admits them: nothing acts on them); ${broken.length} do not verify.`,
            rows: [
                ['namespace', inputs.namespace],
                ['store', store.name]
            ],
            extra: `\n${table}\n`
        }
    };
}
/**
 * The summary's table: open runs with their next action, then orphans (no next action), then
 * ledgers that do not verify.
 */
function scanTable(open, orphans, broken) {
    return [
        '| run id | state | seq | next action | gate |',
        '|---|---|---|---|---|',
        ...open.map(run => `| ${(0,core_text/* inertText */.UJ)(run.run_id)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} |`),
        ...orphans.map(run => `| ${(0,core_text/* inertText */.UJ)(run.run_id)} | orphan (${run.state}) | ${run.sequence} | none | |`),
        ...broken.map(run => `| ${(0,core_text/* inertText */.UJ)(run.ledger_ref)} | does not verify | | ${(0,core_text/* inertText */.UJ)(run.error)} | |`)
    ].join('\n');
}

// EXTERNAL MODULE: ./src/core/effect/artifacts.ts
var artifacts = __webpack_require__(5742);
;// CONCATENATED MODULE: ./src/core/effect/tagName.ts
/**
 * Which tag names an effect may create. Pure: git's own check-ref-format rules for
 * `refs/tags/<name>`, written out here so that nothing is spawned to judge a name, plus the
 * names git would read as something other than this tag in ordinary use.
 *
 * How git reads a short name (`git show <name>`, gitrevisions): first a file in the
 * repository's git directory (HEAD, FETCH_HEAD, ORIG_HEAD, MERGE_HEAD… — only names of
 * upper-case letters and `_` are looked up there), then `refs/<name>`, then
 * `refs/tags/<name>`, then `refs/heads/<name>`, then `refs/remotes/<name>`. So a tag named
 * `HEAD` or `FETCH_HEAD` is hidden behind the file of that name, and a tag named
 * `heads/main` is hidden behind the branch `refs/heads/main`. Those are refused. A tag named
 * like a branch (`main`) or a remote-tracking branch (`origin/main`) is the other way round:
 * the tag wins and git warns that the name is ambiguous; which branches and remotes exist is
 * not known here, so those are left to the repository's own rules.
 */
/** The longest tag name, in UTF-8 bytes: a loose ref is one file, and file names stop at 255. */
const MAX_TAG_BYTES = 255;
/**
 * The first components that name a ref namespace git or GitHub fills in ordinary use:
 * `<first>/…` would be found as `refs/<first>/…` before `refs/tags/<first>/…`.
 * `main-worktree/` and `worktrees/` are git's syntax for another worktree's refs.
 */
const SHADOWED_NAMESPACES = [
    'heads',
    'tags',
    'remotes',
    'notes',
    'replace',
    'bisect',
    'stash',
    'prefetch',
    'rewritten',
    'worktree',
    'main-worktree',
    'worktrees',
    'pull'
];
/**
 * Names git keeps as files in the git directory besides `*_HEAD` (its "irregular" root refs);
 * a tag of the same name is hidden behind them.
 */
const ROOT_REFS = [
    'AUTO_MERGE',
    'BISECT_EXPECTED_REV',
    'NOTES_MERGE_PARTIAL',
    'NOTES_MERGE_REF',
    'MERGE_AUTOSTASH'
];
/** ASCII control characters, space and the characters check-ref-format forbids anywhere. */
const FORBIDDEN_CHARACTER = /[\u0000-\u0020\u007f~^:?*[\\]/;
/**
 * Stricter than git, which takes any byte above 0x7f: no Unicode space, line or paragraph
 * separator, control or invisible format character (a right-to-left override or a zero-width
 * space would make two different tags look the same), and no unpaired surrogate (it has no
 * UTF-8 form, so the ref would not be the name that was checked).
 */
const UNSAFE_UNICODE = /[\p{Z}\p{Cc}\p{Cf}\p{Cs}]/u;
/**
 * What is wrong with `tag` as the name of `refs/tags/<tag>`, in words that end with the fix;
 * null when it may be created.
 */
function tagNameProblem(tag) {
    const fix = 'give the name without refs/tags/, for example v1.2.3';
    if (tag.length === 0)
        return `it is empty; ${fix}`;
    if (tag === '@')
        return `"@" alone means HEAD to git; ${fix}`;
    if (tag.startsWith('refs/'))
        return `it begins with refs/, so it is a full ref name, not a tag name; ${fix}`;
    if (tag.startsWith('-'))
        return `it begins with "-", which git commands read as an option; ${fix}`;
    if (tag.startsWith('.'))
        return `it begins with "."; ${fix}`;
    if (/^(?:[A-Z_]*_)?HEAD$/.test(tag) || ROOT_REFS.includes(tag))
        return `git reads ${JSON.stringify(tag)} as its own ref of that name (a file in the git directory) before any tag, so the tag would be hidden; ${fix}`;
    const first = tag.split('/', 1)[0];
    if (SHADOWED_NAMESPACES.includes(first))
        return `git reads ${first}/… as refs/${first}/… before refs/tags/${first}/…, so the tag would be hidden behind that ref; choose a name that does not begin with ${first}/, for example v1.2.3`;
    if (new TextEncoder().encode(tag).length > MAX_TAG_BYTES)
        return `it is longer than ${MAX_TAG_BYTES} bytes; shorten it`;
    const character = FORBIDDEN_CHARACTER.exec(tag)?.[0] ?? UNSAFE_UNICODE.exec(tag)?.[0];
    if (character !== undefined)
        return `it contains ${shown(character)}; git ref names hold no spaces, control characters or any of ~ ^ : ? * [ \\, and this action refuses invisible Unicode characters too; ${fix}`;
    if (tag.includes('..'))
        return `it contains ".."; ${fix}`;
    if (tag.includes('@{'))
        return `it contains "@{", which git reads as a reflog selector; ${fix}`;
    if (tag.endsWith('/') || tag.includes('//'))
        return `it has an empty path component (a trailing "/" or "//"); ${fix}`;
    if (tag.endsWith('.'))
        return `it ends with "."; ${fix}`;
    for (const component of tag.split('/')) {
        if (component.startsWith('.'))
            return `its component ${JSON.stringify(component)} begins with "."; ${fix}`;
        if (component.endsWith('.lock'))
            return `its component ${JSON.stringify(component)} ends with ".lock", which git reserves for lock files; ${fix}`;
    }
    return null;
}
/** A character as a message may show it: printable ASCII quoted, anything else as U+XXXX. */
function shown(character) {
    const code = character.codePointAt(0);
    return code >= 0x20 && code < 0x7f
        ? JSON.stringify(character)
        : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
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
    checkTagName(intent.tag_ref.slice('refs/tags/'.length), 'The tag of the effect intent');
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
    checkTagName(options.tag, 'The `tag`');
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
/**
 * The one check of a tag name, before anything is read or written: `what` names where the
 * name came from (the `tag` input, or an intent built by hand).
 */
function checkTagName(tag, what) {
    const problem = tagNameProblem(tag);
    if (problem !== null)
        throw new errors/* InvalidInput */.o9(`${what} ${JSON.stringify(tag)} is refused: ${problem}.`);
}

;// CONCATENATED MODULE: ./src/action/effectStep.ts




/** A create is bounded; one that outlives this is ambiguous and looked up (SPEC §10's default). */
const TIMEOUT_MS = 30_000;
/** `command: effect` (SPEC §13): inputs onto the command, its outcome onto outputs. */
async function effectStep(inputs, context) {
    const { env } = context;
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
        ? new (await __webpack_require__.e(/* import() */ 949).then(__webpack_require__.bind(__webpack_require__, 2949))).GitHubReleases({
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
    // An orphan has no plan: a re-run of the coordinator could not act on it either.
    const open = (await scanRuns(options.store, options.namespace)).flatMap(scanned => 'plan' in scanned && !scanned.state.terminal && admittedBy(String(wr.id), scanned.state.run_id)
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











/***/ }),

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ loadOctokit)
/* harmony export */ });
/**
 * Loaded on use, never at start-up: `@actions/github` parses GITHUB_EVENT_PATH when it is
 * imported, which would turn a malformed event into a raw JSON error before the action's own
 * loader could name the problem and its fix.
 */
async function loadOctokit(options) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const baseUrl = (options.apiUrl || 'https://api.github.com').replace(/\/+$/, '');
    return getOctokit(options.token, { baseUrl });
}


/***/ })

};
