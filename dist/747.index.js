export const id = 747;
export const ids = [747];
export const modules = {

/***/ 5565:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ ledgerMarkdown)
/* harmony export */ });
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(301);

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
    ].map(cell => (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_0__/* .inertText */ .UJ)(cell.length > 80 ? `${cell.slice(0, 77)}...` : cell)));
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

/***/ 5747:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  planStep: () => (/* binding */ planStep)
});

// EXTERNAL MODULE: ./src/core/dispatchKey.ts
var dispatchKey = __webpack_require__(3086);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/commands/receiver.ts
var receiver = __webpack_require__(6681);
// EXTERNAL MODULE: ./src/commands/runView.ts
var runView = __webpack_require__(3906);
// EXTERNAL MODULE: ./src/commands/selectRun.ts
var selectRun = __webpack_require__(4739);
;// CONCATENATED MODULE: ./src/commands/plan.ts





/**
 * `command: plan`: select a run, reconstruct it from its ledger (verifying the chain) and plan
 * the one safe next action. Any workflow run may plan any run. Its one write: when `confirm` is
 * given and a receiver has admitted an attempt the ledger holds only candidates for, it
 * records the run that works (docs/design/dispatch.md#the-recorded-receiver).
 */
async function planCommand(choice, { store, clock, github }) {
    const selected = await (0,selectRun/* selectRun */.S3)(store, choice);
    if (choice.confirm === undefined)
        return { ...selected, confirm_warning: null };
    try {
        const chain = await (0,receiver/* confirmReceiver */.CN)(store, selected.ledger_ref, selected.chain, {
            namespace: choice.namespace,
            writer: choice.confirm.writer,
            actor: choice.event ? (0,dispatchKey/* actorFrom */.M2)(choice.event.payload) : null,
            clock,
            runUrl: github?.runUrl ?? null
        });
        if (chain === selected.chain)
            return { ...selected, confirm_warning: null };
        return { ...selected, chain, view: (0,runView/* viewChain */.BS)(chain), confirm_warning: null };
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

// EXTERNAL MODULE: ./src/action/ledgerSummary.ts
var ledgerSummary = __webpack_require__(5565);
// EXTERNAL MODULE: ./src/action/runReport.ts
var runReport = __webpack_require__(585);
;// CONCATENATED MODULE: ./src/action/planStep.ts



/** `command: plan`: reconstruct a run (verifying the chain) and report its one safe next action. */
async function planStep(inputs, context) {
    const selected = await planCommand({
        namespace: inputs.namespace,
        run_id: inputs.runId,
        dispatch_key: inputs.dispatchKey,
        event: context.event,
        writer: context.writer,
        confirm: { writer: context.writer }
    }, context);
    const { view } = selected;
    return {
        warnings: selected.confirm_warning ? [selected.confirm_warning] : undefined,
        outputs: (0,runReport/* selectedRunOutputs */.B0)(selected, context.store.name),
        summary: {
            title: `dispatch-ledger: plan — ${view.plan.action}`,
            meaning: view.plan.reason,
            rows: [
                ['run id', view.state.run_id],
                ['dispatch key', view.state.dispatch_key],
                ['store', context.store.name],
                ...(0,runReport/* runRows */.TO)(view)
            ],
            extra: (0,ledgerSummary/* ledgerMarkdown */.n)(selected.chain, view.state.terminal)
        }
    };
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

/***/ 6681:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CN: () => (/* binding */ confirmReceiver),
/* harmony export */   MD: () => (/* binding */ decideReceiver),
/* harmony export */   Y1: () => (/* binding */ coordinatorCancelled),
/* harmony export */   rg: () => (/* binding */ findReceiver)
/* harmony export */ });
/* harmony import */ var _core_entry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5263);
/* harmony import */ var _core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7256);
/* harmony import */ var _core_receiver_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3698);
/* harmony import */ var _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4461);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9301);
/* harmony import */ var _core_time_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2334);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1125);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3141);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3906);
/* harmony import */ var _storedNames_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7931);
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
        const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .admissionRef */ .Rp)(namespace, key);
        const found = await reader.readAdmission(ref);
        if (found === null)
            return null;
        const admission = (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkAdmissionNames */ .O)(namespace, ref, found.value);
        const chain = await reader.readChain(admission.ledger_ref);
        if (chain !== null)
            (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkChainNames */ .o)(namespace, admission.ledger_ref, chain);
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
    const attempt = (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .attemptToConfirm */ .LN)((0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .verifiedState */ .SP)(chain));
    if (attempt === null)
        return chain;
    const key = attempt.external_ids[_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .RECEIVER_KEY */ .Qt];
    const receiver = await findReceiver(store, options.namespace, key);
    if (receiver === null)
        return chain;
    const appended = await (0,_record_js__WEBPACK_IMPORTED_MODULE_6__/* .appendRecord */ .EB)(store, { ledger_ref, ...confirmation(attempt, receiver, options) }, chain);
    return appended.chain;
}
/**
 * The submission update that names an attempt's receiver: what a plan step appends after the
 * fact, and what the receiver writes with its own admission (decideReceiver).
 */
