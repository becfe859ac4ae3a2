export const id = 284;
export const ids = [284];
export const modules = {

/***/ 5565:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ ledgerMarkdown)
/* harmony export */ });
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8770);

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
    ].map(cell => (0,_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .Z)(cell.length > 80 ? `${cell.slice(0, 77)}...` : cell)));
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


/***/ }),

/***/ 8284:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  recordStep: () => (/* binding */ recordStep)
});

// EXTERNAL MODULE: ./src/core/canonical.ts + 1 modules
var canonical = __webpack_require__(1649);
// EXTERNAL MODULE: ./src/core/entry.ts
var entry = __webpack_require__(5263);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/newRecord.ts
var newRecord = __webpack_require__(4196);
// EXTERNAL MODULE: ./src/core/reconstruct.ts
var reconstruct = __webpack_require__(4461);
// EXTERNAL MODULE: ./src/core/transition.ts
var transition = __webpack_require__(7596);
// EXTERNAL MODULE: ./src/commands/readRun.ts
var readRun = __webpack_require__(987);
;// CONCATENATED MODULE: ./src/commands/record.ts







/** The fields an input_key's payload is compared on: the state and what the caller gave. */
const PAYLOAD_FIELDS = ['attempt', 'provider', 'failure', 'evidence', 'decision', 'note'];
/**
 * SPEC §5 append: verify the chain as read (readRun), validate the new record against its head,
 * write it with the head as parent and move the ref only if it still points at that head.
 * A lost race is reported, never retried: the caller re-reads and re-plans.
 */
async function appendRecord(store, request, chain) {
    const current = (0,readRun/* verifiedState */.S)(chain);
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
    const next = (0,newRecord/* newRecord */.M)({
        ...request.fields,
        attempt: request.fields.attempt ?? defaultAttempt(request.state, current),
        run_id: current.run_id,
        ledger_sequence: current.sequence + 1,
        previous_record_digest: current.head_digest,
        state: request.state,
        occurred_at: request.occurred_at,
        trigger: request.trigger,
        actor: request.actor,
        dispatch_key: current.dispatch_key,
        request_digest: current.request_digest
    });
    (0,transition/* checkAppend */.Ff)(head.value, next, current.head_digest);
    const [oid] = (await store.writeEntries([(0,entry/* recordCommit */.rN)(next, head.oid)]));
    const moved = await store.advanceRef(request.ledger_ref, oid, head.oid);
    if (moved === 'lost')
        throw new errors/* LostRace */.Sb(`Another writer appended to ${request.ledger_ref} after sequence ${current.sequence} was ` +
            'read, so this record was not written. Re-read the run (command: plan) and decide again; ' +
            'nothing is retried blindly.');
    const record = { oid, value: next, json: (0,canonical/* canonicalJson */.dj)(next) };
    return { record, duplicate: false, chain: [...chain, record] };
}
/** Coordinators need not count attempts: a dispatch or failure belongs to the current one. */
function defaultAttempt(state, current) {
    if (state === 'dispatched')
        return (0,reconstruct/* dispatchAttemptFor */.j)(current);
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
        if ((0,canonical/* canonicalJson */.dj)(given) !== (0,canonical/* canonicalJson */.dj)(stored[field] ?? null))
            return field;
    }
    return null;
}

// EXTERNAL MODULE: ./src/core/dispatchKey.ts
var dispatchKey = __webpack_require__(3086);
// EXTERNAL MODULE: ./src/core/record.ts
var record = __webpack_require__(4130);
// EXTERNAL MODULE: ./src/core/states.ts
var states = __webpack_require__(8001);
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
// EXTERNAL MODULE: ./src/action/ledgerSummary.ts
var ledgerSummary = __webpack_require__(5565);
// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
// EXTERNAL MODULE: ./src/action/runView.ts
var runView = __webpack_require__(9778);
// EXTERNAL MODULE: ./src/action/selectRun.ts
var selectRun = __webpack_require__(8867);
;// CONCATENATED MODULE: ./src/action/recordStep.ts












