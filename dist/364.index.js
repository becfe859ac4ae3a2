export const id = 364;
export const ids = [364];
export const modules = {

/***/ 5364:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previewStep: () => (/* binding */ previewStep)
/* harmony export */ });
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9301);
/* harmony import */ var _dispatch_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7674);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1658);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7819);




/** Derive the key and look it up; never writes. */
async function previewStep(inputs, event, store, env) {
    const dispatch = (0,_dispatch_js__WEBPACK_IMPORTED_MODULE_1__/* .resolveDispatch */ .V)(inputs, event, env);
    const admission_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_0__/* .admissionRef */ .Rp)(inputs.namespace, dispatch.dispatch_key);
    const found = await store.read(async (reader) => {
        const admission = await reader.readAdmission(admission_ref);
        const chain = admission ? await reader.readChain(admission.value.ledger_ref) : null;
        return { admission, chain };
    });
    const stored = found.admission?.value;
    const runId = stored?.run_id ?? dispatch.run_id;
    const conflict = stored !== undefined && stored.request_digest !== dispatch.request_digest;
    const owned = stored === undefined || stored.run_id === dispatch.run_id;
    const view = owned ? (0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .viewRun */ .bz)(found.chain) : (0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .notOwned */ .db)((0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .viewRun */ .bz)(found.chain), runId);
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
            ...(0,_runView_js__WEBPACK_IMPORTED_MODULE_2__/* .runOutputs */ .MR)(view),
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


/***/ })

};
