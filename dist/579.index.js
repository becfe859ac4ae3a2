export const id = 579;
export const ids = [579];
export const modules = {

/***/ 4579:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Py: () => (/* binding */ admitCommand)
/* harmony export */ });
/* unused harmony exports admit, AdvanceLost, checkFirstRecord */
/* harmony import */ var _core_admission_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8306);
/* harmony import */ var _core_entry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5263);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _core_generation_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1057);
/* harmony import */ var _core_record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4130);
/* harmony import */ var _core_refs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9301);
/* harmony import */ var _core_index_location_js__WEBPACK_IMPORTED_MODULE_21__ = __webpack_require__(6401);
/* harmony import */ var _core_states_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8001);
/* harmony import */ var _core_validate_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(993);
/* harmony import */ var _core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3086);
/* harmony import */ var _core_newRecord_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4196);
/* harmony import */ var _core_occurrence_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2982);
/* harmony import */ var _core_time_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2334);
/* harmony import */ var _dispatchTarget_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(4447);
/* harmony import */ var _generations_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(1125);
/* harmony import */ var _receiver_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(6681);
/* harmony import */ var _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(3532);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(3141);
/* harmony import */ var _core_receiver_js__WEBPACK_IMPORTED_MODULE_20__ = __webpack_require__(3698);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(2020);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_18__ = __webpack_require__(8822);
/* harmony import */ var _runView_js__WEBPACK_IMPORTED_MODULE_19__ = __webpack_require__(3906);























/**
 * `command: admit`: derive the dispatch from the event (or the given key), build the first
 * record, and admit it (docs/design/storage.md#admission). A conflict is a result, not a throw, so the caller decides
 * whether it fails the step.
 */