/** Append one record to a run's ledger, validated against its head, by compare-and-set. */
async function recordStep(inputs, event, store) {
    const state = states/* StateSchema */.XJ.safeParse(inputs.state);
    if (!state.success)
        throw new errors/* InvalidInput */.o9(`command: record needs the state input, one of ${states/* STATES */.xj.join(', ')}; got ${JSON.stringify(inputs.state)}.`);
    const fields = parseRecordInput(inputs.record);
    const { ledger_ref, chain } = await (0,readRun/* readRun */.c)(store, inputs.namespace, (0,selectRun/* selectRun */.S)(inputs, event));
    (0,selectRun/* checkSelectedKey */.l)(inputs, chain[0]?.value.idempotency.dispatch_key ?? '');
    const result = await appendRecord(store, {
        ledger_ref,
        state: state.data,
        fields,
        occurred_at: (0,newRecord/* nowTimestamp */.b)(),
        trigger: (0,dispatchKey/* triggerFor */.AC)(event.name),
        actor: (0,dispatchKey/* actorFrom */.M2)(event.payload)
    }, chain);
    const view = (0,runView/* viewChain */.BS)(result.chain);
    const run = view.state;
    const record = result.record.value;
    return {
        outputs: {
            ...(0,runView/* runIdentityOutputs */.oi)(run, ledger_ref, store.name),
            duplicate: (0,report/* flag */.J)(result.duplicate),
            recorded: (0,report/* flag */.J)(!result.duplicate),
            ...(0,runView/* runOutputs */.MR)(view),
            // The record this step wrote (or found, for a duplicate), not merely the head.
            sequence: String(record.ledger_sequence),
            state: record.state
        },
        summary: {
            title: `dispatch-ledger: record ${record.state}`,
            meaning: result.duplicate
                ? `The input ${record.idempotency.input_key} was already recorded at sequence ${record.ledger_sequence}; nothing was written.`
                : `Recorded ${record.state} as sequence ${record.ledger_sequence}. Next: ${view.plan.action}.`,
            rows: [
                ['run id', run.run_id],
                ['dispatch key', run.dispatch_key],
                ['store', store.name],
                ...(0,runView/* runRows */.TO)(view)
            ],
            extra: (0,ledgerSummary/* ledgerMarkdown */.n)(result.chain, run.terminal)
        }
    };
}
function parseRecordInput(text) {
    if (!text)
        return {};
    const value = (0,validate/* parseJsonInput */.o)(text, 'record');
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new errors/* InvalidInput */.o9('The record input must be a JSON object, for example {"note": "..."}.');
    if ('authority' in value)
        throw new errors/* InvalidInput */.o9('The record input may not set authority: a record is evidence, never a grant, and every ' +
            'authority flag is false. Remove the authority field.');
    return (0,validate/* parseOrThrow */.z)(record/* RecordInputSchema */.FR, value, 'The record input');
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

/***/ 9778:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BS: () => (/* binding */ viewChain),
/* harmony export */   MR: () => (/* binding */ runOutputs),
/* harmony export */   TO: () => (/* binding */ runRows),
/* harmony export */   bz: () => (/* binding */ viewRun),
/* harmony export */   oi: () => (/* binding */ runIdentityOutputs),
/* harmony export */   pz: () => (/* binding */ notOwnedOutputs)
/* harmony export */ });
/* harmony import */ var _core_planRecovery_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5183);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9301);
/* harmony import */ var _commands_readRun_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(987);



/** Reconstructs a chain (verifying it, so a broken one throws) and plans its next action. */
function viewChain(chain) {
    const state = (0,_commands_readRun_js__WEBPACK_IMPORTED_MODULE_2__/* .verifiedState */ .S)(chain);
    return { state, plan: (0,_core_planRecovery_js__WEBPACK_IMPORTED_MODULE_0__/* .planRecovery */ .lA)(state) };
}
/** viewChain, or null when there is no ledger. */
function viewRun(chain) {
    return chain && chain.length > 0 ? viewChain(chain) : null;
}
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
        dispatch_key_hash: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .keyHash */ .aE)(state.dispatch_key),
        request_digest: state.request_digest,
        ledger_ref,
        store
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

/***/ 8867:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ selectRun),
/* harmony export */   l: () => (/* binding */ checkSelectedKey)
/* harmony export */ });
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3086);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);


/**
 * record and plan act on a run named by run-id or by dispatch-key, so sweeps and recovery
 * workflows (schedule, workflow_run) never need the triggering event; with neither, the
 * key is derived from the event as admit derives it.
 */
