export const id = 364;
export const ids = [364];
export const modules = {

/***/ 5364:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previewStep: () => (/* binding */ previewStep)
/* harmony export */ });
/* harmony import */ var _commands_preview_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8822);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1729);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1658);
/* harmony import */ var _runReport_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(585);




/** `command: preview`: what admit would do, from previewCommand; writes nothing. */
async function previewStep(inputs, context) {
    const outcome = await (0,_commands_preview_js__WEBPACK_IMPORTED_MODULE_0__/* .previewCommand */ .W)({
        namespace: inputs.namespace,
        event: context.event,
        dispatch_key: inputs.dispatchKey,
        request: (0,_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .jsonInput */ .$1)(inputs.request, 'request'),
        run_id: inputs.runId,
        reuse: inputs.reuse,
        writer: context.writer
    }, context);
    const { target, stored, view } = outcome;
    const runId = stored?.run_id ?? target.run_id;
    const meaning = describe(outcome);
    return {
        outputs: {
            dispatch_key: target.dispatch_key,
            dispatch_key_hash: target.dispatch_key_hash,
            request_digest: target.request_digest,
            admission_ref: target.admission_ref,
            ledger_ref: stored?.ledger_ref ?? target.ledger_ref,
            run_id: runId,
            owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_3__/* .flag */ .J)(outcome.owner),
            created: 'false',
            recorded: 'false',
            conflict: (0,_report_js__WEBPACK_IMPORTED_MODULE_3__/* .flag */ .J)(outcome.verdict === 'conflict'),
            generation: String(outcome.generation),
            store: context.store.name,
            ...(stored === null || outcome.owner ? (0,_runReport_js__WEBPACK_IMPORTED_MODULE_2__/* .runOutputs */ .MR)(view) : (0,_runReport_js__WEBPACK_IMPORTED_MODULE_2__/* .notOwnedOutputs */ .pz)(runId)),
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
                ['admitted', (0,_report_js__WEBPACK_IMPORTED_MODULE_3__/* .flag */ .J)(stored !== null)],
                ['store', context.store.name],
                ...(0,_runReport_js__WEBPACK_IMPORTED_MODULE_2__/* .runRows */ .TO)(view)
            ]
        }
    };
}
function describe({ verdict, stored, target, generation }) {
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

/***/ 585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B0: () => (/* binding */ selectedRunOutputs),
/* harmony export */   MR: () => (/* binding */ runOutputs),
/* harmony export */   TO: () => (/* binding */ runRows),
/* harmony export */   oi: () => (/* binding */ runIdentityOutputs),
/* harmony export */   pz: () => (/* binding */ notOwnedOutputs)
/* harmony export */ });
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(301);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1658);


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
        dispatch_key_hash: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__/* .keyHash */ .aE)(state.dispatch_key),
        request_digest: state.request_digest,
        ledger_ref,
        store
    };
}
/** The identity, ownership and run outputs of a selected run (plan, record, dispatch). */
function selectedRunOutputs(selected, store) {
    return {
        ...runIdentityOutputs(selected.view.state, selected.ledger_ref, store),
        owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_1__/* .flag */ .J)(selected.owner),
        ...runOutputs(selected.view)
    };
}
/** The run outputs of docs/design/keys.md; empty strings when there is no ledger to read. */
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
    return current?.external_ids[_commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__/* .RECEIVER_CONFIRMED */ .qt] ?? '';
}


/***/ }),

/***/ 4447:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ defaultRunId),
/* harmony export */   V: () => (/* binding */ resolveDispatch)
/* harmony export */ });
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3086);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9301);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2020);
/* harmony import */ var _core_writer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7416);





function resolveDispatch(options) {
    const derived = (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveDispatch */ .Qj)({
        eventName: options.event.name,
        payload: options.event.payload,
        dispatchKey: options.dispatch_key || undefined,
        request: options.request
    });
    const run_id = options.run_id
        ? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_3__/* .checkRunId */ .np)(options.run_id)
        : defaultRunId(derived.dispatch_key, options.writer);
    return {
        ...derived,
        run_id,
        dispatch_key_hash: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .keyHash */ .aE)(derived.dispatch_key),
        admission_ref: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .admissionRef */ .Rp)(options.namespace, derived.dispatch_key),
        ledger_ref: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRef */ .DH)(options.namespace, run_id)
    };
}
/**
 * docs/design/keys.md: gh-<GITHUB_RUN_ID>-<12 hex of sha256(key)>. A re-run keeps GITHUB_RUN_ID, so it
 * replays its own run; another workflow run gets another id and finds the first one's.
 */