async function admitCommand(options, 
/** `runUrl`: a receiver's confirmation links the workflow run that admitted it. */
deps) {
    const { store, clock } = deps;
    const target = (0,_dispatchTarget_js__WEBPACK_IMPORTED_MODULE_12__/* .resolveDispatch */ .V)(options);
    const initial = _core_states_js__WEBPACK_IMPORTED_MODULE_6__/* .InitialStateSchema */ .TG.safeParse(options.initial_state ?? 'admitted');
    if (!initial.success)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The \`initial_state\` must be admitted or proposed, not ${JSON.stringify(options.initial_state)}.`);
    const first = (0,_core_newRecord_js__WEBPACK_IMPORTED_MODULE_9__/* .newRecord */ .M)({
        run_id: target.run_id,
        ledger_sequence: 1,
        previous_record_digest: null,
        state: initial.data,
        occurred_at: (0,_core_time_js__WEBPACK_IMPORTED_MODULE_11__/* .timestampOf */ .U_)(clock.now()),
        trigger: (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_8__/* .triggerFor */ .AC)(options.event.name),
        actor: (0,_core_dispatchKey_js__WEBPACK_IMPORTED_MODULE_8__/* .actorFrom */ .M2)(options.event.payload),
        writer: options.writer,
        dispatch_key: target.dispatch_key,
        request_digest: target.request_digest
    });
    const reuse = (0,_preview_js__WEBPACK_IMPORTED_MODULE_18__/* .checkReuse */ .p)(options.reuse);
    const coordinator = options.dispatch_key ? null : receiverOf(options.event);
    const stopped = (written) => ({
        target,
        result: null,
        conflict: null,
        view: null,
        stopped: { coordinator_run_id: coordinator?.run_id, written }
    });
    for (let tries = 1;; tries++) {
        const decided = coordinator
            ? await (0,_receiver_js__WEBPACK_IMPORTED_MODULE_14__/* .decideReceiver */ .MD)(store, {
                namespace: options.namespace,
                coordinator,
                dispatch_key: target.dispatch_key,
                receiver_run_id: target.run_id,
                writer: options.writer,
                actor: first.actor,
                clock,
                runUrl: deps.github?.runUrl ?? null,
                refresh: tries > 1
            })
            : null;
        if (decided?.kind === 'cancelled')
            return stopped(false);
        try {
            const result = await admit(store, {
                namespace: options.namespace,
                first_record: first,
                reuse,
                occurred_at: (0,_core_occurrence_js__WEBPACK_IMPORTED_MODULE_10__/* .occurrenceTime */ .v)(options.event.name, options.event.payload),
                // The default run id gets a -g<N> suffix per generation; a given one is kept as given.
                generation_run_ids: options.run_id ? 'as_given' : 'suffixed',
                follow: options.follow,
                advances: [
                    ...(decided?.kind === 'confirm' ? [decided.advance] : []),
                    ...((await options.advances?.(tries > 1)) ?? [])
                ]
            });
            // No confirmation was written, so no compare-and-set fenced a cancel: one that landed
            // while this receiver was admitting still stops it, and its own run is closed so that
            // nothing lists it as work to do.
            if (coordinator &&
                decided?.kind === 'nothing' &&
                result.created &&
                (await (0,_receiver_js__WEBPACK_IMPORTED_MODULE_14__/* .coordinatorCancelled */ .Y1)(store, options.namespace, coordinator.run_id))) {
                await closeStoppedReceiver(deps, result, options, coordinator.run_id);
                return stopped(true);
            }
            const view = result.owner ? (0,_runView_js__WEBPACK_IMPORTED_MODULE_19__/* .viewRun */ .bz)(result.chain) : null;
            return { target, result, conflict: null, view, stopped: null };
        }
        catch (error) {
            // The coordinator's ledger moved (its own answer, or a cancel): read it and decide again.
            if (error instanceof AdvanceLost && tries < _core_chain_definition_js__WEBPACK_IMPORTED_MODULE_15__/* .WRITE_TRIES */ .QI)
                continue;
            if (!(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .AdmissionConflict */ .EH))
                throw error;
            return { target, result: null, conflict: error, view: null, stopped: null };
        }
    }
}
async function closeStoppedReceiver({ store, clock }, result, options, coordinator_run_id) {
    await (0,_record_js__WEBPACK_IMPORTED_MODULE_16__/* .appendRecord */ .EB)(store, {
        ledger_ref: result.admission.ledger_ref,
        state: 'cancelled',
        fields: {
            note: `coordinator run ${coordinator_run_id} was cancelled: this receiver did no work`
        },
        occurred_at: (0,_core_time_js__WEBPACK_IMPORTED_MODULE_11__/* .timestampOf */ .U_)(clock.now()),
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
    const named = (0,_core_receiver_js__WEBPACK_IMPORTED_MODULE_20__/* .coordinatorOf */ .g5)(inputs?.dispatch_key);
    if (named === null || (0,_core_text_js__WEBPACK_IMPORTED_MODULE_17__/* .findControlCharacter */ .Am)(named.run_id) !== null)
        return null;
    return named;
}
/** Rounds of "read, decide, create" when a race for the next generation is lost. */
const GENERATION_TRIES = 3;
/**
 * docs/design/storage.md#admission, docs/design/generations.md. Optimistic: write generation 1's entries and try the create-only
 * transaction first (two git processes for a first arrival); only a refused create lists the
 * key's generations and decides: this run's own generation is replayed; otherwise the newest
 * generation answers as a duplicate, or (its run ended before the event happened) generation
 * N+1 is created, create-only in one transaction exactly like generation 1.
 */
async function admit(store, request) {
    const first = checkFirstRecord(request.first_record);
    const { dispatch_key } = first.idempotency;
    const admission_ref = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_5__/* .admissionRef */ .Rp)(request.namespace, dispatch_key);
    const admission = admissionFor(request, first, { generation: 1, previous_run_id: null });
    const refs = { admission_ref, generation_ref: admission_ref };
    const created = await tryCreate(store, refs, { admission, first, request });
    if (created)
        return { ...created, reason: 'first_arrival' };
    for (let round = 1;; round++) {
        const outcome = await admitExisting(store, request, first, { refresh: round > 1 });
        if (outcome)
            return outcome;
        if (round >= GENERATION_TRIES)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .LostRace */ .Sb(`Another arrival created generation after generation of ${admission_ref} while this ` +
                `one was deciding (${GENERATION_TRIES} rounds); nothing was written. Run admit again.`);
    }
}
/**
 * The chain advanced in the same write as an admission had moved: nothing was written. The
 * caller re-reads that chain and decides again.
 */
class AdvanceLost extends _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .LostRace */ .Sb {
}
/**
 * Writes the entries (the admission, the first record and those that follow it) and creates
 * both refs in one create-only transaction, with the request's advance if any; null if any
 * ref exists.
 */
async function tryCreate(store, refs, entries) {
    const { admission, first, request } = entries;
    const [admissionOid, recordOid] = (await store.writeEntries([
        (0,_core_entry_js__WEBPACK_IMPORTED_MODULE_1__/* .admissionCommit */ .Dk)(admission),
        (0,_core_entry_js__WEBPACK_IMPORTED_MODULE_1__/* .recordCommit */ .rN)(first, null)
    ]));
    const chain = [{ oid: recordOid, value: first }];
    for (const record of request.follow?.(chain) ?? []) {
        const parent = chain[chain.length - 1].oid;
        const [oid] = (await store.writeEntries([(0,_core_entry_js__WEBPACK_IMPORTED_MODULE_1__/* .recordCommit */ .rN)(record, parent)]));
        chain.push({ oid, value: record });
    }
    const last = chain[chain.length - 1];
    // A run whose first write already ends it (recover's delivery, closed in the same write) is
    // archived at once, its key's end recorded, as any ending append would be.
    const creates = [
        { ref: refs.generation_ref, oid: admissionOid },
        {
            ref: admission.ledger_ref,
            oid: last.oid,
            ended: (0,_core_states_js__WEBPACK_IMPORTED_MODULE_6__/* .isTerminal */ .Hd)(last.value.state),
            key: admission.dispatch_key
        }
    ];
    const advances = request.advances ?? [];
    const outcome = advances.length > 0
        ? await store.createRefs(creates, { advances })
        : await store.createRefs(creates);
    if (outcome === 'lost')
        throw new AdvanceLost(`Another writer moved ${advances.map(a => a.ref).join(' or ')} while this admission was written; nothing was written.`);
    if (outcome !== 'created')
        return null;
    return { admission, ...refs, created: true, recorded: true, owner: true, chain };
}
/**
 * One round over an admitted key: list its generations, read what the decision needs, and
 * replay, answer as a duplicate, or try to create the next generation (null: that race was lost).
 */
async function admitExisting(store, request, first, options) {
    const found = await (0,_generations_js__WEBPACK_IMPORTED_MODULE_13__/* .assessGenerations */ .iB)(store, {
        namespace: request.namespace,
        dispatch_key: first.idempotency.dispatch_key,
        run_id: first.run_id,
        generation_run_ids: request.generation_run_ids ?? 'as_given',
        reuse: request.reuse ?? 'after-terminal',
        occurred_at: request.occurred_at ?? null,
        refresh: options.refresh
    });
    switch (found.kind) {
        case 'absent':
            throw await ledgerWithoutAdmission(store, request.namespace, first.run_id, found.admission_ref);
        case 'replay':
            return replay(store, first, found);
        case 'duplicate':
            return duplicateOf(first, found);
        case 'create':
            return createNext(store, request, first, found);
    }
}
/**
 * The create was refused but the key has no admission: our ledger exists on its own — said
 * only when the store shows it does (docs/design/writers.md#say-what-is-true).
 */
async function ledgerWithoutAdmission(store, namespace, run_id, admission_ref) {
    const ledger = (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_5__/* .ledgerRef */ .DH)(namespace, run_id);
    const held = await store.read(reader => reader.readChain(ledger));
    if (held === null)
        return new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .StoreError */ .AD(`The store refused to admit ${admission_ref} for run ${JSON.stringify(run_id)}, yet it ` +
            `holds neither that admission nor the ledger ${ledger}: another writer may have changed ` +
            `the key meanwhile. Nothing was written or claimed; re-run the step. If it repeats, ` +
            `look at the key's entry with \`git cat-file -p ${(0,_core_index_location_js__WEBPACK_IMPORTED_MODULE_21__/* .entryLocation */ .M)(admission_ref)}\`.`);
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .StoreError */ .AD(`The run id ${JSON.stringify(run_id)} already has a ledger at ${ledger} ` +
        `but no admission at ${admission_ref}. Run ids must be unique per dispatch; ` +
        'give a different `run_id`, or inspect the ledger by hand.');
}
/** This run's own generation: returned as it is, its first record written if it is missing. */
async function replay(store, first, found) {
    const own = found.entry;
    checkDigest(own.admission, first.idempotency.request_digest, own.ref);
    const result = {
        admission_ref: found.admission_ref,
        created: false,
        admission: own.admission,
        generation_ref: own.ref,
        owner: true
    };
    if (found.chain)
        return { ...result, recorded: false, chain: found.chain, reason: 'replay' };
    const ownFirst = { ...first, run_id: own.admission.run_id };
    const completed = await completeLedger(store, own.admission, ownFirst);
    return { ...result, ...completed, reason: 'replay' };
}
/** The newest generation answers; the request digest is compared within it only. */
function duplicateOf(first, found) {
    checkDigest(found.entry.admission, first.idempotency.request_digest, found.entry.ref);
    return {
        admission_ref: found.admission_ref,
        created: false,
        admission: found.entry.admission,
        generation_ref: found.entry.ref,
        recorded: false,
        owner: false,
        chain: null,
        reason: found.reason
    };
}
/** Generation N+1, create-only in one transaction exactly like generation 1; null if lost. */
async function createNext(store, request, first, found) {
    const nextFirst = checkFirstRecord({ ...first, run_id: found.run_id });
    const next = admissionFor(request, nextFirst, {
        generation: found.generation,
        previous_run_id: found.previous.admission.run_id
    });
    const refs = {
        admission_ref: found.admission_ref,
        generation_ref: (0,_core_generation_js__WEBPACK_IMPORTED_MODULE_3__/* .generationRef */ .cH)(found.admission_ref, found.generation)
    };
    const created = await tryCreate(store, refs, { admission: next, first: nextFirst, request });
    return created ? { ...created, reason: 'new_generation' } : null;
}
function admissionFor(request, first, place) {
    return {
        schema: _core_admission_js__WEBPACK_IMPORTED_MODULE_0__/* .ADMISSION_SCHEMA */ .uW,
        dispatch_key: first.idempotency.dispatch_key,
        request_digest: first.idempotency.request_digest,
        run_id: first.run_id,
        ledger_ref: (0,_core_refs_js__WEBPACK_IMPORTED_MODULE_5__/* .ledgerRef */ .DH)(request.namespace, first.run_id),
        admitted_at: request.admitted_at ?? first.occurred_at,
        ...place
    };
}
function checkDigest(stored, request_digest, ref) {
    if (stored.request_digest === request_digest)
        return;
    const generation = stored.generation > 1 ? ` (generation ${stored.generation}, ${ref})` : '';
    throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .AdmissionConflict */ .EH(`The dispatch key ${JSON.stringify(stored.dispatch_key)} is already admitted for run ` +
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
    const [recordOid] = (await store.writeEntries([(0,_core_entry_js__WEBPACK_IMPORTED_MODULE_1__/* .recordCommit */ .rN)(first, null)]));
    const completed = await store.createRefs([{ ref: admission.ledger_ref, oid: recordOid }]);
    if (completed === 'created')
        return { recorded: true, chain: [{ oid: recordOid, value: first }] };
    const again = await store.read(reader => reader.readChain(admission.ledger_ref));
    return { recorded: false, chain: again };
}
/** docs/design/storage.md#admission: an invalid first record is rejected before any ref is written. */
function checkFirstRecord(record) {
    const parsed = (0,_core_validate_js__WEBPACK_IMPORTED_MODULE_7__/* .parseOrThrow */ .zS)(_core_record_js__WEBPACK_IMPORTED_MODULE_4__/* .RecordSchema */ .X2, record, 'The first record');
    if (parsed.ledger_sequence !== 1)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`The first record must have ledger_sequence 1, not ${parsed.ledger_sequence}.`);
    if (parsed.previous_record_digest !== null)
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9('The first record must have previous_record_digest null.');
    if (!_core_states_js__WEBPACK_IMPORTED_MODULE_6__/* .INITIAL_STATES */ .m1.includes(parsed.state))
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidInput */ .o9(`A run must start in state ${_core_states_js__WEBPACK_IMPORTED_MODULE_6__/* .INITIAL_STATES */ .m1.join(' or ')}, not ${parsed.state}. ` +
            'Set the `initial_state` to admitted or proposed.');
    return parsed;
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
