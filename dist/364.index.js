export const id = 364;
export const ids = [364];
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

/***/ 5364:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previewStep: () => (/* binding */ previewStep)
/* harmony export */ });
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9301);
/* harmony import */ var _dispatch_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7674);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1658);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9778);




/** Derive the key and look it up; never writes. */
async function previewStep(inputs, event, store, env) {
    const dispatch = (0,_dispatch_js__WEBPACK_IMPORTED_MODULE_1__/* .resolveDispatch */ .V)(inputs, event, env);
    const admission_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_0__/* .admissionRef */ .Rp)(inputs.namespace, dispatch.dispatch_key);
    const found = await store.read(async (reader) => {
        const admission = await reader.readAdmission(admission_ref);
        const ours = admission?.value.run_id === dispatch.run_id;
        const chain = ours ? await reader.readChain(admission.value.ledger_ref) : null;
        return { admission, chain };
    });
    const stored = found.admission?.value;
    const runId = stored?.run_id ?? dispatch.run_id;
    const conflict = stored !== undefined && stored.request_digest !== dispatch.request_digest;
    const owned = stored === undefined || stored.run_id === dispatch.run_id;
    const view = (0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .viewRun */ .bz)(found.chain);
    const meaning = !stored
        ? `Not admitted yet: admit would create run ${runId}.`
        : conflict
            ? `Admitted for run ${runId} with a different request (${stored.request_digest}); admit would report a conflict.`
            : stored.run_id === dispatch.run_id
                ? 'Already admitted by this workflow run; admit would be an exact replay.'
                : `Already admitted by another workflow run (${runId}); admit would return that run.`;
    return {
        outputs: {
            dispatch_key: dispatch.dispatch_key,
            dispatch_key_hash: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_0__/* .keyHash */ .aE)(dispatch.dispatch_key),
            request_digest: dispatch.request_digest,
            admission_ref,
            ledger_ref: stored?.ledger_ref ?? (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_0__/* .ledgerRef */ .DH)(inputs.namespace, runId),
            run_id: runId,
            owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_3__/* .flag */ .J)(stored !== undefined && stored.run_id === dispatch.run_id),
            created: 'false',
            recorded: 'false',
            conflict: (0,_report_js__WEBPACK_IMPORTED_MODULE_3__/* .flag */ .J)(conflict),
            store: store.name,
            ...(owned ? (0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .runOutputs */ .MR)(view) : (0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .notOwnedOutputs */ .pz)(runId)),
            ...(stored ? {} : { recovery_action: 'admit', recovery_reason: meaning })
        },
        summary: {
            title: 'dispatch-ledger: preview',
            meaning,
            rows: [
                ['dispatch key', dispatch.dispatch_key],
                ['request digest', dispatch.request_digest],
                ['run id', runId],
                ['admitted', (0,_report_js__WEBPACK_IMPORTED_MODULE_3__/* .flag */ .J)(stored !== undefined)],
                ['store', store.name],
                ...(0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .runRows */ .TO)(view)
            ]
        }
    };
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