function defaultRunId(dispatchKey, writer) {
    if (writer === null)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InvalidInput */ .o9('This process is not a workflow run (GITHUB_RUN_ID is not set), so there is no default ' +
            '`run_id`. Run inside a workflow, or give the `run_id`.');
    return `${(0,_core_writer_js__WEBPACK_IMPORTED_MODULE_4__/* .defaultRunIdPrefix */ .se)(writer)}${(0,_core_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .keyHash */ .aE)(dispatchKey).slice(0, 12)}`;
}


/***/ }),

/***/ 8822:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ previewCommand),
/* harmony export */   p: () => (/* binding */ checkReuse)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_generation_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1057);
/* harmony import */ var _core_occurrence_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2982);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9301);
/* harmony import */ var _dispatchTarget_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4447);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1125);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3906);







/**
 * `command: preview`: derive the dispatch and decide what admit would do, on admit's own read
 * path (the key's generations, docs/design/generations.md), writing nothing. Only our own run's ledger and the
 * newest generation's are read.
 */
async function previewCommand(options, { store }) {
    const target = (0,_dispatchTarget_js__WEBPACK_IMPORTED_MODULE_4__/* .resolveDispatch */ .V)(options);
    const found = await (0,_generations_js__WEBPACK_IMPORTED_MODULE_5__/* .assessGenerations */ .iB)(store, {
        namespace: options.namespace,
        dispatch_key: target.dispatch_key,
        run_id: target.run_id,
        generation_run_ids: options.run_id ? 'as_given' : 'suffixed',
        reuse: checkReuse(options.reuse),
        occurred_at: (0,_core_occurrence_js__WEBPACK_IMPORTED_MODULE_2__/* .occurrenceTime */ .v)(options.event.name, options.event.payload)
    });
    switch (found.kind) {
        case 'absent':
        case 'create': {
            const generation = found.kind === 'create' ? found.generation : 1;
            const run_id = found.kind === 'create' ? found.run_id : target.run_id;
            const next = { ...target, run_id, ledger_ref: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(options.namespace, run_id) };
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
                view: owner ? (0,_runView_js__WEBPACK_IMPORTED_MODULE_6__/* .viewRun */ .bz)(found.chain) : null
            };
        }
    }
}
const none = { stored: null, duplicate_reason: null, owner: false, view: null };
/** The reuse policy, validated; the message names the field (the action maps it to its input). */
function checkReuse(reuse) {
    const value = reuse || 'after-terminal';
    if (_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .REUSE_POLICIES */ .AS.includes(value))
        return value;
    throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InvalidInput */ .o9(`The \`reuse\` must be one of ${_core_generation_js__WEBPACK_IMPORTED_MODULE_1__/* .REUSE_POLICIES */ .AS.join(', ')}, not ${JSON.stringify(reuse)}.`);
}


/***/ }),

/***/ 3086:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AC: () => (/* binding */ triggerFor),
/* harmony export */   M2: () => (/* binding */ actorFrom),
/* harmony export */   Qj: () => (/* binding */ deriveDispatch),
/* harmony export */   aY: () => (/* binding */ checkDispatchKey)
/* harmony export */ });
/* unused harmony exports KEY_SCHEME, keyComponent */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8395);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3305);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1183);
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1649);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _admission_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8306);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4130);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2020);







