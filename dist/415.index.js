export const id = 415;
export const ids = [415];
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

/***/ 6415:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   recordStep: () => (/* binding */ recordStep)
/* harmony export */ });
/* harmony import */ var _commands_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3141);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1729);
/* harmony import */ var _ledgerSummary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5565);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1658);
/* harmony import */ var _runReport_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(585);





/** `command: record`: append one record to a run's ledger, by compare-and-set. */
async function recordStep(inputs, context) {
    const outcome = await (0,_commands_record_js__WEBPACK_IMPORTED_MODULE_0__/* .recordCommand */ .t6)({
        namespace: inputs.namespace,
        run_id: inputs.runId,
        dispatch_key: inputs.dispatchKey,
        event: context.event,
        writer: context.writer,
        state: inputs.state,
        fields: (0,_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .jsonInput */ .$1)(inputs.record, 'record')
    }, context);
    const { view } = outcome;
    const run = view.state;
    const record = outcome.record.value;
    return {
        outputs: {
            ...(0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .runIdentityOutputs */ .oi)(run, outcome.selected.ledger_ref, context.store.name),
            owner: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(outcome.selected.owner),
            duplicate: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(outcome.duplicate),
            recorded: (0,_report_js__WEBPACK_IMPORTED_MODULE_4__/* .flag */ .J)(!outcome.duplicate),
            // The run as it is now, also for a duplicate: duplicate=true says the input was there.
            ...(0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .runOutputs */ .MR)(view)
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
                ...(0,_runReport_js__WEBPACK_IMPORTED_MODULE_3__/* .runRows */ .TO)(view)
            ],
            extra: (0,_ledgerSummary_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerMarkdown */ .n)(outcome.chain, run.terminal)
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


/***/ })

};