function selectRun(inputs, event) {
    if (inputs.runId)
        return { by: 'run_id', run_id: inputs.runId };
    if (inputs.dispatchKey)
        return { by: 'dispatch_key', dispatch_key: inputs.dispatchKey };
    if (!event.name)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`command: ${inputs.command} needs the run-id or the dispatch-key input.`);
    const derived = (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveDispatch */ .Qj)({ eventName: event.name, payload: event.payload });
    return { by: 'dispatch_key', dispatch_key: derived.dispatch_key };
}
/** With both inputs given, the run must be the one the key admitted. */
function checkSelectedKey(inputs, dispatchKey) {
    if (inputs.runId && inputs.dispatchKey && inputs.dispatchKey !== dispatchKey)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9(`Run ${JSON.stringify(inputs.runId)} belongs to dispatch key ${JSON.stringify(dispatchKey)}, ` +
            `not ${JSON.stringify(inputs.dispatchKey)}. Give one of run-id and dispatch-key, or both matching.`);
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
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _admission_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8306);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4130);






/** SPEC §7, "Dispatch key derivation (scheme v1)". */
const KEY_SCHEME = 'v1';
const PositiveInt = zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_6__/* ._positive */ .NC());
const NonEmpty = zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_6__/* ._minLength */ .m9(1));
const Sha = zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_6__/* ._regex */ .Fk(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/));
const JsonObject = zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .unknown */ .L5J());
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_6__/* ._regex */ .Fk(/^[a-z][a-z_]*$/));
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
        request_digest = (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .digestOf */ .ol)(request);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9('The request input has no JSON form. Set request to a JSON value (an object, array, string, number, boolean or null).');
    }
    return { dispatch_key: key, request, request_digest };
}
function checkKeyLength(key, eventName) {
    const bytes = Buffer.byteLength(key, 'utf8');
    const source = eventName === null
        ? 'The dispatch-key input'
        : `The dispatch key derived from the ${eventName} event`;
    if (bytes > _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_KEY_BYTES */ .Xd) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${_admission_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_KEY_BYTES */ .Xd}. ` +
            'Set the dispatch-key input to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .DispatchKeySchema */ .Hr.safeParse(key);
    if (!parsed.success) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
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
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${what} Set the dispatch-key input to a key that names this dispatch ` +
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
        const body = p.required('comment.body', zod_mini__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), 'a string');
        // An edit keeps the key and changes the digest, so it surfaces as a conflict.
        return {
            event: 'issue_comment',
            key: `v1/issue_comment/${repoId}/${commentId}`,
            fields: { repository_id: repoId, comment_id: commentId, body_sha256: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)(body) }
        };
    },
    workflow_dispatch: p => {
        const repoId = p.repositoryId();
        const workflow = p.required('workflow', NonEmpty, 'the workflow file path');
        const inputs = p.optional('inputs', JsonObject, 'an object') ?? {};
        const chosen = inputs['dispatch_key'];
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(inputs));
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
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(clientPayload));
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
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${eventName} event payload is not a JSON object (got ${describe(payload)}). ${HINT}`);
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
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${this.eventName} event payload is missing ${path} (expected ${expected}). ${HINT}`);
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
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${this.eventName} event payload has an invalid ${path} (expected ${expected}, got ${describe(value)}). ${HINT}`);
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
    const parsed = _record_js__WEBPACK_IMPORTED_MODULE_4__/* .ActorSchema */ .Js.safeParse({ login: sender['login'], id: sender['id'] });
    return parsed.success ? parsed.data : null;
}


/***/ }),

/***/ 4196:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ newRecord),
/* harmony export */   b: () => (/* binding */ nowTimestamp)
/* harmony export */ });
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4130);

/** A complete record from the fields a caller knows; everything else takes its empty value. */
function newRecord(fields) {
    return {
        schema: _record_js__WEBPACK_IMPORTED_MODULE_0__/* .RECORD_SCHEMA */ .ep,
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
        authority: { ..._record_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_AUTHORITY */ .Ce }
    };
}
/** Entries carry whole seconds: the commit's own timestamp has no finer grain. */
function nowTimestamp(now = new Date()) {
    return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
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