/** docs/design/keys.md, "Dispatch key derivation (scheme v1)". */
const KEY_SCHEME = 'v1';
const PositiveInt = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .int */ .Whr().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._positive */ .NC());
const NonEmpty = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._minLength */ .m9(1));
const Sha = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._regex */ .Fk(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/));
const JsonObject = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .unknown */ .L5J());
// Actions are lower-case words; restricting them keeps `<action>` a single key component.
const ActionName = zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_7__/* ._regex */ .Fk(/^[a-z][a-z_]*$/));
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
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9)
            throw error;
        throw notUnicode(eventName);
    }
}
function notUnicode(eventName) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The ${eventName} event payload holds text that is not valid Unicode (a lone ` +
        'surrogate), so the request it names has no canonical JSON form. Set the ' +
        '`dispatch_key` to a key that names this dispatch.');
}
function finish(key, base, input) {
    // The event's part first, so text JSON cannot carry is blamed on where it came from.
    if (!hasJsonForm(base))
        throw notUnicode(input.eventName);
    const request = input.request === undefined ? base : { ...base, request: input.request };
    if (!hasJsonForm(request))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9('The `request` has no canonical JSON form (it holds a lone surrogate or a value JSON ' +
            'cannot carry). Give the `request` as a JSON value of valid text (an object, array, ' +
            'string, number, boolean or null).');
    return { dispatch_key: key, request, request_digest: (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .digestOf */ .ol)(request) };
}
function hasJsonForm(value) {
    try {
        (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(value);
        return true;
    }
    catch {
        return false;
    }
}
/** A single UTF-16 surrogate that is not half of a pair: text that has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/**
 * docs/README.md#words, docs/design/writers.md: a dispatch key is 1 to 1024 UTF-8 bytes of text with no control characters.
 * `eventName` says where a derived key came from; without it the key was given by the caller.
 */
function checkDispatchKey(key, eventName) {
    const source = eventName === undefined
        ? 'The `dispatch_key`'
        : `The dispatch key derived from the ${eventName} event`;
    const control = (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .findControlCharacter */ .Am)(key);
    if (control !== null)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} contains the control character ${control}. Dispatch keys are printable text: ` +
            (eventName === undefined
                ? 'set the `dispatch_key` without line breaks, tabs or other control characters.'
                : 'set the `dispatch_key` to a key that names this dispatch.'));
    if (LONE_SURROGATE.test(key))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is not valid Unicode text (it holds a lone surrogate). Set the \`dispatch_key\` ` +
            'to a key of valid text.');
    const bytes = Buffer.byteLength(key, 'utf8');
    if (bytes > _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_KEY_BYTES */ .Xd) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is ${bytes} UTF-8 bytes; the limit is ${_admission_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_KEY_BYTES */ .Xd}. ` +
            'Set the `dispatch_key` to a shorter key that still names this dispatch ' +
            '(for example, replace a long part with its sha256).');
    }
    const parsed = _admission_js__WEBPACK_IMPORTED_MODULE_3__/* .DispatchKeySchema */ .Hr.safeParse(key);
    if (!parsed.success) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${source} is not a valid dispatch key: ${parsed.error.issues[0]?.message}.`);
    }
    return key;
}
/**
 * docs/design/writers.md "Key components never merge": a free-text component followed by another component
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
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`${what} Set the \`dispatch_key\` to a key that names this dispatch ` +
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
        const body = p.required('comment.body', zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP(), 'a string');
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
        const last = typeof chosen === 'string' && chosen !== '' ? chosen : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .sha256Hex */ .fg)((0,_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalJson */ .dj)(clientPayload));
        return {
            event: 'repository_dispatch',
            key: `v1/repository_dispatch/${repoId}/${keyComponent(eventType)}/${last}`,
            fields: { repository_id: repoId, event_type: eventType, client_payload: clientPayload }
        };
    },
    // docs/design/recovery.md: a finished workflow run, so a duplicated delivery recovers it once.
    workflow_run: p => {
        const repoId = p.repositoryId();
        const runId = p.required('workflow_run.id', PositiveInt, POSITIVE_INT);
        const attempt = p.required('workflow_run.run_attempt', PositiveInt, POSITIVE_INT);
        const conclusion = p.optional('workflow_run.conclusion', zod_mini__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP(), 'a string') ?? null;
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

/***/ 2982:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ occurrenceTime)
/* harmony export */ });
/* unused harmony export OCCURRENCE_FIELDS */
/**
 * docs/design/generations.md: when the event that asks for a dispatch happened. A redelivery carries the original
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
    // docs/design/writers.md "Time": a clock outside 2000–9999 is never trusted.
    if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms >= Date.UTC(10000, 0, 1))
        return null;
    return new Date(ms).toISOString();
}
function ownField(value, name) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return undefined;
    return Object.hasOwn(value, name) ? value[name] : undefined;
}


/***/ })

};
