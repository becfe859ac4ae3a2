export const id = 705;
export const ids = [705];
export const modules = {

/***/ 9705:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  admitStep: () => (/* binding */ admitStep)
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
var refs = __webpack_require__(9301);
// EXTERNAL MODULE: ./src/core/states.ts
var states = __webpack_require__(8001);
// EXTERNAL MODULE: ./src/core/validate.ts
var validate = __webpack_require__(993);
;// CONCATENATED MODULE: ./src/commands/admit.ts







/**
 * SPEC §4. Optimistic: write the two entries and try the create-only transaction first
 * (two git processes for a first arrival); only a refused create reads what is there.
 */
async function admit(store, request) {
    const first = checkFirstRecord(request.first_record);
    const { dispatch_key, request_digest } = first.idempotency;
    const run_id = first.run_id;
    const admission_ref = (0,refs/* admissionRef */.Rp)(request.namespace, dispatch_key);
    const admission = {
        schema: core_admission/* ADMISSION_SCHEMA */.uW,
        dispatch_key,
        request_digest,
        run_id,
        ledger_ref: (0,refs/* ledgerRef */.DH)(request.namespace, run_id),
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
    const found = await readAdmitted(store, admission_ref, admission.ledger_ref);
    if (!found.admission) {
        // The create was refused but there is no admission: our ledger ref exists on its own.
        throw new errors/* StoreError */.AD(`The run id ${JSON.stringify(run_id)} already has a ledger at ${admission.ledger_ref} ` +
            `but no admission at ${admission_ref}. Run ids must be unique per dispatch; ` +
            'set a different run-id, or inspect the ledger by hand.');
    }
    const stored = found.admission.value;
    if (stored.dispatch_key !== dispatch_key)
        throw new errors/* CorruptEntry */.Ob(admission_ref, 'it holds a different dispatch key than its ref names');
    if (stored.ledger_ref !== (0,refs/* ledgerRef */.DH)(request.namespace, stored.run_id))
        throw new errors/* CorruptEntry */.Ob(admission_ref, 'its ledger_ref does not match its run_id');
    if (stored.request_digest !== request_digest) {
        throw new errors/* AdmissionConflict */.EH(`The dispatch key ${JSON.stringify(dispatch_key)} is already admitted for run ` +
            `${stored.run_id} with request ${stored.request_digest}, but this request is ` +
            `${request_digest}. Nothing was written. A changed request needs a new dispatch key; ` +
            'set on-conflict: output to handle this in the workflow instead of failing.', { run_id: stored.run_id, request_digest: stored.request_digest });
    }
    const base = { admission: stored, admission_ref, created: false };
    if (stored.run_id !== run_id) {
        // Another run owns the key. Its ledger is reported but never completed by us.
        return { ...base, recorded: false, owner: false, chain: found.chain };
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
/** The stored admission and the chain of the run it names, in one read session. */
async function readAdmitted(store, admission_ref, ownLedger) {
    return store.read(async (reader) => {
        const admission = await reader.readAdmission(admission_ref);
        const chain = await reader.readChain(admission?.value.ledger_ref ?? ownLedger);
        return { admission, chain };
    });
}
/** SPEC §4: an invalid first record is rejected before any ref is written. */
function checkFirstRecord(record) {
    const parsed = (0,validate/* parseOrThrow */.z)(core_record/* RecordSchema */.X2, record, 'The first record');
    if (parsed.ledger_sequence !== 1)
        throw new errors/* InvalidInput */.o9(`The first record must have ledger_sequence 1, not ${parsed.ledger_sequence}.`);
    if (parsed.previous_record_digest !== null)
        throw new errors/* InvalidInput */.o9('The first record must have previous_record_digest null.');
    if (!states/* INITIAL_STATES */.m1.includes(parsed.state))
        throw new errors/* InvalidInput */.o9(`A run must start in state ${states/* INITIAL_STATES */.m1.join(' or ')}, not ${parsed.state}. ` +
            'Set initial-state to admitted or proposed.');
    return parsed;
}

// EXTERNAL MODULE: ./src/core/dispatchKey.ts
var dispatchKey = __webpack_require__(3086);
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
        authority: { ...core_record/* NO_AUTHORITY */.Ce }
    };
}
/** Entries carry whole seconds: the commit's own timestamp has no finer grain. */
function nowTimestamp(now = new Date()) {
    return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// EXTERNAL MODULE: ./src/action/dispatch.ts
var action_dispatch = __webpack_require__(7674);
// EXTERNAL MODULE: ./src/action/report.ts
var report = __webpack_require__(1658);
// EXTERNAL MODULE: ./src/action/runView.ts + 3 modules
var runView = __webpack_require__(7819);
;// CONCATENATED MODULE: ./src/action/admitStep.ts









async function admitStep(inputs, event, store, env) {
    const dispatch = (0,action_dispatch/* resolveDispatch */.V)(inputs, event, env);
    const initial = states/* InitialStateSchema */.TG.safeParse(inputs.initialState);
    if (!initial.success)
        throw new errors/* InvalidInput */.o9(`The initial-state input must be admitted or proposed, not ${JSON.stringify(inputs.initialState)}.`);
    const first = newRecord({
        run_id: dispatch.run_id,
        ledger_sequence: 1,
        previous_record_digest: null,
        state: initial.data,
        occurred_at: nowTimestamp(),
        trigger: (0,dispatchKey/* triggerFor */.AC)(event.name),
        actor: (0,dispatchKey/* actorFrom */.M2)(event.payload),
        dispatch_key: dispatch.dispatch_key,
        request_digest: dispatch.request_digest
    });
    const keyOutputs = {
        dispatch_key: dispatch.dispatch_key,
        dispatch_key_hash: (0,refs/* keyHash */.aE)(dispatch.dispatch_key),
        request_digest: dispatch.request_digest,
        admission_ref: (0,refs/* admissionRef */.Rp)(inputs.namespace, dispatch.dispatch_key),
        store: store.name
    };
    try {
        const result = await admit(store, { namespace: inputs.namespace, first_record: first });
        const runId = result.admission.run_id;
        const view = result.owner ? (0,runView/* viewRun */.bz)(result.chain) : (0,runView/* notOwned */.db)((0,runView/* viewRun */.bz)(result.chain), runId);
        const meaning = result.created
            ? 'This workflow run admitted the dispatch: it is the one run for this key. Dispatch the work.'
            : result.owner
                ? `This workflow run already admitted this dispatch (a re-run or an exact replay); nothing new was admitted. Go on with the next action: ${view?.plan.action ?? 'none'}.`
                : `Another workflow run admitted this dispatch first (run ${runId}). Do not dispatch: the work belongs to that run.`;
        return {
            outputs: {
                ...keyOutputs,
                run_id: runId,
                owner: (0,report/* flag */.J)(result.owner),
                created: (0,report/* flag */.J)(result.created),
                recorded: (0,report/* flag */.J)(result.recorded),
                ledger_ref: result.admission.ledger_ref,
                conflict: 'false',
                ...(0,runView/* runOutputs */.MR)(view)
            },
            summary: {
                title: 'dispatch-ledger: admit',
                meaning,
                rows: [
                    ['dispatch key', dispatch.dispatch_key],
                    ['request digest', dispatch.request_digest],
                    ['run id', runId],
                    ['created', (0,report/* flag */.J)(result.created)],
                    ['owner', (0,report/* flag */.J)(result.owner)],
                    ['store', store.name],
                    ...(0,runView/* runRows */.TO)(view)
                ]
            }
        };
    }
    catch (error) {
        if (!(error instanceof errors/* AdmissionConflict */.EH))
            throw error;
        return {
            outputs: {
                ...keyOutputs,
                run_id: error.stored.run_id,
                owner: (0,report/* flag */.J)(error.stored.run_id === dispatch.run_id),
                created: 'false',
                recorded: 'false',
                ledger_ref: (0,refs/* ledgerRef */.DH)(inputs.namespace, error.stored.run_id),
                conflict: 'true'
            },
            summary: {
                title: 'dispatch-ledger: admit — conflict',
                meaning: error.message,
                rows: [
                    ['dispatch key', dispatch.dispatch_key],
                    ['this request', dispatch.request_digest],
                    ['admitted request', error.stored.request_digest],
                    ['admitted run id', error.stored.run_id],
                    ['store', store.name]
                ]
            },
            failure: inputs.onConflict === 'fail' ? error.message : undefined
        };
    }
}


/***/ })

};
