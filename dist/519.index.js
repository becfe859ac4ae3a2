export const id = 519;
export const ids = [519];
export const modules = {

/***/ 519:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  scanStep: () => (/* binding */ scanStep)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 20 modules
var core = __webpack_require__(3218);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/planRecovery.ts
var planRecovery = __webpack_require__(5183);
// EXTERNAL MODULE: ./src/core/refs.ts
var core_refs = __webpack_require__(9301);
// EXTERNAL MODULE: ./src/commands/readRun.ts
var readRun = __webpack_require__(987);
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
                const state = (0,readRun/* verifiedState */.S)(chain);
                runs.push({ ledger_ref: ref, state, plan: (0,planRecovery/* planRecovery */.lA)(state) });
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

// EXTERNAL MODULE: ./src/action/summary.ts
var summary = __webpack_require__(8770);
;// CONCATENATED MODULE: ./src/action/scanStep.ts



/** For a scheduled sweep: every non-terminal run with its plan, and every ledger that fails to verify. */
async function scanStep(inputs, store) {
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
        ...open.map(run => `| ${(0,summary/* escapeHtml */.Z)(run.run_id)} | ${run.state} | ${run.sequence} | ${run.recovery_action} | ${run.authority_required ?? ''} |`),
        ...broken.map(run => `| ${(0,summary/* escapeHtml */.Z)(run.ledger_ref)} | does not verify | | ${(0,summary/* escapeHtml */.Z)(run.error)} | |`)
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


/***/ })

};
