export const id = 9;
export const ids = [9];
export const modules = {

/***/ 4009:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   admitStep: () => (/* binding */ admitStep),
/* harmony export */   owningRunLink: () => (/* binding */ owningRunLink)
/* harmony export */ });
/* harmony import */ var _commands_admit_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4579);
/* harmony import */ var _commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(301);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1729);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1658);
/* harmony import */ var _runReport_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(585);





/** `command: admit`: inputs to admitCommand; its outcome to outputs and a summary. */
async function admitStep(inputs, context) {
    const outcome = await (0,_commands_admit_js__WEBPACK_IMPORTED_MODULE_0__/* .admitCommand */ .Py)({
        namespace: inputs.namespace,
        event: context.event,
        dispatch_key: inputs.dispatchKey,
        request: (0,_inputs_js__WEBPACK_IMPORTED_MODULE_2__/* .jsonInput */ .$1)(inputs.request, 'request'),
        run_id: inputs.runId,
        initial_state: inputs.initialState,
        reuse: inputs.reuse,
        writer: context.writer
    }, context);
    if (outcome.stopped)
        return stoppedReport(outcome, context.store.name);
    return outcome.conflict
        ? conflictReport(inputs, outcome, context.store.name)
        : admittedReport(outcome, context.store.name, isReceiver(context.event), context.github?.runUrl ?? null);
}
/**
 * A link to the workflow run that owns a run, for a person reading a non-owner's summary:
 * run ids this action makes are `gh-<GITHUB_RUN_ID>-…`, and the run's address is formed as
 * GitHub forms it (GITHUB_SERVER_URL, GITHUB_REPOSITORY). Nothing when either is unknown or
 * the run id was given by hand; every value is escaped as the summary's other values are.
 */
function owningRunLink(runId, runUrl) {
    const workflowRunId = /^gh-(\d+)-/.exec(runId)?.[1];
    if (workflowRunId === undefined || runUrl === null)
        return undefined;
    const url = runUrl(workflowRunId);
    if (!/^https?:\/\/[^\s]+$/.test(url))
        return undefined;
    return `<p>Owning workflow run: <a href="${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(url)}">${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(`workflow run ${workflowRunId}`)}</a> (run id <code>${(0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .inertText */ .UJ)(runId)}</code>).</p>`;
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
            ...(0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .notOwnedOutputs */ .pz)(target.run_id),
            run_id: stopped.written ? target.run_id : '',
            owner: 'false',
            created: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(stopped.written),
            recorded: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(stopped.written),
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
function admittedReport(outcome, store, receiver, runUrl) {
    const { target, view } = outcome;
    const result = outcome.result;
    const runId = result.admission.run_id;
    const plain = {
        outputs: result.owner ? (0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .runOutputs */ .MR)(view) : (0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .notOwnedOutputs */ .pz)(runId),
        rows: result.owner ? (0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .runRows */ .TO)(view) : []
    };
    const run = receiver && result.owner ? forReceiver(plain.outputs, plain.rows) : plain;
    const meaning = admitMeaning(result, view?.plan.action ?? 'none', receiver);
    return {
        outputs: {
            ...keyOutputs(target, store),
            run_id: runId,
            owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(result.owner),
            created: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(result.created),
            recorded: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(result.recorded),
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
                ['created', (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(result.created)],
                ['owner', (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(result.owner)],
                ['store', store],
                ...run.rows
            ],
            ...(result.owner ? {} : { extra: owningRunLink(runId, runUrl) })
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
            owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(conflict.stored.run_id === target.run_id),
            created: 'false',
            recorded: 'false',
            ledger_ref: (0,_commands_reporting_js__WEBPACK_IMPORTED_MODULE_1__/* .ledgerRef */ .DH)(inputs.namespace, conflict.stored.run_id),
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
/** Why a duplicate stayed one (docs/design/generations.md), in the words a workflow author needs. */
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


/***/ })

};