function confirmation(attempt, receiver, by) {
    return {
        state: 'dispatched',
        fields: {
            provider: {
                driver: attempt.driver ?? 'workflow',
                submission_state: 'submitted',
                external_ids: (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .confirmedIds */ .UJ)(receiver, by.runUrl)
            }
        },
        occurred_at: (0,_core_time_js__WEBPACK_IMPORTED_MODULE_4__/* .timestampOf */ .U_)(by.clock.now()),
        trigger: 'provider_observation',
        actor: by.actor,
        writer: by.writer
    };
}
/**
 * Whether the coordinator run a receiver's key names has been cancelled: a run GitHub starts
 * after its coordinator was cancelled must do no work. False when there is no such run in this
 * namespace (the dispatch key was chosen by hand). A coordinator ledger that does not verify
 * fails closed (throws), so a receiver never works on a broken premise.
 */
async function coordinatorCancelled(store, namespace, run_id) {
    const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(namespace, run_id);
    const chain = await store.read(reader => reader.readChain(ref));
    if (chain === null || chain.length === 0)
        return false;
    (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkChainNames */ .o)(namespace, ref, chain);
    return (0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .verifiedState */ .SP)(chain).state === 'cancelled';
}
async function decideReceiver(store, of) {
    const ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerRef */ .DH)(of.namespace, of.coordinator.run_id);
    // The chain and its admission in one session (one reader).
    const read = await store.read(async (reader) => {
        const chain = await reader.readChain(ref, _core_reconstruct_js__WEBPACK_IMPORTED_MODULE_2__/* .RUN_CHAIN */ .io, { refresh: of.refresh });
        if (chain === null || chain.length === 0)
            return null;
        (0,_storedNames_js__WEBPACK_IMPORTED_MODULE_8__/* .checkChainNames */ .o)(of.namespace, ref, chain);
        const state = (0,_runView_js__WEBPACK_IMPORTED_MODULE_7__/* .verifiedState */ .SP)(chain);
        // A run is written only through its admission: an orphan coordinator fails closed here.
        if (state.state !== 'cancelled')
            await (0,_generations_js__WEBPACK_IMPORTED_MODULE_5__/* .admissionOfRun */ .a)(store, reader, {
                namespace: of.namespace,
                run_id: state.run_id,
                dispatch_key: state.dispatch_key
            });
        return { chain, state };
    });
    if (read === null)
        return { kind: 'unknown' };
    const { chain, state } = read;
    if (state.state === 'cancelled')
        return { kind: 'cancelled' };
    const attempt = state.attempts.find(a => a.number === of.coordinator.attempt);
    if (state.state !== 'dispatched' ||
        state.current_attempt !== of.coordinator.attempt ||
        attempt === undefined ||
        attempt.external_ids[_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .RECEIVER_KEY */ .Qt] !== of.dispatch_key ||
        (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_9__/* .isConfirmed */ .it)(attempt))
        return { kind: 'nothing' };
    // It names only this receiver and the workflow run writing it: its writer's own id.
    const receiver = {
        receiver_run_id: of.receiver_run_id,
        workflow_run_id: of.writer?.github_run_id ?? null
    };
    const next = (0,_core_nextRunRecord_js__WEBPACK_IMPORTED_MODULE_1__/* .nextRunRecord */ .e)(chain, state, confirmation(attempt, receiver, of));
    if ('duplicate' in next)
        return { kind: 'nothing' };
    const head = chain[chain.length - 1].oid;
    const [oid] = (await store.writeEntries([(0,_core_entry_js__WEBPACK_IMPORTED_MODULE_0__/* .recordCommit */ .rN)(next.record, head)]));
    return { kind: 'confirm', advance: { ref, next: oid, expected: head } };
}


/***/ })

};
